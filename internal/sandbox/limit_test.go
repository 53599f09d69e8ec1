package sandbox_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/sandbox"
	"github.com/ginlog/ginlog/schema"
)

// TestLimit checks that a statement run under Limit passes the sandbox and
// gives the rows the statement gives (in its order), cut at the limit,
// whatever its terminator, comments and quoted semicolons.
func TestLimit(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	w, err := schema.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rowsOf := func(q string) [][]any {
		t.Helper()
		if err := sandbox.Check(ctx, conn, q); err != nil {
			t.Fatalf("Check(%q): %v", q, err)
		}
		rows, err := conn.QueryContext(ctx, q)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		var out [][]any
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, vals)
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		return out
	}
	for _, q := range []string{
		`SELECT range FROM range(7) ORDER BY range DESC`,
		`SELECT range FROM range(7) ORDER BY range DESC;`,
		`SELECT range FROM range(7) ORDER BY range DESC ;  -- the end`,
		`SELECT range FROM range(7) -- no terminator, a comment`,
		`SELECT range FROM range(7) /* a ; in /* a nested */ comment */ ORDER BY 1;`,
		`SELECT 'a;b' AS s, 'it''s; here' AS t UNION ALL SELECT 'c', 'd' ORDER BY 1;`,
		`SELECT E'a\';b' AS s;`,
		`SELECT "semi;colon" FROM (SELECT 1 AS "semi;colon");`,
		`SELECT $$a;b$$ AS s, $tag$c;$$;d$tag$ AS t;`,
		`FROM range(5) SELECT range * 2 ORDER BY 1 DESC;`,
		`WITH x AS (SELECT range AS a FROM range(9)) SELECT a FROM x WHERE a % 2 = 0 ORDER BY a LIMIT 3;`,
		`SHOW TABLES;`,
		`DESCRIBE games;`,
		`VALUES (1, 'x'), (2, 'y');`,
		`SELECT 1;;`,
	} {
		t.Run(q, func(t *testing.T) {
			want := rowsOf(q)
			if got := rowsOf(sandbox.Limit(q, 1000)); !reflect.DeepEqual(got, want) {
				t.Errorf("under Limit: %v, want %v", got, want)
			}
			if got := rowsOf(sandbox.Limit(q, 2)); len(got) != min(2, len(want)) || (len(got) > 0 && !reflect.DeepEqual(got, want[:len(got)])) {
				t.Errorf("under Limit 2: %v, want the first 2 of %v", got, want)
			}
		})
	}
}

// FuzzLimit checks that Limit never panics and keeps a prefix of the
// statement.
func FuzzLimit(f *testing.F) {
	for _, s := range []string{`SELECT 1;`, `SELECT 'a;'`, `SELECT $x$;$x$; --`, `/* /* */`, `E'\'`, `$1;`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		out := sandbox.Limit(q, 5)
		body := strings.TrimSuffix(strings.TrimPrefix(out, "SELECT * FROM (\n"), "\n) LIMIT 5")
		if !strings.HasPrefix(q, body) {
			t.Fatalf("Limit(%q) = %q: not a prefix of the statement", q, out)
		}
		if len(body) < len(q) && q[len(body)] != ';' {
			t.Fatalf("Limit(%q) cut at %q, not at a semicolon", q, fmt.Sprint(q[len(body):]))
		}
	})
}
