-- hearts-forget-all: every Hearts verify result, so that every Hearts game
-- is pending again.
DELETE FROM hearts_checks;
DELETE FROM hearts_hand_checks;
DELETE FROM hearts_seats;
DELETE FROM hearts_plays;
DELETE FROM hearts_deviations;
DELETE FROM hearts_cards;
