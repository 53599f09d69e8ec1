-- verdicts: the selected games' verified rounds by verify status.
SELECT status::VARCHAR AS status, count(*) AS rounds
FROM sel_checks
GROUP BY status
ORDER BY enum_code(status)
