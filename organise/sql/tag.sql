-- tag: sets the tags of the games in the list $ids: the opponent to
-- $opponent when $set_opponent, the source to $source when $set_source
-- (NULL clears a tag).
UPDATE games
SET opponent = CASE WHEN $set_opponent THEN CAST($opponent AS VARCHAR) ELSE opponent END,
    source = CASE WHEN $set_source THEN CAST($source AS VARCHAR) ELSE source END
WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
