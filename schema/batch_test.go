package schema

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// batchDB returns an open database with a connection and a small table.
func batchDB(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeDB(t, db) })
	if _, err := db.Exec(`CREATE TABLE notes (id INTEGER NOT NULL, text VARCHAR NOT NULL); INSERT INTO notes VALUES (1, 'kept')`); err != nil {
		t.Fatal(err)
	}
	return db
}

func notes(t *testing.T, db *DB) string {
	t.Helper()
	var s string
	if err := db.QueryRow(`SELECT coalesce(string_agg(id::VARCHAR || ':' || text, ' ' ORDER BY id), '') FROM notes`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBatch(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fill    func(ctx context.Context, b *Batch) error
		commit  bool
		want    string
		wantErr string
	}{
		{"commit", func(ctx context.Context, b *Batch) error {
			a, err := b.Appender("notes")
			if err != nil {
				return err
			}
			if err := a.AppendRow(int32(2), "new"); err != nil {
				return err
			}
			again, err := b.Appender("notes")
			if err != nil || again != a {
				t.Errorf("the second Appender call opened another appender (%v)", err)
			}
			return a.AppendRow(int32(3), "newer")
		}, true, "1:kept 2:new 3:newer", ""},
		{"statement, then rows, in one transaction", func(ctx context.Context, b *Batch) error {
			if err := b.Exec(ctx, `DELETE FROM notes WHERE id = $1`, 1); err != nil {
				return err
			}
			a, err := b.Appender("notes")
			if err != nil {
				return err
			}
			return a.AppendRow(int32(1), "replaced")
		}, true, "1:replaced", ""},
		{"rollback", func(ctx context.Context, b *Batch) error {
			if err := b.Exec(ctx, `DELETE FROM notes`); err != nil {
				return err
			}
			a, err := b.Appender("notes")
			if err != nil {
				return err
			}
			return a.AppendRow(int32(2), "dropped")
		}, false, "1:kept", ""},
		{"unknown table", func(ctx context.Context, b *Batch) error {
			_, err := b.Appender("no_such_table")
			return err
		}, false, "1:kept", "appender for no_such_table"},
		{"a row the table refuses fails the flush, named", func(ctx context.Context, b *Batch) error {
			a, err := b.Appender("notes")
			if err != nil {
				return err
			}
			if err := a.AppendRow(int32(2), "fine"); err != nil {
				return err
			}
			if err := a.AppendRow(nil, "no id"); err != nil {
				return err
			}
			return nil
		}, true, "1:kept", "notes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := batchDB(t)
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			b, err := Begin(ctx, conn)
			if err != nil {
				t.Fatal(err)
			}
			err = tc.fill(ctx, b)
			if err == nil && tc.commit {
				err = b.Commit(ctx)
			} else if rerr := b.Rollback(); rerr != nil {
				t.Fatalf("rollback: %v", rerr)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one naming %q", err, tc.wantErr)
			}
			if got := notes(t, db); got != tc.want {
				t.Errorf("table holds %q, want %q", got, tc.want)
			}
			// The connection is usable again: a new batch commits.
			b, err = Begin(ctx, conn)
			if err != nil {
				t.Fatalf("a new batch after the last: %v", err)
			}
			if err := b.Commit(ctx); err != nil {
				t.Fatalf("commit an empty batch: %v", err)
			}
			if err := b.Rollback(); err != nil {
				t.Errorf("rollback after commit: %v", err)
			}
		})
	}
}

// TestBatchCancelled checks that a batch whose context ends before Commit
// commits nothing, reports the cancellation, and leaves its connection
// usable: the transaction does not end under the appenders' feet.
func TestBatchCancelled(t *testing.T) {
	db := batchDB(t)
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithCancel(context.Background())
	b, err := Begin(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.Appender("notes")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.AppendRow(int32(2), "before"); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := a.AppendRow(int32(3), "after"); err != nil {
		t.Fatalf("append after the cancellation: %v", err)
	}
	if err := b.Commit(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("commit: %v, want context.Canceled", err)
	}
	if got := notes(t, db); got != "1:kept" {
		t.Errorf("table holds %q after a cancelled batch", got)
	}
	if _, err := Begin(ctx, conn); !errors.Is(err, context.Canceled) {
		t.Errorf("begin with a cancelled context: %v", err)
	}
	b, err = Begin(context.Background(), conn)
	if err != nil {
		t.Fatalf("a new batch on the connection: %v", err)
	}
	if err := b.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestBatchCommitConflict commits two batches that add the same key on two
// connections, both flushed first: the second commit itself fails, and its
// connection is usable again (DuckDB rolled the failed transaction back).
func TestBatchCommitConflict(t *testing.T) {
	db := batchDB(t)
	ctx := context.Background()
	if _, err := db.Exec(`CREATE TABLE keyed (id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	var batches [2]*Batch
	for i := range batches {
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if batches[i], err = Begin(ctx, conn); err != nil {
			t.Fatal(err)
		}
		a, err := batches[i].Appender("keyed")
		if err != nil {
			t.Fatal(err)
		}
		if err := a.AppendRow(int32(7)); err != nil {
			t.Fatal(err)
		}
		// Both rows reach their transaction before either commits: the
		// conflict shows at the second commit.
		if err := batches[i].Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := batches[0].Commit(ctx); err != nil {
		t.Fatalf("first commit: %v", err)
	}
	if err := batches[1].Commit(ctx); err == nil || !strings.HasPrefix(err.Error(), "commit: ") {
		t.Fatalf("second commit: %v, want the commit's own error", err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM keyed`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d rows (%v), want 1", n, err)
	}
	again, err := Begin(ctx, batches[1].conn)
	if err != nil {
		t.Fatalf("a batch after the failed commit: %v", err)
	}
	if err := again.Commit(ctx); err != nil {
		t.Errorf("commit after the failed one: %v", err)
	}
}
