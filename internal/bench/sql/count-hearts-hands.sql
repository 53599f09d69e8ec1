-- count-hearts-hands: the Hearts hands the database holds (one row per
-- hand of a game).
SELECT count(*) FROM hearts_hands
