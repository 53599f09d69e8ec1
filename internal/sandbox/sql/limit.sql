-- limit: a single SELECT statement as a subquery, cut at a number of rows.
-- Limit puts the statement in place of {statement} and the number in place
-- of {rows}; these comment lines are dropped.
SELECT * FROM (
{statement}
) LIMIT {rows}
