-- card-values: for each of the 52 cards, how often it is held and melded at the end, taken when offered, discarded, and the holder's mean round points
-- held: cases = rounds the side ended holding the card, opportunities =
-- rounds. melded: of those, rounds the card was in a meld of the best
-- arrangement. taken: the card was taken when offered face up (cases)
-- among the times it was offered. discarded: times the side discarded it.
-- holder_points: the mean points the side scored in rounds it ended
-- holding the card (every round scores for one side only).
WITH ends AS (
  SELECT CASE s.side WHEN 'you' THEN c.cards_you ELSE c.cards_opp END AS final,
         CASE s.side WHEN 'you' THEN c.melded_you ELSE c.melded_opp END AS melded,
         CASE s.side WHEN 'you' THEN r.you_points ELSE r.opp_points END AS points
  FROM sel_checks c JOIN sel_rounds r USING (game_id, round) CROSS JOIN sel_sides s
),
held AS (
  SELECT code, count(*) AS held, count(*) FILTER (WHERE (melded >> code) & 1 = 1) AS melded, avg(points) AS holder_points
  FROM (SELECT enum_code(unnest(final)) AS code, melded, points FROM ends)
  GROUP BY code
),
offered AS (
  SELECT enum_code(top) AS code, count(*) AS offered, count(*) FILTER (WHERE from_discard) AS taken
  FROM sel_features GROUP BY 1
),
thrown AS (
  SELECT enum_code(discarded) AS code, count(*) AS discarded FROM sel_features GROUP BY 1
)
SELECT enum_range(NULL::card)[k.code + 1]::VARCHAR AS card,
       coalesce(h.held, 0) AS cases, (SELECT count(*) FROM ends) AS opportunities,
       coalesce(h.melded, 0) AS melded,
       coalesce(o.taken, 0) AS taken, coalesce(o.offered, 0) AS offered,
       coalesce(t.discarded, 0) AS discarded,
       round(h.holder_points, 2) AS holder_points
FROM (SELECT unnest(range(52)) AS code) k
LEFT JOIN held h USING (code) LEFT JOIN offered o USING (code) LEFT JOIN thrown t USING (code)
ORDER BY k.code
