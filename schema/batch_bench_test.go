package schema

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

// BenchmarkBatch measures a batch (database/sql's transaction on the
// connection) against the reference it replaced: BEGIN, COMMIT and
// ROLLBACK sent as statement text on the same connection. Each iteration
// appends the same rows both ways, in turn, and commits; tx/text is the
// ratio of their times, measured in the same run.
func BenchmarkBatch(b *testing.B) {
	const rows = 50000
	ctx := context.Background()
	db, err := Open(ctx, "")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE bench (id INTEGER NOT NULL, text VARCHAR NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	fill := func(a *duckdb.Appender) error {
		for i := range rows {
			if err := a.AppendRow(int32(i), "a row"); err != nil {
				return err
			}
		}
		return nil
	}
	var tx, text time.Duration
	for b.Loop() {
		start := time.Now()
		batch, err := Begin(ctx, conn)
		if err != nil {
			b.Fatal(err)
		}
		a, err := batch.Appender("bench")
		if err != nil {
			b.Fatal(err)
		}
		if err := fill(a); err != nil {
			b.Fatal(err)
		}
		if err := batch.Commit(ctx); err != nil {
			b.Fatal(err)
		}
		tx += time.Since(start)

		start = time.Now()
		if err := textBatch(ctx, conn, fill); err != nil {
			b.Fatal(err)
		}
		text += time.Since(start)
	}
	b.ReportMetric(float64(tx)/float64(text), "tx/text")
	b.ReportMetric(float64(rows)*float64(b.N)/tx.Seconds(), "rows/s")
}

// textBatch is the reference: the transaction as statement text.
func textBatch(ctx context.Context, conn *sql.Conn, fill func(*duckdb.Appender) error) error {
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	var a *duckdb.Appender
	err := conn.Raw(func(dc any) error {
		c, ok := dc.(driver.Conn)
		if !ok {
			return fmt.Errorf("connection %T is not a driver connection", dc)
		}
		var err error
		a, err = duckdb.NewAppenderFromConn(c, "", "bench")
		return err
	})
	if err == nil {
		err = fill(a)
		if cerr := a.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		_, rerr := conn.ExecContext(context.Background(), "ROLLBACK")
		return errors.Join(err, rerr)
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}
