-- player-merged-names: every name an unmerge takes: the names players are
-- merged under and the identities merged, sorted.
SELECT player AS name FROM player_merges
UNION
SELECT identity FROM player_merges
ORDER BY name
