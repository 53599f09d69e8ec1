-- known-games: every loaded game's hashes, to tell duplicates and mirrors
-- apart; original is false for a game that is itself a mirror.
SELECT game_id, content_hash, canonical_hash, mirror_of IS NULL AS original FROM games
