// Package organise changes the games already loaded: the tags they carry
// (opponent, source), and which games the database holds. Tag sets or
// clears tags; Remove deletes games with everything derived from them
// (rounds, plays, verify's results, their import_files rows), handing the
// mirror links of a removed game to the game that stands for it. Each
// change is one transaction: it happens whole or not at all. Every
// statement is an embedded file in sql/.
package organise

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/select.sql
	selectSQL string
	//go:embed sql/span.sql
	spanSQL string
)

// Range is the game ids from First to Last, both included.
type Range struct{ First, Last int64 }

func (r Range) String() string {
	if r.First == r.Last {
		return strconv.FormatInt(r.First, 10)
	}
	return fmt.Sprintf("%d-%d", r.First, r.Last)
}

// ErrBadRange is wrapped by the error of a game id or range that cannot
// be read.
var ErrBadRange = errors.New("bad game id or range")

// ParseRange reads a game id ("12") or a range of them ("12-20").
func ParseRange(s string) (Range, error) {
	lo, hi, isRange := strings.Cut(s, "-")
	first, err1 := strconv.ParseInt(lo, 10, 64)
	last, err2 := first, error(nil)
	if isRange {
		last, err2 = strconv.ParseInt(hi, 10, 64)
	}
	switch {
	case err1 != nil || err2 != nil:
		return Range{}, fmt.Errorf("%w %q: want a game id (12) or a range (12-20)", ErrBadRange, s)
	case first < 1:
		return Range{}, fmt.Errorf("%w %q: game ids start at 1", ErrBadRange, s)
	case last < first:
		return Range{}, fmt.Errorf("%w %q: the range ends before it starts", ErrBadRange, s)
	}
	return Range{first, last}, nil
}

// Ranges compresses ids, sorted, into ranges of consecutive ids.
func Ranges(ids []int64) []Range {
	var out []Range
	for _, id := range ids {
		if n := len(out); n > 0 && out[n-1].Last+1 == id {
			out[n-1].Last = id
			continue
		}
		out = append(out, Range{id, id})
	}
	return out
}

// Selection chooses games, the other player's logs of a game included.
// Each part given narrows it: a game is selected when its id is in one of
// Ranges, it is in the files of one of Imports (loaded by that import or
// found again by it as a duplicate), and it matches the filters. A
// selection that gives no part at all must say All.
type Selection struct {
	Ranges  []Range
	Imports []int32
	// Filters: Opponent, Source, Since and Until select as in the queries;
	// Who and MinSample are ignored, and Game is one more range.
	Filters selection.Filters
	All     bool
}

// ErrNoSelection reports a selection that names no games and does not say
// All: a change to every game is asked for explicitly.
var ErrNoSelection = errors.New("no games named: give game ids or ranges, --import, filters, or --all for every game")

func (s Selection) empty() bool {
	f := s.Filters
	return len(s.Ranges) == 0 && len(s.Imports) == 0 && f.Opponent == "" && f.Source == "" && f.Since == 0 && f.Until == 0 && f.Game == 0
}

// Flags returns the selection as it is given on the command line.
func (s Selection) Flags() string {
	var parts []string
	for _, r := range s.Ranges {
		parts = append(parts, r.String())
	}
	for _, id := range s.Imports {
		parts = append(parts, fmt.Sprintf("--import %d", id))
	}
	if f := s.Filters.Flags(); f != "" {
		parts = append(parts, f)
	}
	if s.All && len(parts) == 0 {
		parts = append(parts, "--all")
	}
	return strings.Join(parts, " ")
}

// querier runs queries: a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// selectIDs returns the ids of the games s selects, in order (none, when
// it selects none: noneSelected says why).
func selectIDs(ctx context.Context, q querier, s Selection) ([]int64, error) {
	if s.empty() && !s.All {
		return nil, ErrNoSelection
	}
	ranges := s.Ranges
	if s.Filters.Game != 0 {
		ranges = append(ranges[:len(ranges):len(ranges)], Range{s.Filters.Game, s.Filters.Game})
	}
	first, last := make([]int64, len(ranges)), make([]int64, len(ranges))
	for i, r := range ranges {
		first[i], last[i] = r.First, r.Last
	}
	imports := append([]int32{}, s.Imports...)
	f := s.Filters
	rows, err := q.QueryContext(ctx, selectSQL,
		sql.Named("first", first), sql.Named("last", last), sql.Named("imports", imports),
		sql.Named("opponent", null(f.Opponent)), sql.Named("source", null(f.Source)),
		sql.Named("since", nullInt(f.Since)), sql.Named("until", nullInt(f.Until)))
	if err != nil {
		return nil, fmt.Errorf("select games: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("select games: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("select games: %w", err)
	}
	return ids, nil
}

// noneSelected says why s selects no game, as an error wrapping
// selection.ErrNoGames: the database holds none; its filters alone select
// none (said as the queries say it, with the known values); or what game
// ids and imports the database does hold.
func noneSelected(ctx context.Context, db *sql.DB, s Selection) error {
	var lo, hi sql.NullInt64
	var lastImport sql.NullInt32
	if err := db.QueryRowContext(ctx, spanSQL).Scan(&lo, &hi, &lastImport); err != nil {
		return fmt.Errorf("select games: %w", err)
	}
	if !lo.Valid {
		return fmt.Errorf("%w: the database holds none (run ginlog ingest)", selection.ErrNoGames)
	}
	f := s.Filters
	f.Game = 0
	if f.Opponent != "" || f.Source != "" || f.Since != 0 || f.Until != 0 {
		if _, err := selection.GameIDs(ctx, db, f); err != nil {
			return err
		}
	}
	return &selection.NoMatchError{Flags: s.Flags(),
		Detail: fmt.Sprintf("the database holds games %d to %d, from imports 1 to %d", lo.Int64, hi.Int64, lastImport.Int32)}
}

func null(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullInt(n int64) any {
	if n == 0 {
		return nil
	}
	return n
}
