-- remove: deletes the games in the list $ids and everything derived
-- from them, one statement per table (ginlog rm, and ingest when it
-- replaces a game by its complete version). First the rollup groups of
-- the blocks that hold a game in the list or a game that mirrors one (as
-- queries' rollup-forget.sql: the next build makes them again), then the
-- mirror links of each removed game go to its heir (the first game left in
-- place that mirrors it): the heir's link is cleared, so that it is the
-- one counted, and the other games that mirrored the removed one mirror
-- the heir instead. Every table with a game_id column is cleared here (a
-- test checks it).
DELETE FROM rollup_groups
WHERE block IN (
  SELECT g.game_id - g.game_id % z.n
  FROM games g, (SELECT max(block_games) AS n FROM rollup_groups) z
  WHERE g.game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
     OR g.mirror_of IN (SELECT unnest(CAST($ids AS BIGINT[])))
);
UPDATE games SET mirror_of = CASE WHEN games.game_id = h.heir THEN NULL ELSE h.heir END
FROM (SELECT mirror_of AS gone, min(game_id) AS heir
      FROM games
      WHERE mirror_of IN (SELECT unnest(CAST($ids AS BIGINT[]))) AND game_id NOT IN (SELECT unnest(CAST($ids AS BIGINT[])))
      GROUP BY mirror_of) h
WHERE games.mirror_of = h.gone AND games.game_id NOT IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_deviations WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_cards WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_plays WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_seats WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_hand_checks WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_checks WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_scores WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_hands WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM game_files WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM game_players WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM hearts_games WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM review_decisions WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM play_features WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM violations WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM round_checks WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM game_checks WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM plays WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM rounds WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM import_files WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
DELETE FROM games WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])));
