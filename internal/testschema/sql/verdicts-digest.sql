-- verdicts-digest: what verify stored of the Gin games, all but the times
-- it stored them at, as a count and a sum of row hashes for each table.
SELECT count(*) || ':' || coalesce(sum(hash(game_id, violations, exact, explained, impossible)), 0) FROM game_checks;

SELECT count(*) || ':' || coalesce(sum(hash(r)), 0) FROM round_checks r;

SELECT count(*) || ':' || coalesce(sum(hash(r)), 0) FROM violations r;

SELECT count(*) || ':' || coalesce(sum(hash(r)), 0) FROM play_features r;
