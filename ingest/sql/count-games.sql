-- count-games: how many games the database holds.
SELECT count(*) FROM games
