-- hearts-orders: how the order of each trick's cards was recovered, by framework version and method
-- cases = hands determined (exactly one reading obeys the rules and the
-- scores), opportunities = hands; verified: hands some reading explains.
SELECT g.version::VARCHAR AS version, c.method::VARCHAR AS method, count(*) AS games, sum(c.hands)::BIGINT AS hands,
       sum(c.verified)::BIGINT AS verified, sum(c.determined)::BIGINT AS cases, sum(c.hands)::BIGINT AS opportunities
FROM sel_games g JOIN sel_checks c USING (game_id)
GROUP BY ALL
ORDER BY version, method
