-- card-values: for each of the 52 cards, how often it is held and melded at the end, taken when offered, discarded, and the holder's mean round points
-- rate: rounds the side ended holding the card, of rounds.
-- held: cases = rounds the side ended holding the card, opportunities =
-- rounds. melded: of those, rounds the card was in a meld of the best
-- arrangement. taken: the card was taken when offered face up (cases)
-- among the times it was offered. discarded: times the side discarded it.
-- holder_points: the mean points the side scored in rounds it ended
-- holding the card (every round scores for one side only).
WITH ends AS (
  SELECT CASE WHEN s.side = 'you' THEN c.final_you ELSE c.final_opp END AS final,
         CASE WHEN s.side = 'you' THEN c.melded_you ELSE c.melded_opp END AS melded,
         CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END AS points
  FROM raw_checks c JOIN raw_rounds r ON r.game_id = c.game_id AND r.round = c.round CROSS JOIN sel_sides s
),
rounds_ended AS (
  SELECT (SELECT count(*) FROM ends)
         + (SELECT coalesce(sum(x.checked), 0) FROM roll_sides x WHERE x.side IN (SELECT side FROM sel_sides)) AS n
),
held AS (
  SELECT code, CAST(sum(held) AS BIGINT) AS held, CAST(sum(melded) AS BIGINT) AS melded,
         CAST(sum(points) AS BIGINT) AS points
  FROM (SELECT k.code, count(*) AS held, count(CASE WHEN e.melded % (k.bit + k.bit) >= k.bit THEN 1 END) AS melded,
               sum(e.points) AS points
        FROM ends e JOIN cards k ON e.final % (k.bit + k.bit) >= k.bit
        GROUP BY k.code
        UNION ALL
        SELECT k.code, x.held, x.melded, x.held_points FROM roll_cards x JOIN cards k ON k.card = x.card) h
  GROUP BY code
  HAVING sum(held) > 0
),
by_card AS (
  SELECT card, CAST(sum(offered) AS BIGINT) AS offered, CAST(sum(taken) AS BIGINT) AS taken,
         CAST(sum(discarded) AS BIGINT) AS discarded
  FROM (SELECT top AS card, count(*) AS offered, count(CASE WHEN from_discard THEN 1 END) AS taken, 0 AS discarded
        FROM raw_features GROUP BY top
        UNION ALL
        SELECT discarded, 0, 0, count(*) FROM raw_features GROUP BY discarded
        UNION ALL
        SELECT card, offered, taken, discarded FROM roll_cards) c
  GROUP BY card
),
counted AS (
  SELECT k.code, b.offered, b.taken, b.discarded FROM by_card b JOIN cards k ON k.card = b.card
)
SELECT CAST(k.card AS VARCHAR) AS card,
       coalesce(h.held, 0) AS cases, (SELECT n FROM rounds_ended) AS opportunities,
       coalesce(h.melded, 0) AS melded,
       coalesce(o.taken, 0) AS taken, coalesce(o.offered, 0) AS offered,
       coalesce(o.discarded, 0) AS discarded,
       round(CAST(h.points AS DOUBLE) / h.held, 2) AS holder_points
FROM cards k LEFT JOIN held h ON h.code = k.code LEFT JOIN counted o ON o.code = k.code
ORDER BY k.code
