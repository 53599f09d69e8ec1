package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
)

// Filters select the games and the side a query looks at. Each is the
// command line's flag of the same name; Check fills in the defaults and
// validates them, and every query checks them again.
type Filters struct {
	Who       string // "opp" (the default, when empty), "you" or "both": whose plays
	Opponent  string // games tagged with this opponent
	Source    string // games tagged with this source
	Since     int64  // log timestamps at or after (0: no bound)
	Until     int64  // log timestamps before (0: no bound)
	Game      int64  // one game (0: all)
	MinSample int    // rows with fewer opportunities are noted as small samples
}

// The filters' defaults.
const (
	DefaultWho       = "opp"
	DefaultMinSample = 10
)

// Whos lists the values of Filters.Who.
var Whos = []string{"opp", "you", "both"}

// ErrBadFilter is wrapped by every invalid filter's error (a *FilterError).
var ErrBadFilter = errors.New("bad filter")

// FilterError is an invalid filter, named by its flag.
type FilterError struct {
	Filter string // "who", "since", ...
	Err    error
}

func (e *FilterError) Error() string { return fmt.Sprintf("--%s: %v", e.Filter, e.Err) }

// Unwrap returns the reason.
func (e *FilterError) Unwrap() error { return e.Err }

// Is reports whether target is ErrBadFilter.
func (e *FilterError) Is(target error) bool { return target == ErrBadFilter }

// ErrNoGames reports filters that select no game: an empty database, or
// filters that exclude every game (a *NoMatchError says why).
var ErrNoGames = errors.New("no games match the filters")

// Check returns f with its defaults filled in (Who "opp"), or a
// *FilterError.
func (f Filters) Check() (Filters, error) {
	if f.Who == "" {
		f.Who = DefaultWho
	}
	if !slices.Contains(Whos, f.Who) {
		return f, &FilterError{"who", fmt.Errorf("want %s or %s, got %q", strings.Join(Whos[:len(Whos)-1], ", "), Whos[len(Whos)-1], f.Who)}
	}
	if f.Game < 0 {
		return f, &FilterError{"game", fmt.Errorf("game ids start at 1, got %d", f.Game)}
	}
	if f.MinSample < 0 {
		return f, &FilterError{"min-sample", fmt.Errorf("want a count of 0 or more, got %d", f.MinSample)}
	}
	return f, nil
}

// ParseTime reads the value of the time filter named filter ("since",
// "until"): a date (2020-11-07), an RFC 3339 time or Unix seconds; "" is 0,
// no bound. Its error is a *FilterError.
func ParseTime(filter, s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	for _, layout := range []string{"2006-01-02", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Unix(), nil
		}
	}
	return 0, &FilterError{filter, fmt.Errorf("%q is not a date (2020-11-07), an RFC 3339 time or Unix seconds", s)}
}

//go:embed stmt/selection.sql
var selectionSQL string

// args returns the prelude's parameters for f (checked).
func (f Filters) args() []any {
	null := func(ok bool, v any) any {
		if ok {
			return v
		}
		return nil
	}
	return []any{
		sql.Named("who", f.Who),
		sql.Named("opponent", null(f.Opponent != "", f.Opponent)),
		sql.Named("source", null(f.Source != "", f.Source)),
		sql.Named("since", null(f.Since != 0, f.Since)),
		sql.Named("until", null(f.Until != 0, f.Until)),
		sql.Named("game", null(f.Game != 0, f.Game)),
	}
}

// query checks f and the games it selects, then runs the statement text
// (read through the prelude) with the filters and any extra arguments.
// Filters that select no game give an error wrapping ErrNoGames, or
// replay.ErrNoGame when f.Game names no game.
func query(ctx context.Context, src Source, name, text string, f Filters, extra ...any) (*sql.Rows, Filters, error) {
	f, err := f.Check()
	if err != nil {
		return nil, f, err
	}
	pre, selection := preludes(name)
	if err := selects(ctx, src, f, GameOf(name), pre, selection); err != nil {
		return nil, f, err
	}
	rows, err := src.DB.QueryContext(ctx, src.assemble(pre, text), append(f.args(), extra...)...)
	if err != nil {
		return nil, f, fmt.Errorf("query %s: %w", name, err)
	}
	return rows, f, nil
}

// selects checks that the checked filters f select at least one game of
// the kind game, by the selection statement read through the prelude pre.
func selects(ctx context.Context, src Source, f Filters, game, pre, selection string) error {
	var selected, named, total int64
	if err := src.DB.QueryRowContext(ctx, src.assemble(pre, selection), f.args()...).Scan(&selected, &named, &total); err != nil {
		return fmt.Errorf("select games: %w", err)
	}
	switch {
	case f.Game != 0 && named == 0:
		return fmt.Errorf("%w %d", replay.ErrNoGame, f.Game)
	case total == 0 && game == GameHearts:
		return fmt.Errorf("%w: the database holds no Hearts games (run ginlog ingest on a folder of Hearts logs)", ErrNoGames)
	case total == 0:
		return fmt.Errorf("%w: the database holds none (run ginlog ingest)", ErrNoGames)
	case selected == 0:
		return src.explain(ctx, f, pre)
	}
	return nil
}
