-- raw-counts: the rows the reference loader read, turns then scores.
SELECT (SELECT count(*) FROM raw_turns), (SELECT count(*) FROM raw_scores)
