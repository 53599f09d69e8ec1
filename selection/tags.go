package selection

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/stats"
)

//go:embed sql/tags.sql
var tagsSQL string

// Tag names a label that games carry: ingest sets it for an import
// (--opponent, --source) and ginlog tag changes it.
type Tag string

// The tags.
const (
	TagOpponent Tag = "opponent"
	TagSource   Tag = "source"
)

// plural names the tag's values in messages: "opponents", "sources".
func (t Tag) plural() string { return string(t) + "s" }

// TagValue is one value of a tag with the games that carry it. The games
// without the tag have a TagValue of their own, with Tagged false.
type TagValue struct {
	Value   string
	Tagged  bool // false for the games without this tag
	Games   int  // games, the other player's logs of a game left out
	Wins    int  // games the logged player won
	FirstTS int64
	LastTS  int64
}

// WinRate returns the share of the games the logged player won, with its
// 95% Wilson interval.
func (v TagValue) WinRate() (rate, lo, hi float64) {
	lo, hi = stats.Wilson(v.Wins, v.Games)
	if v.Games > 0 {
		rate = float64(v.Wins) / float64(v.Games)
	}
	return rate, lo, hi
}

// Tags returns every value of tag in the database by value, the games
// without it last. A database without games gives an error wrapping
// ErrNoGames.
func Tags(ctx context.Context, db *sql.DB, tag Tag) ([]TagValue, error) {
	if tag != TagOpponent && tag != TagSource {
		return nil, fmt.Errorf("no tag %q: want %s or %s", tag, TagOpponent, TagSource)
	}
	rows, err := db.QueryContext(ctx, tagsSQL, sql.Named("kind", string(tag)))
	if err != nil {
		return nil, fmt.Errorf("list the %s: %w", tag.plural(), err)
	}
	defer rows.Close()
	var out []TagValue
	for rows.Next() {
		var v TagValue
		var value sql.NullString
		if err := rows.Scan(&value, &v.Games, &v.Wins, &v.FirstTS, &v.LastTS); err != nil {
			return nil, fmt.Errorf("list the %s: %w", tag.plural(), err)
		}
		v.Value, v.Tagged = value.String, value.Valid
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list the %s: %w", tag.plural(), err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: the database holds none (run ginlog ingest)", ErrNoGames)
	}
	return out, nil
}
