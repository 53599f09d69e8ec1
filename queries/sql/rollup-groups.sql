-- rollup-groups: the first half of a rollup build (see
-- schema/sql/005_rollups.sql): drops the groups of another block size than
-- $n and the rows of groups no longer in rollup_groups, then adds the
-- groups of every block of $n game ids not covered yet whose selectable
-- games (kind gin, mirror_of NULL) are all verified and whose last id is
-- taken, so that no later import can add a game to it, numbered from $old
-- + 1 ($old: the greatest grp before). rollup-build.sql fills them in the
-- same transaction.
DELETE FROM rollup_groups WHERE block_games <> $n;
DELETE FROM rollup_cards WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_plays WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_calls WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_rounds WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_sides WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_tendencies WHERE grp NOT IN (SELECT grp FROM rollup_groups);
DELETE FROM rollup_verdicts WHERE grp NOT IN (SELECT grp FROM rollup_groups);
INSERT INTO rollup_groups (grp, block, block_games, opponent, source, games, first_ts, last_ts)
WITH g AS (
  SELECT g.game_id, g.game_id - g.game_id % $n AS block, g.opponent, g.source, g.log_ts, c.game_id IS NOT NULL AS verified
  FROM games g LEFT JOIN game_checks c ON c.game_id = g.game_id
  WHERE g.kind = 'gin' AND g.mirror_of IS NULL
),
blocks AS (
  SELECT block FROM g
  WHERE block NOT IN (SELECT block FROM rollup_groups)
    AND block + $n - 1 IN (SELECT game_id FROM games)
  GROUP BY block
  HAVING bool_and(verified)
)
SELECT $old + row_number() OVER (ORDER BY block, opponent NULLS FIRST, source NULLS FIRST),
       block, $n, opponent, source, count(*), min(log_ts), max(log_ts)
FROM g WHERE block IN (SELECT block FROM blocks)
GROUP BY block, opponent, source;
