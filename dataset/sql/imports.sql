-- imports: every import of the attached database with its games, how many
-- of them are verified (a Gin Rummy game by game_checks, a Hearts game by
-- hearts_checks), and a fingerprint of what the dataset holds of them
-- (games, tags, links and verify verdicts; a Gin Rummy game's as before
-- Hearts): an export compares it to the
-- one it recorded to find imports the database changed since.
WITH per_import AS (
  SELECT g.import_id, count(*) AS games, count(coalesce(c.game_id, h.game_id)) AS verified,
         md5(string_agg(concat_ws('|', g.game_id, g.content_hash, coalesce(g.source, '-'), coalesce(g.opponent, '-'),
                                  coalesce(CAST(g.mirror_of AS VARCHAR), '-'), coalesce(CAST(c.violations AS VARCHAR), '-'),
                                  coalesce(CAST(c.exact AS VARCHAR), '-'), coalesce(CAST(c.explained AS VARCHAR), '-'),
                                  coalesce(CAST(c.impossible AS VARCHAR), '-'),
                                  -- NULL, and so left out, for a game without a Hearts verdict
                                  CAST(h.method AS VARCHAR), h.deviations, h.verified, h.determined, h.score_limit),
                        ',' ORDER BY g.game_id)) AS fingerprint
  FROM src.main.games g LEFT JOIN src.main.game_checks c ON c.game_id = g.game_id
  LEFT JOIN src.main.hearts_checks h ON h.game_id = g.game_id
  GROUP BY g.import_id
)
SELECT i.import_id, i.finished_at IS NOT NULL AS finished, coalesce(p.games, 0) AS games,
       coalesce(p.verified, 0) AS verified, coalesce(p.fingerprint, '') AS fingerprint
FROM src.main.imports i LEFT JOIN per_import p ON p.import_id = i.import_id
ORDER BY i.import_id
