-- hearts-queen-tricks: in how many determined hands the queen of spades
-- fell in each trick (cases), of the determined hands (opportunities).
WITH h AS (SELECT * FROM sel_hands WHERE determined)
SELECT queen_trick, count(*), (SELECT count(*) FROM h)
FROM h GROUP BY queen_trick ORDER BY queen_trick
