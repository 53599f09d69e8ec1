-- player-unmerge: forget the merges of the names or identities $1,
-- returning the identities that were merged, and under which name.
DELETE FROM player_merges
WHERE list_contains($1::VARCHAR[], player) OR list_contains($1::VARCHAR[], identity)
RETURNING identity, player
