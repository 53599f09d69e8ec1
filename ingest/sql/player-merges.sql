-- player-merges: every merged Hearts player identity and the name it is
-- merged under (ginlog players --merge).
SELECT identity, player FROM player_merges
