-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- rate: plays that took the face-up card, of plays offered it.
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- in the fit's six phases (29-31, 26-28, 23-25, 19-22, 13-18, 0-12).
WITH by_card AS (
  SELECT card, CAST(sum(taken) AS BIGINT) AS taken, CAST(sum(offered) AS BIGINT) AS offered
  FROM (SELECT top AS card, count(CASE WHEN from_discard THEN 1 END) AS taken, count(*) AS offered
        FROM raw_features GROUP BY top
        UNION ALL
        SELECT card, taken, offered FROM roll_cards) c
  GROUP BY card
  HAVING sum(offered) > 0
),
by_play AS (
  SELECT relation, stock_left, turn, CAST(sum(taken) AS BIGINT) AS taken, CAST(sum(offered) AS BIGINT) AS offered
  FROM (SELECT top_relation AS relation, stock_left, least(turn, 16) AS turn,
               count(CASE WHEN from_discard THEN 1 END) AS taken, count(*) AS offered
        FROM raw_features GROUP BY top_relation, stock_left, least(turn, 16)
        UNION ALL
        SELECT relation, stock_left, turn, taken, offered FROM roll_plays) c
  GROUP BY relation, stock_left, turn
),
g AS (
  SELECT 0 AS dim, 0 AS ord, 'all' AS value,
         CAST(coalesce(sum(taken), 0) AS BIGINT) AS cases, CAST(coalesce(sum(offered), 0) AS BIGINT) AS opportunities
  FROM by_card
  UNION ALL
  SELECT 1, k.rank_code, k.rank, CAST(sum(b.taken) AS BIGINT), CAST(sum(b.offered) AS BIGINT)
  FROM by_card b JOIN cards k ON k.card = b.card GROUP BY k.rank_code, k.rank
  UNION ALL
  SELECT 2, k.suit_code, k.suit, CAST(sum(b.taken) AS BIGINT), CAST(sum(b.offered) AS BIGINT)
  FROM by_card b JOIN cards k ON k.card = b.card GROUP BY k.suit_code, k.suit
  UNION ALL
  SELECT 3, l.ord, CAST(l.relation AS VARCHAR), CAST(sum(b.taken) AS BIGINT), CAST(sum(b.offered) AS BIGINT)
  FROM by_play b JOIN relations l ON l.relation = b.relation GROUP BY l.ord, l.relation
  UNION ALL
  SELECT 4, p.ph, p.phase_name, CAST(sum(b.taken) AS BIGINT), CAST(sum(b.offered) AS BIGINT)
  FROM by_play b JOIN phases p ON b.stock_left BETWEEN p.low_left AND p.high_left GROUP BY p.ph, p.phase_name
  UNION ALL
  SELECT 5, least(b.turn, 9), CASE WHEN b.turn >= 9 THEN '9+' ELSE CAST(b.turn AS VARCHAR) END,
         CAST(sum(b.taken) AS BIGINT), CAST(sum(b.offered) AS BIGINT)
  FROM by_play b GROUP BY least(b.turn, 9), CASE WHEN b.turn >= 9 THEN '9+' ELSE CAST(b.turn AS VARCHAR) END
)
SELECT CASE dim WHEN 0 THEN 'overall' WHEN 1 THEN 'rank' WHEN 2 THEN 'suit' WHEN 3 THEN 'relation'
                WHEN 4 THEN 'phase' ELSE 'turn' END AS dimension,
       value, cases, opportunities
FROM g
ORDER BY dim, ord
