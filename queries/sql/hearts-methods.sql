-- hearts-methods: by order method, the hands of the selected games and
-- how many are determined.
SELECT method::VARCHAR, sum(hands)::BIGINT, sum(determined)::BIGINT
FROM sel_checks GROUP BY method ORDER BY method
