-- hearts-games: Hearts games by players and score limit: how many, and how many hands they last
-- score_limit: the total that ended the game as verify found it (100
-- unless the totals show another).
SELECT g.players, c.score_limit, count(*) AS games, CAST(sum(g.rounds) AS BIGINT) AS hands,
       round(avg(g.rounds), 1) AS mean_hands, min(g.rounds) AS min_hands, max(g.rounds) AS max_hands
FROM sel_games g JOIN sel_checks c ON c.game_id = g.game_id
GROUP BY g.players, c.score_limit
ORDER BY g.players, c.score_limit
