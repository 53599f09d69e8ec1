-- Schema version 6: Hearts player identities that survive many folders.
--
-- A Hearts player's id is the name of its folder, so player "1" of two
-- repositories was one player. From this version a player is qualified by
-- where its game came from, hearts_games.origin: the import's --source, or
-- else the name of the folder given to ginlog ingest, followed by the path
-- from it to the folder holding the player folders (docs/hearts.md, "Who
-- is a player"). game_players.player is origin/id, or the name the user
-- merged it under (player_merges, ginlog players --merge); hearts_seats
-- carries the same, so the queries group by it.
--
-- The games loaded before this version are qualified here by the same rule
-- from what the database knows: games.source (the import's --source, or
-- the tag ginlog tag gave it since), and the import's paths as given
-- (imports.paths). ginlog ingest also expands glob patterns and resolves a
-- folder named "." to its name, which the database does not record: a game
-- found through those is qualified by the path found below the pattern or
-- the ".", or by its group folder's name.

ALTER TABLE hearts_games ADD COLUMN origin VARCHAR;
ALTER TABLE game_players ADD COLUMN player VARCHAR;

CREATE TABLE player_merges (
  identity  VARCHAR PRIMARY KEY,
  player    VARCHAR NOT NULL,
  merged_at TIMESTAMP NOT NULL
);

UPDATE hearts_games SET origin = o.origin
FROM (
  WITH args AS (
    SELECT h.game_id, h.grp, g.source, unnest(i.paths) AS arg
    FROM hearts_games h JOIN games g USING (game_id) JOIN imports i ON i.import_id = g.import_id
  ), roots AS (
    SELECT game_id, grp, source,
           CASE WHEN a IN ('.', '') THEN '' ELSE a END AS root
    FROM (SELECT *, regexp_replace(regexp_replace(arg, '/+$', ''), '^(\./)+', '') AS a FROM args)
  ), under AS (
    SELECT game_id, root,
           CASE WHEN grp = root THEN '' WHEN root = '' THEN grp ELSE substr(grp, length(root) + 2) END AS rel,
           coalesce(source, nullif(regexp_extract(root, '[^/]+$'), '')) AS name
    FROM roots
    WHERE grp = root OR starts_with(grp, root || '/') OR starts_with(grp, root || '!')
       OR (root = '' AND NOT starts_with(grp, '/') AND grp <> '..' AND NOT starts_with(grp, '../'))
  ), best AS (
    SELECT game_id, arg_max(rel, length(root)) AS rel, arg_max(name, length(root)) AS name
    FROM under GROUP BY game_id
  )
  SELECT h.game_id,
         coalesce(nullif(concat_ws('/', nullif(b.name, ''), nullif(b.rel, '')), ''),
                  CASE WHEN b.game_id IS NULL THEN g.source END,
                  nullif(regexp_extract(h.grp, '[^/!]+$'), ''), '.') AS origin
  FROM hearts_games h JOIN games g USING (game_id) LEFT JOIN best b USING (game_id)
) o
WHERE hearts_games.game_id = o.game_id;

UPDATE game_players SET player = h.origin || '/' || game_players.player_id
FROM hearts_games h
WHERE game_players.game_id = h.game_id AND game_players.player_id IS NOT NULL;

UPDATE hearts_seats SET player = p.player
FROM game_players p
WHERE hearts_seats.game_id = p.game_id AND hearts_seats.pos = p.pos;

COMMENT ON COLUMN hearts_games.origin IS 'Where the game''s players came from, qualifying their ids: the import''s --source, or else the name of the folder given to ingest; then the path from it to grp (docs/hearts.md).';
COMMENT ON COLUMN game_players.player IS 'The player as the queries name it: origin/player_id (hearts_games.origin), or the name player_merges gives that identity; NULL when player_id is.';
COMMENT ON COLUMN hearts_seats.player IS 'game_players.player: the qualified (or merged) player, NULL without its files.';

COMMENT ON TABLE player_merges IS 'One row per Hearts player identity the user said is another name''s (ginlog players --merge): the games of every identity merged under one name are that one player''s.';
COMMENT ON COLUMN player_merges.identity IS 'A qualified player id: hearts_games.origin/game_players.player_id.';
COMMENT ON COLUMN player_merges.player IS 'The name the identity is merged under, which game_players.player and hearts_seats.player then hold.';
COMMENT ON COLUMN player_merges.merged_at IS 'When it was merged (UTC).';
