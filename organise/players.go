package organise

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/internal/suggest"
)

var (
	//go:embed sql/player-identities.sql
	playerIdentitiesSQL string
	//go:embed sql/player-merge.sql
	playerMergeSQL string
	//go:embed sql/player-unmerge.sql
	playerUnmergeSQL string
	//go:embed sql/player-rename.sql
	playerRenameSQL string
	//go:embed sql/player-names.sql
	playerNamesSQL string
	//go:embed sql/player-merged-names.sql
	playerMergedNamesSQL string
)

// ErrNoPlayer reports a name that is neither a Hearts player's qualified
// id nor a name players are merged under.
var ErrNoPlayer = errors.New("no such Hearts player")

// ErrNotMerged reports an Unmerge of names no merge has.
var ErrNotMerged = errors.New("not merged")

// Merged is what Merge or Unmerge did: the name, and the qualified ids it
// stands for (Merge) or stood for (Unmerge).
type Merged struct {
	Name       string
	Identities []string
}

// Merge says that the Hearts players named are one player, named as: each
// name is a qualified id (origin/id, as ginlog players lists them) or a
// name players are already merged under, which brings all of them. The
// merge is stored (player_merges) and applied at once to every game's
// players and seats, in one transaction; ingest applies it to the games it
// loads later. A name that names no player gives an error wrapping
// ErrNoPlayer; a name CheckLabel refuses, one wrapping ErrBadLabel.
func Merge(ctx context.Context, db *sql.DB, names []string, as string) (*Merged, error) {
	if err := CheckLabel(as); err != nil {
		return nil, err
	}
	if as == "" {
		return nil, fmt.Errorf("merge: %w: the name to merge under is empty", ErrBadLabel)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var ids []string
	for _, name := range names {
		got, err := identities(ctx, tx, name)
		if err != nil {
			return nil, err
		}
		ids = append(ids, got...)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if _, err := tx.ExecContext(ctx, playerMergeSQL, ids, as, time.Now().UTC()); err != nil {
		return nil, fmt.Errorf("merge players: %w", err)
	}
	if err := rename(ctx, tx); err != nil {
		return nil, err
	}
	return &Merged{Name: as, Identities: ids}, tx.Commit()
}

// identities returns the qualified ids name stands for.
func identities(ctx context.Context, tx *sql.Tx, name string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, playerIdentitiesSQL, name)
	if err != nil {
		return nil, fmt.Errorf("find player %s: %w", name, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(ids) == 0 {
		known, err := knownNames(ctx, tx, playerNamesSQL)
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w%s; give a qualified id as ginlog players lists them (origin/id)", name, ErrNoPlayer, suggest.DidYouMean(name, known))
	}
	return ids, nil
}

// knownNames reads the one column of names a query returns, for suggestions.
func knownNames(ctx context.Context, tx *sql.Tx, query string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("player names: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
}

// Unmerge undoes the merges of the names given, each a name players are
// merged under or one merged identity: every identity merged under the
// name, or the identity alone, is a player of its own again, in one
// transaction. It returns what each name stood for, by name; a name no
// merge has gives an error wrapping ErrNotMerged and changes nothing.
func Unmerge(ctx context.Context, db *sql.DB, names []string) ([]Merged, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, playerUnmergeSQL, names)
	if err != nil {
		return nil, fmt.Errorf("unmerge players: %w", err)
	}
	byName, found := map[string][]string{}, map[string]bool{}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return nil, err
		}
		byName[name] = append(byName[name], id)
		found[id], found[name] = true, true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range names {
		if !found[name] {
			return nil, notMerged(ctx, tx, name)
		}
	}
	if err := rename(ctx, tx); err != nil {
		return nil, err
	}
	var out []Merged
	for name, ids := range byName {
		slices.Sort(ids)
		out = append(out, Merged{Name: name, Identities: ids})
	}
	slices.SortFunc(out, func(a, b Merged) int { return strings.Compare(a.Name, b.Name) })
	return out, tx.Commit()
}

// notMerged returns the error for name, which no merge has, suggesting
// the merged names and identities close to it (those the unmerge under
// way has not removed).
func notMerged(ctx context.Context, tx *sql.Tx, name string) error {
	known, err := knownNames(ctx, tx, playerMergedNamesSQL)
	if err != nil {
		return err
	}
	return fmt.Errorf("%s: %w%s; ginlog players lists the merged players", name, ErrNotMerged, suggest.DidYouMean(name, known))
}

// rename applies player_merges to every game's players and seats.
func rename(ctx context.Context, tx *sql.Tx) error {
	for _, s := range sqltext.Statements(playerRenameSQL) {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("rename players: %w", err)
		}
	}
	return nil
}
