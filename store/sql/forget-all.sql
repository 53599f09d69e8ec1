-- forget-all: every verify result, so that every game is pending again,
-- and every rollup group.
DELETE FROM game_checks;
DELETE FROM round_checks;
DELETE FROM violations;
DELETE FROM play_features;
DELETE FROM rollup_groups;
