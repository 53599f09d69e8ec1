package selection

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/ginlog/ginlog/internal/suggest"
)

// Filters select the games and the side a query looks at. Each is the
// command line's flag of the same name; Check fills in the defaults and
// validates them, and every query and GameIDs check them again.
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
		return f, &FilterError{"who", suggest.NoSuch("", f.Who, Whos)}
	}
	if f.Game < 0 {
		return f, &FilterError{"game-id", fmt.Errorf("game ids start at 1, got %d", f.Game)}
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

// Args returns the checked filters as the named parameters of the params
// common table expression (ParamsCTE): who, opponent, source, since, until
// and game, NULL for a filter not set.
func (f Filters) Args() []any {
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
