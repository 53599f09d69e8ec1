-- nomatch: why the filters select no game: how many games each filter
-- selects on its own (the other player's logs left out, as everywhere),
-- the span of the games' log times, and the game that the one --game-id
-- names is the other player's log of (NULL when it is not).
SELECT (SELECT count(*) FROM games g, params p WHERE g.mirror_of IS NULL AND g.opponent = p.opponent) AS by_opponent,
       (SELECT count(*) FROM games g, params p WHERE g.mirror_of IS NULL AND g.source = p.source) AS by_source,
       (SELECT count(*) FROM games g, params p WHERE g.mirror_of IS NULL
          AND (p.since IS NULL OR g.log_ts >= p.since) AND (p.until IS NULL OR g.log_ts < p.until)) AS by_time,
       (SELECT min(log_ts) FROM games WHERE mirror_of IS NULL) AS first_ts,
       (SELECT max(log_ts) FROM games WHERE mirror_of IS NULL) AS last_ts,
       (SELECT g.mirror_of FROM games g, params p WHERE g.game_id = p.game) AS mirror_of
