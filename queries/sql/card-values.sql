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
  FROM sel_checks c JOIN sel_rounds r ON r.game_id = c.game_id AND r.round = c.round CROSS JOIN sel_sides s
),
held AS (
  SELECT k.code, count(*) AS held, count(CASE WHEN e.melded % (k.bit + k.bit) >= k.bit THEN 1 END) AS melded,
         avg(e.points) AS holder_points
  FROM ends e JOIN cards k ON e.final % (k.bit + k.bit) >= k.bit
  GROUP BY k.code
),
offered AS (
  SELECT k.code, b.offered, b.taken
  FROM (SELECT top AS card, count(*) AS offered, count(CASE WHEN from_discard THEN 1 END) AS taken
        FROM sel_features GROUP BY top) b
  JOIN cards k ON k.card = b.card
),
thrown AS (
  SELECT k.code, b.discarded
  FROM (SELECT discarded AS card, count(*) AS discarded FROM sel_features GROUP BY discarded) b
  JOIN cards k ON k.card = b.card
)
SELECT CAST(k.card AS VARCHAR) AS card,
       coalesce(h.held, 0) AS cases, (SELECT count(*) FROM ends) AS opportunities,
       coalesce(h.melded, 0) AS melded,
       coalesce(o.taken, 0) AS taken, coalesce(o.offered, 0) AS offered,
       coalesce(t.discarded, 0) AS discarded,
       round(h.holder_points, 2) AS holder_points
FROM cards k LEFT JOIN held h ON h.code = k.code LEFT JOIN offered o ON o.code = k.code
LEFT JOIN thrown t ON t.code = k.code
ORDER BY k.code
