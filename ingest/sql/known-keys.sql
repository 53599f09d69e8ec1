-- known-keys: every loaded game's id and the first 128 bits of its content
-- hash, as two unsigned integers, then the same of its canonical hash for a
-- game that is not itself a mirror (NULL for a mirror), then, for a Gin
-- game, its log timestamp and how many plays and rounds it has (NULL for
-- another game): the planner's index of duplicates and mirrors, and of
-- the games a game read before it was whole may be the start of. Both
-- hashes are 64 hexadecimal digits.
SELECT game_id,
       CAST('0x' || content_hash[1:16] AS UBIGINT), CAST('0x' || content_hash[17:32] AS UBIGINT),
       CASE WHEN mirror_of IS NULL THEN CAST('0x' || canonical_hash[1:16] AS UBIGINT) END,
       CASE WHEN mirror_of IS NULL THEN CAST('0x' || canonical_hash[17:32] AS UBIGINT) END,
       CASE WHEN kind = 'gin' THEN log_ts END, plays, rounds
FROM games
