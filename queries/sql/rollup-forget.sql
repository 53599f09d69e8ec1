-- rollup-forget: deletes the rollup groups (see rollup-build.sql) of the
-- blocks that hold a game in the list $ids, or a game that mirrors one of
-- them (removing a game hands its mirror link to such a game). Their rows
-- in the other rollup tables are no longer read; the next build deletes
-- them.
DELETE FROM rollup_groups
WHERE block IN (
  SELECT g.game_id - g.game_id % z.n
  FROM games g, (SELECT max(block_games) AS n FROM rollup_groups) z
  WHERE g.game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
     OR g.mirror_of IN (SELECT unnest(CAST($ids AS BIGINT[])))
)
