-- enum-values: every ENUM's values with their order, one row each.
SELECT type_name AS type, unnest(labels) AS value, CAST(generate_subscripts(labels, 1) - 1 AS INTEGER) AS code
FROM enum_values
ORDER BY type, code
