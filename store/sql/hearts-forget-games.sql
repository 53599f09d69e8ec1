-- hearts-forget-games: the Hearts verify results of the games whose ids
-- are in the list $1, one statement per table.
DELETE FROM hearts_checks WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM hearts_hand_checks WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM hearts_seats WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM hearts_plays WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM hearts_deviations WHERE game_id IN (SELECT unnest($1::BIGINT[]));
DELETE FROM hearts_cards WHERE game_id IN (SELECT unnest($1::BIGINT[]));
