-- forget-games: the verify results of the games whose ids are in the list
-- $1, one statement per table (forget-blocks.sql forgets the rollup groups
-- of their blocks).
DELETE FROM game_checks WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM round_checks WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM violations WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM play_features WHERE game_id IN (SELECT unnest($1::BIGINT[]));
