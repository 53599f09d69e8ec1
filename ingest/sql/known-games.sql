-- known-games: every loaded game's hashes, to tell duplicates and mirrors
-- apart (original is false for a game that is itself a mirror), and its
-- tags, to say when a duplicate keeps tags other than the import's.
SELECT game_id, content_hash, canonical_hash, mirror_of IS NULL AS original, opponent, source FROM games
