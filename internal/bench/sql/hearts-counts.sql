-- hearts-counts: the file rows the Hearts ingest read (one a hand and
-- player with a file), and the hands.
SELECT (SELECT count(*) FROM hearts_scores), (SELECT count(*) FROM hearts_hands)
