-- rollup-tendencies: the last part of a rollup build: the rows of
-- rollup_tendencies for the groups of the block of $n game ids from
-- $block that the build added. It runs once for each such block, so that
-- what a round gives is counted over a block's plays at a time: matching
-- the face-up cards to the hands (tendency-rounds.sql's t_round_near, the
-- costly part) over every new block at once takes twice the CPU time, and
-- spills to disk under the memory limit. The rows of every block are
-- inserted at the end, at once (rollup-tendencies-insert.sql): an insert
-- per block held a few hundred rows in 1.6 MiB of the transaction's
-- memory, which ran out after a hundred blocks. The line
-- {{tendency-rounds}} is replaced with tendency-rounds.sql's common table
-- expressions. A game belongs to the group of its block and tags, as in
-- rollup-build.sql.
WITH t_games AS (
  SELECT g.game_id, u.grp
  FROM games g JOIN rollup_groups u ON u.block = $block
   AND u.opponent IS NOT DISTINCT FROM g.opponent AND u.source IS NOT DISTINCT FROM g.source
  WHERE g.game_id BETWEEN $block AND $block + $n - 1 AND g.kind = 'gin' AND g.mirror_of IS NULL
),
t_features AS (
  SELECT x.* FROM play_features x
  WHERE x.game_id BETWEEN $block AND $block + $n - 1 AND x.game_id IN (SELECT game_id FROM t_games)
),
t_rounds AS (
  SELECT r.* FROM rounds r
  WHERE r.game_id BETWEEN $block AND $block + $n - 1 AND r.game_id IN (SELECT game_id FROM t_games)
),
t_checks AS (
  SELECT c.* FROM round_checks c
  WHERE c.game_id BETWEEN $block AND $block + $n - 1 AND c.game_id IN (SELECT game_id FROM t_games)
),
{{tendency-rounds}}
SELECT grp, CAST(side AS VARCHAR) AS side, measure, cases, opportunities, rounds FROM tendency_counts
