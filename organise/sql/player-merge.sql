-- player-merge: merge the identities $1 under the name $2, at $3.
INSERT OR REPLACE INTO player_merges (identity, player, merged_at)
SELECT unnest($1::VARCHAR[]), $2, $3
