package queries

import (
	"cmp"
	"context"
	"database/sql"
	_ "embed"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/tendencies.sql
	tendenciesSQL string
	//go:embed sql/tendencies-rolled.sql
	tendenciesRolledSQL string
	//go:embed sql/tendencies-chunks.sql
	tendenciesChunksSQL string
	//go:embed sql/tendency-rounds.sql
	tendencyRoundsSQL string
)

// roundCount is how many rounds gave a side of a measure the same cases
// and opportunities.
type roundCount struct {
	side, measure                string
	cases, opportunities, rounds int
}

// tendencyCounts returns the tendencies' counts of the games f selects,
// summed over the rollup groups it selects whole and the other games,
// ordered by side, measure, cases and opportunities. Those other games
// are counted a chunk of RollupBlock ids at a time, so that a database
// without rollups (before its first verify, or after an upgrade) takes
// no more memory than one with them.
func tendencyCounts(ctx context.Context, src Source, f selection.Filters) ([]roundCount, error) {
	sums := map[roundCount]int{} // rounds by the count without them
	add := func(rows *sql.Rows) error {
		var c roundCount
		if err := rows.Scan(&c.side, &c.measure, &c.cases, &c.opportunities, &c.rounds); err != nil {
			return err
		}
		n := c.rounds
		c.rounds = 0
		sums[c] += n
		return nil
	}
	if err := eachRow(ctx, src, "tendencies", tendenciesRolledSQL, f, add); err != nil {
		return nil, err
	}
	var chunks []int64
	err := eachRow(ctx, src, "tendencies", tendenciesChunksSQL, f, func(rows *sql.Rows) error {
		var c int64
		err := rows.Scan(&c)
		chunks = append(chunks, c)
		return err
	}, sql.Named("n", RollupBlock))
	if err != nil {
		return nil, err
	}
	text := withTendencyRounds(tendenciesSQL)
	for _, c := range chunks {
		lo, hi := sql.Named("lo", c*RollupBlock), sql.Named("hi", (c+1)*RollupBlock-1)
		if err := eachRow(ctx, src, "tendencies", text, f, add, lo, hi); err != nil {
			return nil, err
		}
	}
	out := make([]roundCount, 0, len(sums))
	for c, n := range sums {
		c.rounds = n
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b roundCount) int {
		return cmp.Or(cmp.Compare(a.side, b.side), cmp.Compare(a.measure, b.measure),
			cmp.Compare(a.cases, b.cases), cmp.Compare(a.opportunities, b.opportunities))
	})
	return out, nil
}

// withTendencyRounds returns a statement with the line that holds only
// {{tendency-rounds}} (and perhaps a comma after it) replaced by the
// common table expressions of tendency-rounds.sql, which count what each
// round gives each side of each measure.
func withTendencyRounds(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "{{tendency-rounds}}"); ok && (rest == "" || rest == ",") {
			lines[i] = stripComments(tendencyRoundsSQL) + rest
		}
	}
	return strings.Join(lines, "\n")
}
