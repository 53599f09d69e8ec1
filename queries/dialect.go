package queries

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/dialect"
	"github.com/ginlog/ginlog/selection"
)

// Statement returns a named query as one statement for an engine reading
// a dataset (Spark SQL, Trino, or DuckDB): the params row with the
// filters as literals, the dimensions read from the dataset's enums
// table, the prelude and the query, rewritten for the dialect. It reads
// the tables games, rounds, plays, play_features, round_checks, cards and
// enums, as the dataset's _spark.sql or _trino.sql registers them. Rates,
// intervals and notes are added by ginlog, not by the statement: it
// returns cases and opportunities.
func Statement(q Query, f selection.Filters, d dialect.Dialect) (string, error) {
	f, err := f.Check()
	if err != nil {
		return "", err
	}
	return d.Rewrite(assemble(literals(f, d), DatasetTables, q.Game, q.prelude(), q.SQL)) + "\n", nil
}

// literals returns the params row of the checked filters as literals: the
// common table expression selection.ParamsCTE reads from parameters.
func literals(f selection.Filters, d dialect.Dialect) string {
	str := func(ok bool, s string) string {
		if !ok {
			return "CAST(NULL AS VARCHAR)"
		}
		return "CAST(" + d.String(s) + " AS VARCHAR)"
	}
	num := func(ok bool, n int64) string {
		if !ok {
			return "CAST(NULL AS BIGINT)"
		}
		return "CAST(" + strconv.FormatInt(n, 10) + " AS BIGINT)"
	}
	cols := []string{
		str(true, f.Who) + " AS who",
		str(f.Opponent != "", f.Opponent) + " AS opponent",
		str(f.Source != "", f.Source) + " AS source",
		num(f.Since != 0, f.Since) + " AS since",
		num(f.Until != 0, f.Until) + " AS until",
		num(f.Game != 0, f.Game) + " AS game",
	}
	return fmt.Sprintf("params AS (\n  SELECT %s\n)", strings.Join(cols, ",\n         "))
}
