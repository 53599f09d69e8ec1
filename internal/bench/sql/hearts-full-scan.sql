-- hearts-full-scan: the floor any Hearts query over the cards pays: a count
-- and one sum over the whole of hearts_plays.
SELECT count(*), sum(trick) FROM hearts_plays
