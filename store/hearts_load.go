package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
)

var (
	//go:embed sql/hearts-games.sql
	heartsGamesSQL string
	//go:embed sql/hearts-players.sql
	heartsPlayersSQL string
	//go:embed sql/hearts-files.sql
	heartsFilesSQL string
	//go:embed sql/hearts-hands.sql
	heartsHandsSQL string
	//go:embed sql/hearts-scores.sql
	heartsScoresSQL string
)

// HeartsGame is a stored Hearts game, rebuilt as hearts/logs reads it: every
// hand with its cards, first field and logged scores, each located in its
// file (line and columns), so that verifying it gives exactly the report
// verifying the files gives.
type HeartsGame struct {
	ID   int64
	Game *logs.Game
	// Players holds each pos's player as the queries name it
	// (game_players.player: qualified by the game's origin, or merged);
	// "" for a player without files.
	Players [hearts.MaxPlayers]string
}

// LoadHearts reads Hearts games (sorted ids). Ids that name no Hearts game
// are left out.
func LoadHearts(ctx context.Context, db *sql.DB, ids []int64) ([]HeartsGame, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("load Hearts games: %w", err)
	}
	defer conn.Close()
	return loadHearts(ctx, conn, ids)
}

// heartsBuild is a game being rebuilt.
type heartsBuild struct {
	g      *logs.Game
	stamps map[int64]*logs.Stamp
	names  map[[2]int64][2]string // (stamp, pos) -> path, sha256
	// players holds the players' names by pos (HeartsGame.Players).
	players [hearts.MaxPlayers]string
}

// loadHearts reads Hearts games on conn, through the driver's rows as load
// does for Gin games.
func loadHearts(ctx context.Context, conn *sql.Conn, ids []int64) ([]HeartsGame, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	lo, hi := ids[0], ids[len(ids)-1]
	l := heartsLoader{want: make(map[int64]*heartsBuild, len(ids))}
	for _, id := range ids {
		l.want[id] = nil
	}
	err := readTables(ctx, conn, lo, hi, []tableStep{
		{"games", heartsGamesSQL, l.game},
		{"players", heartsPlayersSQL, l.player},
		{"files", heartsFilesSQL, l.file},
		{"hands", heartsHandsSQL, l.hand},
		{"scores", heartsScoresSQL, l.score},
	})
	if err != nil {
		return nil, fmt.Errorf("load Hearts games %d to %d: %w", lo, hi, err)
	}
	out := make([]HeartsGame, 0, len(ids))
	for _, id := range ids {
		if b := l.want[id]; b != nil {
			out = append(out, HeartsGame{ID: id, Game: b.finish(), Players: b.players})
		}
	}
	return out, nil
}

// heartsLoader rebuilds the wanted games from the rows of their tables,
// read in the order games, players, files, hands, scores; a row of a game
// not wanted is passed over.
type heartsLoader struct {
	want map[int64]*heartsBuild // nil until the game's row is read
	n    [4]int64               // a row's integers
}

// game starts a game from its row: id, players, version, group.
func (l *heartsLoader) game(v []driver.Value) error {
	if err := ints(v[:3], l.n[:3]); err != nil {
		return err
	}
	if _, ok := l.want[l.n[0]]; !ok {
		return nil
	}
	group, _ := v[3].(string)
	if !hearts.ValidPlayers(int(l.n[1])) {
		return fmt.Errorf("game %d has %d players", l.n[0], l.n[1])
	}
	l.want[l.n[0]] = &heartsBuild{
		g:      &logs.Game{Group: group, Players: int(l.n[1]), Version: logs.Version(l.n[2])},
		stamps: map[int64]*logs.Stamp{}, names: map[[2]int64][2]string{},
	}
	return nil
}

// player sets a player's id and name from its row: game, pos, id, name.
func (l *heartsLoader) player(v []driver.Value) error {
	if err := ints(v[:2], l.n[:2]); err != nil {
		return err
	}
	b := l.want[l.n[0]]
	if b == nil {
		return nil
	}
	if l.n[1] < 0 || l.n[1] >= int64(b.g.Players) {
		return fmt.Errorf("game %d: player pos %d", l.n[0], l.n[1])
	}
	b.g.IDs[l.n[1]], _ = v[2].(string)
	b.players[l.n[1]], _ = v[3].(string)
	return nil
}

// file records a file's path and hash from its row: game, stamp, pos,
// path, sha256.
func (l *heartsLoader) file(v []driver.Value) error {
	if err := ints(v[:3], l.n[:3]); err != nil {
		return err
	}
	b := l.want[l.n[0]]
	if b == nil {
		return nil
	}
	path, _ := v[3].(string)
	sum, _ := v[4].(string)
	b.names[[2]int64{l.n[1], l.n[2]}] = [2]string{path, sum}
	return nil
}

// hand appends a hand from its row: game, hand, stamp, row, first, cards.
func (l *heartsLoader) hand(v []driver.Value) error {
	var h [5]int64
	if err := ints(v[:5], h[:]); err != nil {
		return err
	}
	b := l.want[h[0]]
	if b == nil {
		return nil
	}
	if h[1] != int64(len(b.g.Hands)+1) {
		return fmt.Errorf("game %d: hand %d after %d hands", h[0], h[1], len(b.g.Hands))
	}
	codes, _ := v[5].(string)
	if len(codes) != gin.NumCards {
		return fmt.Errorf("game %d hand %d: %d cards", h[0], h[1], len(codes))
	}
	hand := logs.Hand{Stamp: b.stamp(h[2]), Row: int(h[3]), First: int(h[4])}
	for k := range hand.Cards {
		hand.Cards[k] = gin.Card(codes[k] - 'A')
	}
	b.g.Hands = append(b.g.Hands, hand)
	return nil
}

// score sets a player's logged score of a hand from its row: game, hand,
// pos, then the score's figures.
func (l *heartsLoader) score(v []driver.Value) error {
	var s [7]int64
	if err := ints(v[:7], s[:]); err != nil {
		return err
	}
	b := l.want[s[0]]
	if b == nil {
		return nil
	}
	if s[1] < 1 || s[1] > int64(len(b.g.Hands)) || s[2] < 0 || s[2] >= int64(b.g.Players) {
		return fmt.Errorf("game %d: a score of hand %d, pos %d", s[0], s[1], s[2])
	}
	return b.score(&b.g.Hands[s[1]-1], int(s[2]), s[3:])
}

// stamp returns the game's stamp of time t, adding it on first use.
func (b *heartsBuild) stamp(t int64) *logs.Stamp {
	s := b.stamps[t]
	if s == nil {
		s = &logs.Stamp{Group: b.g.Group, Time: t, Players: b.g.Players, Version: b.g.Version}
		b.stamps[t] = s
		b.g.Stamps = append(b.g.Stamps, s)
	}
	return s
}

// score records pos's logged score of hand h, and its row in pos's file:
// s holds the score, the line, the score's column and the first card's.
func (b *heartsBuild) score(h *logs.Hand, pos int, s []int64) error {
	st := h.Stamp
	f := st.Files[pos]
	if f == nil {
		name, ok := b.names[[2]int64{st.Time, int64(pos)}]
		if !ok {
			return fmt.Errorf("no file of pos %d for stamp %d", pos, st.Time)
		}
		f = &logs.File{Name: name[0], SHA256: name[1], Group: b.g.Group, Player: b.g.IDs[pos], Stamp: st.Time,
			Players: b.g.Players, Pos: pos}
		st.Files[pos] = f
		st.All = append(st.All, f)
	}
	if h.Row >= len(f.Rows) {
		f.Rows = append(f.Rows, make([]logs.Row, h.Row+1-len(f.Rows))...)
	}
	h.Score[pos], h.Logged[pos] = int(s[0]), true
	f.Rows[h.Row] = logs.Row{Line: int32(s[1]), Score: int16(s[0]), First: int8(h.First), ScoreCol: uint16(s[2]),
		Cards: h.Cards, CardCol: logs.CardColumns(uint16(s[3]), &h.Cards)}
	return nil
}

// finish completes the game: each stamp's files in player-id order and its
// row count.
func (b *heartsBuild) finish() *logs.Game {
	for _, s := range b.g.Stamps {
		slices.SortFunc(s.All, func(x, y *logs.File) int { return strings.Compare(x.Player, y.Player) })
		for _, f := range s.All {
			s.Rows = max(s.Rows, len(f.Rows))
		}
	}
	return b.g
}

// HeartsGameIDs returns the ids of the Hearts games of db in order, or
// only game when it is not 0 (none when it names no Hearts game).
func HeartsGameIDs(ctx context.Context, db *sql.DB, game int64) ([]int64, error) {
	ids, _, err := selectForVerify(ctx, db, Selection{All: true, Game: game}, heartsSelectSQL, "Hearts games")
	return ids, err
}
