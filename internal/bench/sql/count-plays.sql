-- count-plays: the plays of the corpus.
SELECT count(*) FROM plays
