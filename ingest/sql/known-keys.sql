-- known-keys: every loaded game's id, content hash and canonical hash,
-- whether it is not itself a mirror (only those are found by their
-- canonical hash), then, for a Gin game, its log timestamp and how many
-- plays and rounds it has (NULL for another game): the planner's index of
-- duplicates and mirrors, and of the games a game read before it was
-- whole may be the start of.
-- The planner keys each hash by its first 32 hexadecimal digits (keyOf):
-- decoding them in Go costs 40% less CPU time than casting them to
-- integers here (a million games: 0.77 CPU s against 1.31).
SELECT game_id, content_hash, canonical_hash, mirror_of IS NULL,
       CASE WHEN kind = 'gin' THEN log_ts END, plays, rounds
FROM games
