package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

// selectionFlags holds the flags by which tag and rm choose games, beside
// the game ids and ranges given as arguments.
type selectionFlags struct {
	imports                        []int32
	opponent, source, since, until string
	all                            bool
}

func (sf *selectionFlags) register(a *app, cmd *cobra.Command) {
	f := cmd.Flags()
	f.Int32SliceVar(&sf.imports, "import", nil, "games in the files of this import (repeat, or give a list: 2,3); ginlog sql 'FROM imports' lists them")
	f.StringVar(&sf.opponent, "opponent", "", "games tagged with this opponent")
	f.StringVar(&sf.source, "source", "", "games tagged with this source")
	f.StringVar(&sf.since, "since", "", "games logged at or after this date (2020-11-07, RFC 3339, or Unix seconds)")
	f.StringVar(&sf.until, "until", "", "games logged before this date")
	f.BoolVar(&sf.all, "all", false, "every game (needed when nothing else selects)")
	a.completeTags(cmd)
}

// selectionHelp explains how the games are chosen, for the help texts.
const selectionHelp = `Games are chosen by id (12) or range of ids (12-20) as arguments, by
--import N (the games in the files of import N: loaded by it or found
again by it), and by the filters --opponent, --source, --since and
--until. Each narrows the choice: 1-100 --opponent bot-7 is the games
among 1 to 100 tagged bot-7. The other player's logs of a game (mirrors)
are chosen like any game. With none of these, --all is needed.`

// parse returns the selection the arguments and flags give.
func (sf *selectionFlags) parse(args []string) (organise.Selection, error) {
	s := organise.Selection{Imports: sf.imports, All: sf.all,
		Filters: selection.Filters{Opponent: sf.opponent, Source: sf.source}}
	for _, a := range args {
		r, err := organise.ParseRange(a)
		if err != nil {
			return s, &usageError{err: err}
		}
		s.Ranges = append(s.Ranges, r)
	}
	for _, id := range sf.imports {
		if id < 1 {
			return s, usagef("--import: import ids start at 1, got %d", id)
		}
	}
	var err error
	if s.Filters.Since, err = selection.ParseTime("since", sf.since); err != nil {
		return s, err
	}
	if s.Filters.Until, err = selection.ParseTime("until", sf.until); err != nil {
		return s, err
	}
	return s, nil
}

// openExisting opens the database for a change to the games it holds:
// one that does not exist is not created (there is nothing to change).
func (a *app) openExisting(ctx context.Context) (*schema.DB, error) {
	if a.dbIsNew() {
		return nil, fmt.Errorf("%w at %s: run ginlog ingest first, or name one with --db", schema.ErrNoDatabase, a.dbPath())
	}
	return a.openDB(ctx)
}

// selectionError makes a selection that names nothing a usage error.
func selectionError(err error) error {
	if errors.Is(err, organise.ErrNoSelection) {
		return &usageError{err: err}
	}
	return err
}

// idList shows game ids as ranges, the first few of them.
func idList(ids []int64) string {
	const shown = 8
	ranges := organise.Ranges(ids)
	parts := make([]string, 0, shown+1)
	for i, r := range ranges {
		if i == shown {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, r.String())
	}
	return strings.Join(parts, " ")
}
