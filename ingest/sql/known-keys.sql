-- known-keys: every loaded game's id and the first 128 bits of its content
-- hash, as two unsigned integers, then the same of its canonical hash for a
-- game that is not itself a mirror (NULL for a mirror): the planner's index
-- of duplicates and mirrors. Both hashes are 64 hexadecimal digits.
SELECT game_id,
       CAST('0x' || content_hash[1:16] AS UBIGINT), CAST('0x' || content_hash[17:32] AS UBIGINT),
       CASE WHEN mirror_of IS NULL THEN CAST('0x' || canonical_hash[1:16] AS UBIGINT) END,
       CASE WHEN mirror_of IS NULL THEN CAST('0x' || canonical_hash[17:32] AS UBIGINT) END
FROM games
