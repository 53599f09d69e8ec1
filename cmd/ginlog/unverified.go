package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// warnUnverified says on stderr, in one line, how many of the games of
// each kind in games that the filters select are not verified yet, when
// some are: what the queries read from verify leaves them out, so that
// their counts fall short without it.
func warnUnverified(ctx context.Context, a *app, db *sql.DB, f selection.Filters, games ...string) error {
	var parts []string
	are := false // the verb of the line: "are" for more than one game
	for _, game := range games {
		n, of, err := queries.Unverified(ctx, db, game, f)
		if err != nil {
			return err
		}
		noun := "games"
		if game == queries.GameHearts {
			noun = "Hearts games"
		}
		switch {
		case n == 0:
			continue
		case of == 1:
			parts = append(parts, "the selected "+strings.TrimSuffix(noun, "s"))
		default:
			parts = append(parts, fmt.Sprintf("%d of the %d selected %s", n, of, noun))
			are = are || n > 1
		}
	}
	if len(parts) == 0 {
		return nil
	}
	isAre := "is"
	if are || len(parts) > 1 {
		isAre = "are"
	}
	_, err := fmt.Fprintf(a.err, "ginlog: %s %s not verified; run ginlog verify\n", strings.Join(parts, " and "), isAre)
	return err
}
