package dialect_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/dialect"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdataset"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// parsersDir returns the folder where dt-sql-parser is installed
// ($GINLOG_SQLPARSERS, else ~/.cache/ginlog-sqlparsers, where .ci/run
// installs it), or calls testenv.Missing.
func parsersDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("GINLOG_SQLPARSERS")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			testenv.Missing(t, "no home folder to find dt-sql-parser in (set GINLOG_SQLPARSERS): %v", err)
		}
		dir = filepath.Join(home, ".cache", "ginlog-sqlparsers")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "dt-sql-parser", "package.json")); err != nil {
		testenv.Missing(t, "dt-sql-parser is not installed in %s (npm install --prefix %s dt-sql-parser@4.5.1, as .ci/run does): %v", dir, dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

type parseCase struct {
	Name    string          `json:"name"`
	Dialect dialect.Dialect `json:"dialect"`
	SQL     string          `json:"sql"`
}

type parseResult struct {
	Name   string   `json:"name"`
	Errors []string `json:"errors"`
}

// validate parses every case with the grammar of its engine.
func validate(t *testing.T, cases []parseCase) map[string][]string {
	t.Helper()
	node := testenv.Tool(t, "node", "Debian package nodejs")
	dir := parsersDir(t)
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "sqlparse", "validate.mjs"))
	cmd.Env = append(os.Environ(), "GINLOG_SQLPARSERS="+dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node validate.mjs: %v\n%s", err, stderr.String())
	}
	var results []parseResult
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatalf("validate.mjs output: %v\n%s", err, out)
	}
	if len(results) != len(cases) {
		t.Fatalf("%d results for %d cases", len(results), len(cases))
	}
	byName := map[string][]string{}
	for _, r := range results {
		byName[r.Name] = r.Errors
	}
	return byName
}

// TestEnginesParse parses, with grammars taken from Spark SQL and Trino
// themselves (dt-sql-parser), every named query as ginlog prints it for
// each engine and the statements that register a dataset; and checks that
// the same grammars reject DuckDB's own dialect (the queries as they were
// written before). It also checks every function the queries call against
// each engine's list.
func TestEnginesParse(t *testing.T) {
	testenv.Long(t, "Node parses every named query with the Spark and Trino grammars")
	// Filters only change the literals of the params row: all set, with
	// quotes and a backslash to escape.
	filters := map[string]selection.Filters{
		"all filters": {Who: "both", Opponent: `it's a "bot" \ 7`, Source: "week 1", Since: 1600000000, Until: 1700000000, Game: 12},
	}
	var cases []parseCase
	for _, d := range []dialect.Dialect{dialect.Spark, dialect.Trino} {
		for _, q := range queries.All() {
			for fname, f := range filters {
				text, err := queries.Statement(q, f, d)
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, parseCase{string(d) + " " + q.Name + " " + fname, d, text})
				if missing := dialect.Missing(d, text); len(missing) > 0 {
					t.Errorf("%s for %s calls %v, which %s lacks", q.Name, d, missing, d)
				}
			}
		}
	}
	tmp := t.TempDir()
	db := filepath.Join(tmp, "ginlog.duckdb")
	testdataset.Database(t, db, false, ingest.Options{Paths: []string{"../testdata/sample"}})
	dir := filepath.Join(tmp, "it's a dataset")
	if _, err := dataset.Export(t.Context(), db, dir, dataset.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		d    dialect.Dialect
	}{{dataset.SparkName, dialect.Spark}, {dataset.TrinoName, dialect.Trino}} {
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, parseCase{f.name, f.d, string(b)})
	}
	rejected := map[string]bool{}
	for _, name := range []string{"duckdb-draw-tendency.sql", "duckdb-card-values.sql"} {
		b, err := os.ReadFile(filepath.Join("testdata", "sqlparse", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []dialect.Dialect{dialect.Spark, dialect.Trino} {
			n := string(d) + " " + name
			cases = append(cases, parseCase{n, d, string(b)})
			rejected[n] = true
		}
	}
	for _, c := range []parseCase{
		{"trino cast with ::", dialect.Trino, "SELECT a::VARCHAR FROM t"},
		{"spark integer division //", dialect.Spark, "SELECT a // 13 FROM t"},
		{"trino list literal", dialect.Trino, "SELECT [1, 2][1] FROM t"},
		{"spark unterminated", dialect.Spark, "SELECT count(* FROM t"},
	} {
		cases = append(cases, c)
		rejected[c.Name] = true
	}
	results := validate(t, cases)
	for _, c := range cases {
		errs := results[c.Name]
		switch {
		case rejected[c.Name] && len(errs) == 0:
			t.Errorf("%s: the %s grammar accepts it", c.Name, c.Dialect)
		case !rejected[c.Name] && len(errs) > 0:
			t.Errorf("%s: the %s grammar rejects it: %s\n%s", c.Name, c.Dialect, strings.Join(errs, "; "), c.SQL)
		}
	}
}
