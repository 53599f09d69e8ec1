package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	_ "embed"
	"fmt"
	"io"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

var (
	//go:embed sql/timestamps.sql
	timestampsSQL string
	//go:embed sql/rounds.sql
	roundsSQL string
	//go:embed sql/plays.sql
	playsSQL string
	//go:embed sql/plays-listed.sql
	playsListedSQL string
)

// Load reads games (sorted ids) with their log timestamps, rounds and
// plays, each hand as a set (Round.Listed is not read). Ids that name no
// game give games without rounds.
func Load(ctx context.Context, db *sql.DB, ids []int64) ([]*replay.Game, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("load games: %w", err)
	}
	defer conn.Close()
	return load(ctx, conn, ids, false)
}

// load reads games on conn; listed also reads each hand as the log lists
// it. It reads through the driver's rows directly: database/sql's
// conversions cost more than the replay itself.
func load(ctx context.Context, conn *sql.Conn, ids []int64, listed bool) ([]*replay.Game, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	lo, hi := ids[0], ids[len(ids)-1]
	l := ginLoader{want: make(map[int64]*replay.Game, len(ids)), listed: listed}
	games := make([]*replay.Game, len(ids))
	for i, id := range ids {
		games[i] = &replay.Game{ID: id}
		l.want[id] = games[i]
	}
	plays := playsSQL
	if listed {
		plays = playsListedSQL
	}
	err := readTables(ctx, conn, lo, hi, []tableStep{
		{"timestamps", timestampsSQL, l.timestamp},
		{"rounds", roundsSQL, l.round},
		{"plays", plays, l.play},
	})
	if err != nil {
		return nil, fmt.Errorf("load games %d to %d: %w", lo, hi, err)
	}
	return games, nil
}

// ginLoader fills the wanted games from the rows of their tables, read in
// the order timestamps, rounds, plays; a row of a game not wanted is
// passed over.
type ginLoader struct {
	want   map[int64]*replay.Game
	listed bool // the plays' rows end with the hand as the log lists it
}

// timestamp sets a game's log timestamp from its row: game, timestamp.
func (l *ginLoader) timestamp(v []driver.Value) error {
	var r [2]int64
	if err := ints(v, r[:]); err != nil {
		return err
	}
	if g := l.want[r[0]]; g != nil {
		g.LogTS = r[1]
	}
	return nil
}

// round appends a round from its row: game, round, points of each side,
// action, caller.
func (l *ginLoader) round(v []driver.Value) error {
	var r [6]int64
	if err := ints(v, r[:]); err != nil {
		return err
	}
	g := l.want[r[0]]
	if g == nil {
		return nil
	}
	if r[1] != int64(len(g.Rounds)+1) {
		return fmt.Errorf("game %d: round %d after %d rounds", r[0], r[1], len(g.Rounds))
	}
	g.Rounds = append(g.Rounds, replay.Round{Number: int(r[1]), Points: [2]int{int(r[2]), int(r[3])},
		Action: gin.Call(r[4]), Caller: gin.Seat(r[5])})
	return nil
}

// play appends a play to its round from its row: game, round, seat, hand,
// drawn first, top, drawn, discarded, and the listed hand if asked.
func (l *ginLoader) play(v []driver.Value) error {
	var p [8]int64
	if err := ints(v[:4], p[:4]); err != nil {
		return err
	}
	if err := ints(v[5:8], p[5:]); err != nil {
		return err
	}
	drawnFirst, ok := v[4].(bool)
	if !ok {
		return fmt.Errorf("drawn first is %T, not a bool", v[4])
	}
	g := l.want[p[0]]
	if g == nil {
		return nil
	}
	if p[1] < 1 || p[1] > int64(len(g.Rounds)) {
		return fmt.Errorf("game %d: a play of round %d, which has no score row", p[0], p[1])
	}
	r := &g.Rounds[p[1]-1]
	r.Plays = append(r.Plays, replay.Play{Seat: gin.Seat(p[2]), Hand: gin.Hand(p[3]), DrawnFirst: drawnFirst,
		Top: gin.Card(p[5]), Drawn: gin.Card(p[6]), Discarded: gin.Card(p[7])})
	if l.listed {
		r.Listed = append(r.Listed, [gin.HandSize]gin.Card{})
		if err := listedCards(v[8], &r.Listed[len(r.Listed)-1]); err != nil {
			return fmt.Errorf("game %d round %d: hand: %w", p[0], p[1], err)
		}
	}
	return nil
}

// listedCards reads a hand's list of card enum codes into dst.
func listedCards(v driver.Value, dst *[gin.HandSize]gin.Card) error {
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("a %T, not a list", v)
	}
	if len(list) != gin.HandSize {
		return fmt.Errorf("%d cards, want %d", len(list), gin.HandSize)
	}
	var codes [gin.HandSize]int64
	for i, x := range list {
		if err := ints([]driver.Value{x}, codes[i:i+1]); err != nil {
			return err
		}
		if codes[i] < 0 || codes[i] >= gin.NumCards {
			return fmt.Errorf("card code %d", codes[i])
		}
		dst[i] = gin.Card(codes[i])
	}
	return nil
}

// ints reads integer driver values into dst.
func ints(v []driver.Value, dst []int64) error {
	for i, x := range v {
		switch n := x.(type) {
		case int64:
			dst[i] = n
		case int32:
			dst[i] = int64(n)
		case int16:
			dst[i] = int64(n)
		case int8:
			dst[i] = int64(n)
		case uint8:
			dst[i] = int64(n)
		case uint16:
			dst[i] = int64(n)
		case uint32:
			dst[i] = int64(n)
		case uint64:
			dst[i] = int64(n) // a hand mask: 52 bits
		default:
			return fmt.Errorf("column %d is %T, not an integer", i+1, x)
		}
	}
	return nil
}

// tableStep is one statement of a loader, reading the rows of games lo to
// hi (its two parameters) into row.
type tableStep struct {
	name, sql string
	row       func(v []driver.Value) error
}

// readTables runs a loader's steps in order on conn's driver connection,
// for the games of ids lo to hi: the driver's rows directly, since
// database/sql's conversions cost more than the replay itself.
func readTables(ctx context.Context, conn *sql.Conn, lo, hi int64, steps []tableStep) error {
	return conn.Raw(func(dc any) error {
		q, ok := dc.(driver.QueryerContext)
		if !ok {
			return fmt.Errorf("connection %T cannot query", dc)
		}
		args := []driver.NamedValue{{Ordinal: 1, Value: lo}, {Ordinal: 2, Value: hi}}
		for _, st := range steps {
			if err := eachRow(ctx, q, st.sql, args, st.row); err != nil {
				return fmt.Errorf("%s: %w", st.name, err)
			}
		}
		return nil
	})
}

// eachRow runs a query on a driver connection and calls fn with each row.
func eachRow(ctx context.Context, q driver.QueryerContext, query string, args []driver.NamedValue, fn func([]driver.Value) error) error {
	rows, err := q.QueryContext(ctx, query, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	for {
		if err := rows.Next(dest); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if err := fn(dest); err != nil {
			return err
		}
	}
}
