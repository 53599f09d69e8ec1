-- card-values: for each of the 52 cards, how often it is held and melded at the end, taken when offered, discarded, and the holder's mean round points
-- held: cases = rounds the side ended holding the card, opportunities =
-- rounds. melded: of those, rounds the card was in a meld of the best
-- arrangement. taken: the card was taken when offered face up (cases)
-- among the times it was offered. discarded: times the side discarded it.
-- holder_points: the mean points the side scored in rounds it ended
-- holding the card (every round scores for one side only).
WITH cards AS (
  SELECT c AS card, enum_code(c) AS code FROM (SELECT unnest(enum_range(NULL::card))::card AS c)
),
ends AS (
  SELECT s.side, c.final_you AS final_y, c.final_opp AS final_o, c.melded_you, c.melded_opp, r.you_points, r.opp_points
  FROM sel_checks c JOIN sel_rounds r USING (game_id, round) CROSS JOIN sel_sides s
),
held AS (
  SELECT k.card, k.code,
         count(*) FILTER (WHERE (CASE e.side WHEN 'you' THEN e.final_y ELSE e.final_o END >> k.code) & 1 = 1) AS held,
         count(*) FILTER (WHERE (CASE e.side WHEN 'you' THEN e.melded_you ELSE e.melded_opp END >> k.code) & 1 = 1) AS melded,
         count(*) AS rounds,
         avg(CASE e.side WHEN 'you' THEN e.you_points ELSE e.opp_points END)
           FILTER (WHERE (CASE e.side WHEN 'you' THEN e.final_y ELSE e.final_o END >> k.code) & 1 = 1) AS holder_points
  FROM cards k CROSS JOIN ends e
  GROUP BY k.card, k.code
),
offered AS (
  SELECT enum_code(top) AS code, count(*) AS offered, count(*) FILTER (WHERE from_discard) AS taken
  FROM sel_features GROUP BY 1
),
thrown AS (
  SELECT enum_code(discarded) AS code, count(*) AS discarded FROM sel_features GROUP BY 1
)
SELECT h.card::VARCHAR AS card,
       h.held AS cases, h.rounds AS opportunities,
       h.melded AS melded,
       coalesce(o.taken, 0) AS taken, coalesce(o.offered, 0) AS offered,
       coalesce(t.discarded, 0) AS discarded,
       round(h.holder_points, 2) AS holder_points
FROM held h LEFT JOIN offered o USING (code) LEFT JOIN thrown t USING (code)
ORDER BY h.code
