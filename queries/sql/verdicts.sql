-- verdicts: the selected games' verified rounds by verify status.
SELECT CAST(status AS VARCHAR) AS status, count(*) AS rounds
FROM sel_checks
GROUP BY status
