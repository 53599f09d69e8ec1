-- games-digest: the game tables as an import fills them, all but its
-- bookkeeping (import ids, times, files), as a count and a sum of row
-- hashes for each table.
SELECT count(*) || ':' || coalesce(sum(hash(game_id, log_ts, content_hash, canonical_hash, mirror_of, rounds, plays, you_total, opp_total, winner)), 0) FROM games;

SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, first_mover, plays, stock_draws, action, caller, you_points, opp_points)), 0) FROM rounds;

SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, ply, actor, hand, hand_mask, top, drawn, from_discard, discarded)), 0) FROM plays;
