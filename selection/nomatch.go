package selection

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/suggest"
)

//go:embed sql/nomatch.sql
var nomatchSQL string

// NoMatchError reports filters that select no game from a database that
// holds some, saying why in terms of what the database does hold: the
// known values of a tag no game carries (the closest to the one asked
// first), the span of the log times, or that --game-id names the other
// player's log of a game. It wraps ErrNoGames.
type NoMatchError struct {
	Flags  string   // the filters, as flags: --opponent typo --since 2020-11-07
	Tag    Tag      // the tag whose asked value no game carries, if that is why
	Known  []string // that tag's values, the closest to the asked one first
	Near   string   // the known values close to the asked one: " (did you mean meldable?)", or ""
	Detail string   // why, with what the database holds
}

// knownShown is how many known values a message lists.
const knownShown = 8

func (e *NoMatchError) Error() string {
	return "no games match " + e.Flags + e.Near + "; " + e.Detail
}

// Unwrap returns ErrNoGames.
func (e *NoMatchError) Unwrap() error { return ErrNoGames }

// Flags returns the filters that select games, as command-line flags in a
// fixed order (--who and --min-sample, which do not, left out).
func (f Filters) Flags() string {
	var parts []string
	add := func(flag, value string) { parts = append(parts, "--"+flag+" "+ShellWord(value)) }
	if f.Opponent != "" {
		add("opponent", f.Opponent)
	}
	if f.Source != "" {
		add("source", f.Source)
	}
	if f.Since != 0 {
		add("since", timeText(f.Since))
	}
	if f.Until != 0 {
		add("until", timeText(f.Until))
	}
	if f.Game != 0 {
		add("game-id", fmt.Sprint(f.Game))
	}
	return strings.Join(parts, " ")
}

// Explain returns why the filters f, which select no game from a database
// that holds some, select none, as a *NoMatchError (or the error of f's
// check, or of reading the database). It is what Require, and so every
// query and GameIDs, returns for such filters; other commands that select
// games by these filters call it to say the same.
func Explain(ctx context.Context, db *sql.DB, f Filters) error {
	f, err := f.Check()
	if err != nil {
		return err
	}
	var byOpponent, bySource, byTime int64
	var first, last, mirrorOf sql.NullInt64
	if err := db.QueryRowContext(ctx, with(nomatchSQL, paramsSQL), f.Args()...).Scan(&byOpponent, &bySource, &byTime, &first, &last, &mirrorOf); err != nil {
		return fmt.Errorf("explain the filters: %w", err)
	}
	e := &NoMatchError{Flags: f.Flags()}
	switch {
	case f.Game != 0 && mirrorOf.Valid:
		e.Flags = fmt.Sprintf("--game-id %d", f.Game)
		e.Detail = fmt.Sprintf("game %d is the other player's log of game %d, which the queries count instead", f.Game, mirrorOf.Int64)
	case f.Opponent != "" && byOpponent == 0:
		return unknownTag(ctx, db, TagOpponent, f.Opponent)
	case f.Source != "" && bySource == 0:
		return unknownTag(ctx, db, TagSource, f.Source)
	case (f.Since != 0 || f.Until != 0) && byTime == 0:
		e.Detail = fmt.Sprintf("the games were logged from %s to %s", timeText(first.Int64), timeText(last.Int64))
	default:
		e.Detail = "no game matches all of them at once"
	}
	return e
}

// unknownTag explains a tag value no game carries.
func unknownTag(ctx context.Context, db *sql.DB, tag Tag, value string) error {
	values, err := Tags(ctx, db, tag)
	if err != nil {
		return err
	}
	var known []string
	for _, v := range values {
		if v.Tagged {
			known = append(known, v.Value)
		}
	}
	e := &NoMatchError{Flags: "--" + string(tag) + " " + ShellWord(value), Tag: tag,
		Known: suggest.Closest(value, known), Near: suggest.DidYouMean(value, known)}
	switch {
	case len(known) == 0:
		e.Detail = fmt.Sprintf("no game has %s tag (set them with ginlog tag)", article(tag))
	case len(known) > knownShown:
		e.Detail = fmt.Sprintf("known %s: %s and %d more (ginlog %s lists them)", tag.plural(), quoteAll(e.Known[:knownShown]), len(known)-knownShown, tag.plural())
	default:
		e.Detail = fmt.Sprintf("known %s: %s", tag.plural(), quoteAll(e.Known))
	}
	return e
}

func article(t Tag) string {
	if t == TagOpponent {
		return "an opponent"
	}
	return "a source"
}

func quoteAll(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = ShellWord(v)
	}
	return strings.Join(out, ", ")
}

// timeText shows Unix seconds as ParseTime reads them back: a UTC date,
// or an RFC 3339 time unless it is midnight.
func timeText(ts int64) string {
	t := time.Unix(ts, 0).UTC()
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format(time.RFC3339)
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9._:/@+=,-]+$`)

// ShellWord returns s as one word a POSIX shell reads back as s: as it is
// when it holds only plain characters, single-quoted otherwise.
func ShellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
