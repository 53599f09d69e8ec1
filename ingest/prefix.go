package ingest

import (
	"cmp"
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"slices"
	"sort"

	"github.com/ginlog/ginlog/gin"
	ginlogs "github.com/ginlog/ginlog/gin/logs"
)

// A game's files read before they were whole (a browser still writing
// them, a copy cut short) hold the start of the game: if the rows that
// were there parse, that start loads as a game of its own, which verify
// finds unfinished, and the whole files load later as another game with
// the same timestamp. The planner keeps one game of the two.
//
// A game P is a prefix of a game W when both have the same timestamp, W's
// turn file starts with P's turn rows and W's score file with P's score
// rows, and W has more rows than P in one file at least. Rows compare as
// parsed and as logged: the same game logged by the other player (its
// mirror, every flag inverted) is not a prefix of it, nor is a prefix of
// the mirror. The comparison needs no rows of P: W's prefix of P's length
// has P's content hash (ginlogs.PrefixHash).
//
// When the import finds W and P is loaded (before the import, or earlier
// in it), W replaces P: P and everything derived from it are removed in
// the transaction that loads W (schema.RemoveGames, as ginlog rm does).
// When the import finds P and W is loaded, P is a part of W and changes
// nothing but its files' record, like a duplicate.

// tsEntry is a Gin game under its log's timestamp, with how many rows its
// turn file (plays) and its score file (rounds) hold, whether the import
// counted it as a mirror, and a fingerprint of its first play (firstPlay):
// set when the import loads the game, 0 for a game loaded before until
// relate needs it.
type tsEntry struct {
	ts     int64
	id     int64
	plays  int32
	first  uint32
	rounds int16
	mirror bool
}

// tsIndex finds the Gin games of a timestamp: those loaded before the
// import in a sorted slice, those the import adds in sorted runs and, the
// last of them, a sorted tail (32 bytes a game each way). The finder hands
// on a folder's games by timestamp, so that most go at the tail's end.
type tsIndex struct {
	known []tsEntry // sorted by timestamp, then id
	added sortedRuns[tsEntry]
	tail  []tsEntry // sorted by timestamp, in the order added within one
	// tailMax is how long the tail grows before it becomes a run: tailRun
	// (tests make it shorter).
	tailMax int
}

// byTS orders entries by their timestamp alone.
func byTS(a, b tsEntry) int { return cmp.Compare(a.ts, b.ts) }

func newTSIndex(known []tsEntry) *tsIndex {
	byTSAndID := func(a, b tsEntry) int { return cmp.Or(cmp.Compare(a.ts, b.ts), cmp.Compare(a.id, b.id)) }
	if !slices.IsSortedFunc(known, byTSAndID) {
		slices.SortFunc(known, byTSAndID)
	}
	return &tsIndex{known: known, added: sortedRuns[tsEntry]{cmp: byTS}, tailMax: tailRun}
}

// add records a Gin game the import loads.
func (x *tsIndex) add(e tsEntry) {
	i := sort.Search(len(x.tail), func(i int) bool { return x.tail[i].ts > e.ts })
	x.tail = slices.Insert(x.tail, i, e)
	if len(x.tail) >= x.tailMax {
		x.added.push(x.tail)
		x.tail = nil
	}
}

// at appends the games of the timestamp ts to buf: those loaded before
// the import, then those it added, in the order it added them.
func (x *tsIndex) at(ts int64, buf []tsEntry) []tsEntry {
	buf = appendAt(buf, x.known, ts)
	for _, r := range x.added.runs {
		buf = appendAt(buf, r, ts)
	}
	return appendAt(buf, x.tail, ts)
}

// appendAt appends the entries of the timestamp ts of a sorted run to buf.
func appendAt(buf, run []tsEntry, ts int64) []tsEntry {
	i, _ := slices.BinarySearchFunc(run, ts, func(e tsEntry, ts int64) int { return cmp.Compare(e.ts, ts) })
	for ; i < len(run) && run[i].ts == ts; i++ {
		buf = append(buf, run[i])
	}
	return buf
}

// relate finds how g stands to the loaded games of its timestamp, self
// aside (the game g duplicates, if any) and those replaced: whole is the
// longest of those g is a prefix of (0 if none), and parts are those that
// are prefixes of g. A game whose first play is not g's is neither, so
// that the other games of the same second (several players' logs) cost a
// comparison of fingerprints, read for the games loaded before the import
// a block of ids at a time (p.firsts). Else a shorter game is compared by
// hash, a longer one by its rows (p.rows).
func (p *planner) relate(g *Game, self int64) (whole int64, parts []tsEntry, err error) {
	n, m := len(g.Plays), len(g.Rounds)
	first := firstPlay(&g.Game)
	p.near = p.byTS.at(g.TS, p.near[:0])
	longest := 0
	for _, e := range p.near {
		if e.id == self || p.isReplaced(e.id) {
			continue
		}
		ep, er := int(e.plays), int(e.rounds)
		shorter := ep <= n && er <= m && (ep < n || er < m)
		longer := n <= ep && m <= er && (n < ep || m < er) && ep+er > longest
		if !shorter && !longer {
			continue // the same size (another game, or a mirror), or neither
		}
		if e.first == 0 {
			if e.first, err = p.firsts.of(e.id); err != nil {
				return 0, nil, err
			}
		}
		switch {
		case e.first != first:
		case shorter:
			if id, ok := p.byContent.find(keyOf(ginlogs.PrefixHash(&g.Game, ep, er))); ok && id == e.id {
				parts = append(parts, e)
			}
		default:
			c, err := p.rows(e.id)
			if err != nil {
				return 0, nil, err
			}
			if ginlogs.PrefixHash(c, n, m) == g.ContentHash {
				whole, longest = e.id, ep+er
			}
		}
	}
	return whole, parts, nil
}

// firstPlay returns a fingerprint of a game's first play as logged, never
// 0: games of which one is a prefix of the other have the same; two other
// games of a second, almost never.
func firstPlay(g *ginlogs.Game) uint32 {
	if len(g.Plays) == 0 {
		return 1
	}
	p := &g.Plays[0]
	h := uint32(2166136261) // FNV-1a
	mix := func(b byte) { h = (h ^ uint32(b)) * 16777619 }
	mix(byte(p.Round))
	mix(byte(p.Seat))
	for _, c := range p.Hand {
		mix(byte(c))
	}
	mix(byte(p.Top))
	mix(byte(p.Drawn))
	mix(byte(p.Discarded))
	return max(h, 1)
}

// firstPlays holds the fingerprints of the first plays of the games loaded
// before the import, read from the database a block of firstsBlock ids at
// a time, as relate needs them: an import reads its folders in timestamp
// order, which is mostly the order of the ids of the games it finds again.
type firstPlays struct {
	ctx  context.Context
	db   *sql.DB
	read map[int64]bool // the blocks read, by first id
	fp   map[int64]uint32
}

// firstsBlock is how many consecutive game ids firstPlays reads at once.
const firstsBlock = 4096

//go:embed sql/first-plays.sql
var firstPlaysSQL string

// of returns the fingerprint of the first play of the game id, loaded
// before the import.
func (f *firstPlays) of(id int64) (uint32, error) {
	block := id - id%firstsBlock
	if !f.read[block] {
		if err := f.readBlock(block); err != nil {
			return 0, err
		}
	}
	return max(f.fp[id], 1), nil
}

func (f *firstPlays) readBlock(block int64) error {
	if f.read == nil {
		f.read, f.fp = map[int64]bool{}, map[int64]uint32{}
	}
	rows, err := f.db.QueryContext(f.ctx, firstPlaysSQL, block, block+firstsBlock-1)
	if err != nil {
		return fmt.Errorf("first plays of games %d to %d: %w", block, block+firstsBlock-1, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var g ginlogs.Game
		g.Plays = make([]ginlogs.Play, 1)
		if err := scanPlay(rows, &g.Plays[0], &id); err != nil {
			return fmt.Errorf("first plays of games %d to %d: %w", block, block+firstsBlock-1, err)
		}
		f.fp[id] = firstPlay(&g)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("first plays of games %d to %d: %w", block, block+firstsBlock-1, err)
	}
	f.read[block] = true
	return nil
}

// isReplaced reports whether the game id was replaced by the import.
func (p *planner) isReplaced(id int64) bool {
	_, ok := p.replaced[id]
	return ok
}

// completed returns the game that replaced the game id, following the
// replacements, and whether id was replaced.
func (p *planner) completed(id int64) (int64, bool) {
	w, ok := p.replaced[id]
	if !ok {
		return id, false
	}
	for {
		next, ok := p.replaced[w]
		if !ok {
			return w, true
		}
		w = next
	}
}

// replace records that the game by replaces the games parts, and returns
// their ids: the batch that holds by's record removes them.
func (p *planner) replace(parts []tsEntry, by int64) []tsEntry {
	for _, e := range parts {
		p.replaced[e.id] = by
	}
	return parts
}

// The statements that read a loaded game's rows.
var (
	//go:embed sql/game-plays.sql
	gamePlaysSQL string
	//go:embed sql/game-scores.sql
	gameScoresSQL string
)

// readGame reads the rows of the loaded Gin game id as gin/logs parsed
// them from its files, lines aside.
func readGame(ctx context.Context, db *sql.DB, id int64) (*ginlogs.Game, error) {
	g := &ginlogs.Game{}
	rows, err := db.QueryContext(ctx, gamePlaysSQL, id)
	if err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var p ginlogs.Play
		if err := scanPlay(rows, &p); err != nil {
			return nil, fmt.Errorf("read game %d: %w", id, err)
		}
		g.Plays = append(g.Plays, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	scores, err := db.QueryContext(ctx, gameScoresSQL, id)
	if err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	defer scores.Close()
	for scores.Next() {
		var s ginlogs.Score
		var action, caller int64
		if err := scores.Scan(&s.Round, &s.You, &s.Opp, &action, &caller); err != nil {
			return nil, fmt.Errorf("read game %d: %w", id, err)
		}
		s.Action, s.Caller = gin.Call(action), gin.Seat(caller)
		g.Rounds = append(g.Rounds, s)
	}
	if err := scores.Err(); err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	return g, nil
}

// scanPlay reads a play as game-plays.sql and first-plays.sql give it,
// after the columns the destinations before read (first-plays.sql's game
// id).
func scanPlay(rows *sql.Rows, p *ginlogs.Play, before ...any) error {
	var seat, top, drawn, discarded int64
	var hand []any
	if err := rows.Scan(append(before, &p.Round, &seat, &hand, &top, &drawn, &discarded)...); err != nil {
		return err
	}
	if len(hand) != gin.HandSize {
		return fmt.Errorf("a hand of %d cards", len(hand))
	}
	for i, c := range hand {
		code, ok := enumCode(c)
		if !ok || code >= gin.NumCards {
			return fmt.Errorf("card code %v", c)
		}
		p.Hand[i] = gin.Card(code)
	}
	p.Seat, p.Top, p.Drawn, p.Discarded = gin.Seat(seat), gin.Card(top), gin.Card(drawn), gin.Card(discarded)
	return nil
}

// enumCode reads an enum code of a list, whatever the width DuckDB gives
// it.
func enumCode(v any) (uint64, bool) {
	switch n := v.(type) {
	case uint8:
		return uint64(n), true
	case uint16:
		return uint64(n), true
	case uint32:
		return uint64(n), true
	case int64:
		return uint64(n), n >= 0
	}
	return 0, false
}
