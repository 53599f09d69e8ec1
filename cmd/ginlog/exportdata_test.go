package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
)

// sampleEnv ingests the bundled sample into a fresh database and returns
// the environment that names it.
func sampleEnv(t *testing.T) map[string]string {
	t.Helper()
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "ingest", "../../testdata/sample", "--source", "week 1", "--opponent", "bot7"); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	return env
}

// unstable are what changes from run to run in export-data's output, and
// what stands for them in the golden files: the time taken, the month of
// the import, and the sizes of the files (the import tables hold times).
var unstable = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`in \d+\.\d\d s`), "in T s"},
	{regexp.MustCompile(`"seconds": [0-9.e-]+`), `"seconds": T`},
	{regexp.MustCompile(`import_month=\d{4}-\d\d`), "import_month=YYYY-MM"},
	{regexp.MustCompile(`\d+(\.\d)? (KiB|MiB|bytes)`), "SIZE"},
	{regexp.MustCompile(`"bytes": \d+`), `"bytes": B`},
}

// stable replaces what changes from run to run in export-data's output.
func stable(out, dir string) string {
	out = strings.ReplaceAll(out, dir, "DIR")
	for _, u := range unstable {
		out = u.re.ReplaceAllString(out, u.with)
	}
	return out
}

func TestExportDataCommand(t *testing.T) {
	env := sampleEnv(t)
	dir := filepath.Join(t.TempDir(), "ds")
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"first", []string{"export-data", "--out", dir}, exitOK},
		{"again", []string{"export-data", "--out", dir}, exitOK},
		{"again-json", []string{"export-data", "--out", dir, "--format", "json"}, exitOK},
		{"no-out", []string{"export-data"}, exitUsage},
		{"bad-format", []string{"export-data", "--out", dir, "--format", "csv"}, exitUsage},
		{"not-a-dataset", []string{"export-data", "--out", full}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "export-data-"+tc.name+".txt", stable(strings.ReplaceAll(r.out+r.err, full, "FULL"), dir))
		})
	}
	if r := runCmd(t, map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}, "export-data", "--out", dir); r.code != exitNoMatch {
		t.Errorf("no database: exit %d: %s", r.code, r.err)
	}
}

// TestQueryData: query --data prints over the dataset exactly what query
// prints over the database, for every named query; the Hearts ones find
// no game in the Gin Rummy sample, and say so with the same exit code:
// the database says to ingest Hearts logs, the dataset that it holds
// none.
func TestQueryData(t *testing.T) {
	env := sampleEnv(t)
	dir := filepath.Join(t.TempDir(), "ds")
	if r := runCmd(t, env, "export-data", "--out", dir); r.code != exitOK {
		t.Fatalf("export-data: exit %d: %s", r.code, r.err)
	}
	for _, q := range queries.All() {
		name := q.Name
		first := []string{"--who", "both"}
		if q.Game == queries.GameHearts { // --who is the Gin queries' only
			first = []string{"--since", "2020-01-01"}
		}
		extras := [][]string{first, {"--source", "week 1", "--format", "json"}}
		if testing.Short() {
			extras = extras[:1] // -short: each query once; a plain run with filters and JSON too
		}
		for _, extra := range extras {
			args := append([]string{"query", name}, extra...)
			want := runCmd(t, env, args...)
			got := runCmd(t, nil, append(args, "--data", dir)...)
			wantCode, wantErr := exitOK, want.err
			if q.Game == queries.GameHearts {
				wantCode = exitNoMatch
				wantErr = "ginlog: no games match the filters: the dataset " + dir + " holds no Hearts games: the import it holds has none (ginlog export-data adds the database's new imports)\n"
			}
			if want.code != wantCode || got.code != want.code || got.out != want.out || got.err != wantErr {
				t.Errorf("%v --data: exit %d %s\n%s\nthe database gives exit %d %s\n%s", args, got.code, got.err, got.out, want.code, want.err, want.out)
			}
		}
	}
	grid := runCmd(t, nil, "query", "card-values", "--grid", "--data", dir)
	if want := runCmd(t, env, "query", "card-values", "--grid"); grid.code != exitOK || grid.out != want.out {
		t.Errorf("--grid --data: exit %d %s\n%s", grid.code, grid.err, grid.out)
	}
	if r := runCmd(t, nil, "query", "summary", "--data", dir, "--opponent", "bot9"); r.code != exitNoMatch {
		t.Errorf("--data with filters that select nothing: exit %d: %s", r.code, r.err)
	}
}

func TestQueryPrintSQL(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"trino", []string{"query", "draw-tendency", "--dialect", "trino", "--print-sql", "--opponent", "it's"}, exitOK},
		{"spark", []string{"query", "draw-tendency", "--dialect", "spark", "--print-sql", "--opponent", "it's"}, exitOK},
		{"no-dialect", []string{"query", "summary", "--print-sql"}, exitUsage},
		{"no-print", []string{"query", "summary", "--dialect", "trino"}, exitUsage},
		{"bad-dialect", []string{"query", "summary", "--dialect", "mysql", "--print-sql"}, exitUsage},
		{"with-data", []string{"query", "summary", "--dialect", "trino", "--print-sql", "--data", "x"}, exitUsage},
		{"bad-data", []string{"query", "summary", "--data", "../../testdata"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "query-print-sql-"+tc.name+".txt", r.out+r.err)
		})
	}
	if _, err := os.Stat("x"); err == nil {
		t.Error("--print-sql with --data created x")
	}
}
