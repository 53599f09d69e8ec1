package organise

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/schema"
)

var (
	//go:embed sql/plan-remove.sql
	planRemoveSQL string
)

// Heir is a game left in place that stands for a removed game it was the
// other player's log of (a mirror): its link is cleared, so that the
// queries count it instead.
type Heir struct {
	Game, Gone int64
}

// Removal is what Remove deletes, or would: the games, their rounds and
// plays, and the heirs of removed games that others mirror.
type Removal struct {
	Games  []int64
	Rounds int64
	Plays  int64
	Heirs  []Heir
}

// ErrDeclined reports a removal the confirmation turned down: nothing was
// removed.
var ErrDeclined = errors.New("nothing removed")

// Remove deletes the games s selects with everything derived from them,
// in one transaction (schema.RemoveGames): rounds, plays, verify's results
// and their rows of import_files (the import's record and its errors
// stay). A game that other games mirror hands the link over first: the
// first of them (the lowest id) becomes the game counted, and the others
// mirror it instead.
//
// confirm, when not nil, is called with what would be removed before
// anything is: an error from it (ErrDeclined when the answer is no)
// removes nothing and is returned. A selection of no game gives an error
// wrapping selection.ErrNoGames that says why.
func Remove(ctx context.Context, db *sql.DB, s Selection, confirm func(*Removal) error) (*Removal, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("remove: %w", err)
	}
	defer tx.Rollback()
	ids, err := selectIDs(ctx, tx, s)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, noneSelected(ctx, db, s)
	}
	r, err := plan(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	if confirm != nil {
		if err := confirm(r); err != nil {
			return nil, err
		}
	}
	if err := schema.RemoveGames(ctx, schema.TxExec(tx), ids); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("remove: %w", err)
	}
	return r, nil
}

// plan reads what removing the games ids takes with it.
func plan(ctx context.Context, tx *sql.Tx, ids []int64) (*Removal, error) {
	r := &Removal{Games: ids}
	rows, err := tx.QueryContext(ctx, planRemoveSQL, sql.Named("ids", ids))
	if err != nil {
		return nil, fmt.Errorf("remove: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var a, b, c int64
		if err := rows.Scan(&kind, &a, &b, &c); err != nil {
			return nil, fmt.Errorf("remove: %w", err)
		}
		switch kind {
		case "size":
			r.Rounds, r.Plays = b, c
		case "heir":
			r.Heirs = append(r.Heirs, Heir{Game: a, Gone: b})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("remove: %w", err)
	}
	return r, nil
}
