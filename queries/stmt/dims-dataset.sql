-- dims-dataset: the dimensions the queries join, read from a dataset's
-- enums table (cards is a table of its own there). Portable SQL.
sides AS (SELECT value AS side, code AS ord FROM enums WHERE type = 'side'),
relations AS (SELECT value AS relation, code AS ord FROM enums WHERE type = 'relation')
