-- forget-all: every verify result, so that every game is pending again.
DELETE FROM game_checks;
DELETE FROM round_checks;
DELETE FROM violations;
DELETE FROM play_features;
