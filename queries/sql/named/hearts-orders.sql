-- hearts-orders: how the order of each trick's cards was recovered, by framework version and method
-- rate: hands determined (one reading only), of hands.
-- cases = hands determined (exactly one reading obeys the rules and the
-- scores), opportunities = hands; verified: hands some reading explains.
SELECT CAST(g.version AS VARCHAR) AS version, CAST(c.method AS VARCHAR) AS method, count(*) AS games,
       CAST(sum(c.hands) AS BIGINT) AS hands, CAST(sum(c.verified) AS BIGINT) AS verified,
       CAST(sum(c.determined) AS BIGINT) AS cases, CAST(sum(c.hands) AS BIGINT) AS opportunities
FROM sel_games g JOIN sel_checks c ON c.game_id = g.game_id
GROUP BY CAST(g.version AS VARCHAR), CAST(c.method AS VARCHAR)
ORDER BY version, method
