-- full-scan: the floor any query over the plays pays: a count and one sum
-- over the whole of play_features.
SELECT count(*), sum(stock_left) FROM play_features
