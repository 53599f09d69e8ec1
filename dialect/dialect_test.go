package dialect

import (
	"database/sql"
	"slices"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

func TestParse(t *testing.T) {
	for _, d := range All {
		if got, err := Parse(string(d)); err != nil || got != d {
			t.Errorf("Parse(%q) = %q, %v", d, got, err)
		}
	}
	if _, err := Parse("postgres"); err == nil || err.Error() != `dialect "postgres": want duckdb, spark or trino` {
		t.Errorf("Parse(postgres): %v", err)
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		name string
		d    Dialect
		in   string
		want string
	}{
		{"plain duckdb", DuckDB, "week 1", "'week 1'"},
		{"quote duckdb", DuckDB, "it's", "'it''s'"},
		{"quote trino", Trino, "it's", "'it''s'"},
		{"backslash trino", Trino, `a\b`, `'a\b'`},
		{"quote spark", Spark, "it's", `'it\'s'`},
		{"backslash spark", Spark, `a\b`, `'a\\b'`},
		{"backslash quote spark", Spark, `\'`, `'\\\''`},
		{"empty", Spark, "", "''"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.d.String(c.in); got != c.want {
				t.Errorf("%s.String(%q) = %s, want %s", c.d, c.in, got, c.want)
			}
		})
	}
}

func TestIdent(t *testing.T) {
	for _, c := range []struct {
		d        Dialect
		in, want string
	}{
		{Spark, "round", "`round`"}, {Spark, "a`b", "`a``b`"}, {Trino, "round", `"round"`}, {Trino, `a"b`, `"a""b"`}, {DuckDB, "x", `"x"`},
	} {
		if got := c.d.Ident(c.in); got != c.want {
			t.Errorf("%s.Ident(%q) = %s, want %s", c.d, c.in, got, c.want)
		}
	}
}

func TestType(t *testing.T) {
	for _, c := range []struct {
		in                 string
		duck, spark, trino string
	}{
		{"BIGINT", "BIGINT", "BIGINT", "BIGINT"},
		{"TINYINT", "TINYINT", "TINYINT", "TINYINT"},
		{"SMALLINT", "SMALLINT", "SMALLINT", "SMALLINT"},
		{"VARCHAR", "VARCHAR", "STRING", "VARCHAR"},
		{"VARCHAR[]", "VARCHAR[]", "ARRAY<STRING>", "ARRAY(VARCHAR)"},
		{"TIMESTAMP", "TIMESTAMP", "TIMESTAMP_NTZ", "TIMESTAMP"},
		{"BOOLEAN", "BOOLEAN", "BOOLEAN", "BOOLEAN"},
	} {
		for d, want := range map[Dialect]string{DuckDB: c.duck, Spark: c.spark, Trino: c.trino} {
			if got, err := d.Type(c.in); err != nil || got != want {
				t.Errorf("%s.Type(%s) = %s, %v, want %s", d, c.in, got, err, want)
			}
		}
	}
	for _, bad := range []string{"UBIGINT", "HUGEINT", "card", "MAP(VARCHAR, INTEGER)"} {
		if got, err := Trino.Type(bad); err == nil {
			t.Errorf("Type(%s) = %s, want an error", bad, got)
		}
	}
}

func TestRewrite(t *testing.T) {
	for _, c := range []struct {
		name, in, spark string
	}{
		{"cast", "CAST(t AS VARCHAR)", "CAST(t AS STRING)"},
		{"lower case", "cast(t as varchar)", "cast(t as STRING)"},
		{"in a literal", "SELECT 'VARCHAR' || CAST(x AS VARCHAR)", "SELECT 'VARCHAR' || CAST(x AS STRING)"},
		{"in a comment", "-- VARCHAR\nSELECT 1", "-- VARCHAR\nSELECT 1"},
		{"part of a name", "SELECT varchar_len, a.varchar2 FROM t", "SELECT varchar_len, a.varchar2 FROM t"},
		{"quoted name", `SELECT "VARCHAR" FROM t`, `SELECT "VARCHAR" FROM t`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Spark.Rewrite(c.in); got != c.spark {
				t.Errorf("Spark: %q, want %q", got, c.spark)
			}
			for _, d := range []Dialect{DuckDB, Trino} {
				if got := d.Rewrite(c.in); got != c.in {
					t.Errorf("%s changed %q to %q", d, c.in, got)
				}
			}
		})
	}
}

func TestCalls(t *testing.T) {
	for _, c := range []struct {
		name, sql string
		want      []string
	}{
		{"aggregates", "SELECT count(*), sum(x), COUNT(y) FROM t", []string{"count", "sum"}},
		{"cast and case", "SELECT CAST(x AS VARCHAR), CASE WHEN a IN (1, 2) THEN round(b, 2) END FROM t", []string{"cast", "round"}},
		{"ctes and subqueries", "WITH a AS (SELECT 1), b AS (SELECT least(1, 2)) SELECT (SELECT count(*) FROM a) FROM b WHERE x IN (SELECT y FROM c)", []string{"least", "count"}},
		{"grouping sets", "SELECT a FROM t GROUP BY GROUPING SETS ((), (a))", nil},
		{"literals and comments", "-- count(x)\nSELECT 'sum(y)' FROM t", nil},
		{"joins", "SELECT 1 FROM a JOIN b USING (k) JOIN c ON (a.k = c.k)", nil},
		{"qualified", "SELECT hive.system.sync_partition_metadata('a')", []string{"sync_partition_metadata"}},
		{"ddl", "CREATE TABLE t (a BIGINT) WITH (format = 'PARQUET', partitioned_by = ARRAY['a'])", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Calls(c.sql); !slices.Equal(got, c.want) {
				t.Errorf("Calls = %q, want %q", got, c.want)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	sql := "SELECT enum_code(top) // 13, list_transform(x, c -> c), count(*) FROM t"
	if got, want := Missing(Trino, sql), []string{"enum_code", "list_transform"}; !slices.Equal(got, want) {
		t.Errorf("Missing(trino) = %q, want %q", got, want)
	}
	if got := Missing(Spark, "SELECT count(*), round(avg(x), 2) FROM t"); len(got) != 0 {
		t.Errorf("Missing(spark) = %q", got)
	}
}

// TestDuckDBFunctions checks the DuckDB list against the functions DuckDB
// itself has.
func TestDuckDBFunctions(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, f := range Functions(DuckDB) {
		if f == "cast" || f == "coalesce" {
			continue // syntax in DuckDB, not catalogue functions
		}
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM duckdb_functions() WHERE function_name = ?`, f).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Errorf("DuckDB has no function %s", f)
		}
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"SELECT 'a''b', \"c\", `d` -- e\nFROM t", "'unterminated", `'a\'b'`, "x--", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b strings.Builder
		for _, tok := range tokenize(s) {
			if tok.text == "" {
				t.Fatalf("empty token in %q", s)
			}
			b.WriteString(tok.text)
		}
		if b.String() != s {
			t.Fatalf("tokens join to %q, not %q", b.String(), s)
		}
		Calls(s)
		Spark.Rewrite(s)
	})
}
