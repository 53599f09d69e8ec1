package schema

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// Batch is one transaction on one connection that fills tables through
// DuckDB appenders, one per table, opened by table name. The appenders
// flush their rows when closed, so a batch ends with Flush (every appender
// closed, each error checked and named by its table) and Commit, or with
// Rollback; nothing it appended is visible to others before Commit.
//
// The transaction is database/sql's own (the driver begins, commits and
// rolls back), begun without the caller's cancellation: database/sql
// would otherwise roll it back from a goroutine of its own the moment the
// context ends, while an appender may be writing on the same connection,
// and discard the connection. Commit and Rollback check the context
// themselves instead.
type Batch struct {
	conn  *sql.Conn
	tx    *sql.Tx
	names []string // the tables of the open appenders, in opening order
	apps  map[string]*duckdb.Appender
	open  bool
}

// Begin opens a transaction on conn.
func Begin(ctx context.Context, conn *sql.Conn) (*Batch, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	tx, err := conn.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	return &Batch{conn: conn, tx: tx, apps: map[string]*duckdb.Appender{}, open: true}, nil
}

// Exec runs a statement in the transaction. Run it before opening the
// appender of a table it changes: an appender's rows reach the table only
// when it is flushed.
func (b *Batch) Exec(ctx context.Context, query string, args ...any) error {
	_, err := b.tx.ExecContext(ctx, query, args...)
	return err
}

// Appender returns the appender of table, opening it on first use. Keep
// the result for the batch: one appender per table per batch.
func (b *Batch) Appender(table string) (*duckdb.Appender, error) {
	if a, ok := b.apps[table]; ok {
		return a, nil
	}
	var a *duckdb.Appender
	err := b.conn.Raw(func(dc any) error {
		c, ok := dc.(driver.Conn)
		if !ok {
			return fmt.Errorf("connection %T is not a driver connection", dc)
		}
		var err error
		a, err = duckdb.NewAppenderFromConn(c, "", table)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("appender for %s: %w", table, err)
	}
	b.apps[table] = a
	b.names = append(b.names, table)
	return a, nil
}

// Flush closes every appender in the order they were opened, which writes
// their rows into the transaction, and returns the first error, naming its
// table. After Flush the batch may open appenders again.
func (b *Batch) Flush() error {
	var first error
	for _, name := range b.names {
		if err := b.apps[name].Close(); err != nil && first == nil {
			first = fmt.Errorf("flush %s: %w", name, err)
		}
		delete(b.apps, name)
	}
	b.names = b.names[:0]
	return first
}

// Commit flushes the appenders and commits the transaction. When either
// fails, or ctx has ended, the transaction is rolled back and the error
// returned.
func (b *Batch) Commit(ctx context.Context) error {
	if err := b.Flush(); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if err := ctx.Err(); err != nil {
		return errors.Join(fmt.Errorf("commit: %w", err), b.Rollback())
	}
	b.open = false
	if err := b.tx.Commit(); err != nil {
		// DuckDB rolls back a transaction whose commit fails.
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Rollback abandons the batch: it closes the appenders and rolls the
// transaction back, so that nothing appended remains. The appenders'
// errors are not returned: they concern rows being thrown away, and the
// failure that led to the rollback has been reported by the caller. It is
// safe to call after Commit or a previous Rollback, which it leaves alone.
func (b *Batch) Rollback() error {
	for _, name := range b.names {
		_ = b.apps[name].Close() // its rows go with the transaction
		delete(b.apps, name)
	}
	b.names = b.names[:0]
	if !b.open {
		return nil
	}
	b.open = false
	if err := b.tx.Rollback(); err != nil {
		return fmt.Errorf("rollback: %w", err)
	}
	return nil
}
