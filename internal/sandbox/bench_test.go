package sandbox_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/sandbox"
	"github.com/ginlog/ginlog/schema"
)

// BenchmarkCheck measures what checking a statement adds before it runs,
// as a ratio to running the statement itself on an empty database (the
// reference, timed in the same run).
func BenchmarkCheck(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "g.duckdb")
	w, err := schema.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	const q = `SELECT g.game_id, count(*) FROM games g JOIN plays p USING (game_id) WHERE p.actor = 'opp' GROUP BY 1 ORDER BY 2 DESC LIMIT 10`
	run := func() {
		rows, err := conn.QueryContext(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
	const n = 200
	b.ResetTimer()
	for b.Loop() {
		var check, query float64
		for range n {
			start := b.Elapsed()
			if err := sandbox.Check(ctx, conn, q); err != nil {
				b.Fatal(err)
			}
			mid := b.Elapsed()
			run()
			check += float64(mid - start)
			query += float64(b.Elapsed() - mid)
		}
		b.ReportMetric(check/n/1e3, "check-µs")
		b.ReportMetric(query/n/1e3, "query-µs")
		b.ReportMetric(check/query, "check/query")
	}
}
