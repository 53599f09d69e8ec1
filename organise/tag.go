package organise

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/tag.sql
	tagSQL string
	//go:embed sql/tag-counts.sql
	tagCountsSQL string
)

// Edit says what Tag does to one tag: nothing (Set false), or set it to
// Value, an empty Value clearing it.
type Edit struct {
	Set   bool
	Value string
}

// Edits are what Tag does to each tag.
type Edits struct {
	Opponent, Source Edit
}

// ErrNoEdit reports a Tag call that changes no tag.
var ErrNoEdit = errors.New("nothing to change: set or clear the opponent or the source")

// Count is how many of the selected games carried a value of a tag
// (Tagged false: carried none).
type Count struct {
	Value  string
	Tagged bool
	Games  int
}

// Tagged is what Tag did: the games it selected, and the values each tag
// had on them before, the commonest first.
type Tagged struct {
	Games  []int64
	Before map[selection.Tag][]Count
}

// Tag applies the edits to the games s selects, in one transaction. A
// value CheckLabel refuses gives an error wrapping ErrBadLabel. A
// selection of no game gives an error wrapping selection.ErrNoGames that
// says why.
func Tag(ctx context.Context, db *sql.DB, s Selection, e Edits) (*Tagged, error) {
	if !e.Opponent.Set && !e.Source.Set {
		return nil, ErrNoEdit
	}
	for _, v := range []Edit{e.Opponent, e.Source} {
		if err := CheckLabel(v.Value); err != nil {
			return nil, fmt.Errorf("tag: %w", err)
		}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("tag: %w", err)
	}
	defer tx.Rollback()
	ids, err := selectIDs(ctx, tx, s)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, noneSelected(ctx, db, s)
	}
	res := &Tagged{Games: ids, Before: map[selection.Tag][]Count{}}
	if err := res.count(ctx, tx, ids); err != nil {
		return nil, err
	}
	if err := queries.ForgetRollups(ctx, tx, ids); err != nil {
		return nil, fmt.Errorf("tag: %w", err)
	}
	if _, err := tx.ExecContext(ctx, tagSQL, sql.Named("ids", ids),
		sql.Named("set_opponent", e.Opponent.Set), sql.Named("opponent", null(e.Opponent.Value)),
		sql.Named("set_source", e.Source.Set), sql.Named("source", null(e.Source.Value))); err != nil {
		return nil, fmt.Errorf("tag: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("tag: %w", err)
	}
	return res, nil
}

// count reads the values the games carry before the change.
func (t *Tagged) count(ctx context.Context, tx *sql.Tx, ids []int64) error {
	rows, err := tx.QueryContext(ctx, tagCountsSQL, sql.Named("ids", ids))
	if err != nil {
		return fmt.Errorf("tag: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var tag string
		var value sql.NullString
		var c Count
		if err := rows.Scan(&tag, &value, &c.Games); err != nil {
			return fmt.Errorf("tag: %w", err)
		}
		c.Value, c.Tagged = value.String, value.Valid
		t.Before[selection.Tag(tag)] = append(t.Before[selection.Tag(tag)], c)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("tag: %w", err)
	}
	return nil
}
