package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// TestCompletion runs cobra's __complete, as a shell does on TAB: the
// values offered, then the directive (":4" no file names, ":6" and no
// space after the value).
func TestCompletion(t *testing.T) {
	r := runCmd(t, nil, "completion", "bash")
	if r.code != 0 || !strings.Contains(r.out, "bash completion") {
		t.Errorf("completion bash: exit %d, %d bytes", r.code, len(r.out))
	}
	tagged := corpusDB(t, testenv.Sample)
	if r := runCmd(t, tagged, "tag", "1-5", "--set-opponent", "bot7"); r.code != exitOK {
		t.Fatalf("tag: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, tagged, "tag", "6-20", "--set-opponent", "bot9", "--set-source", "ladder-week-3"); r.code != exitOK {
		t.Fatalf("tag: exit %d: %s", r.code, r.err)
	}
	missing := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}
	notADB := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "text.duckdb")}
	if err := os.WriteFile(notADB["GINLOG_DB"], []byte("not a database\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var queryNames []string
	for _, q := range queries.All() {
		queryNames = append(queryNames, q.Name+"\t"+q.Description)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"query names", nil, []string{"query", ""}, append(queryNames, ":4")},
		{"query names by prefix", nil, []string{"query", "hearts-q"}, []string{"hearts-queen\t" + mustQuery(t, "hearts-queen").Description, ":4"}},
		{"no second query name", nil, []string{"query", "summary", ""}, []string{":4"}},
		{"formats", nil, []string{"games", "--format", ""}, []string{"table", "csv", "json", "markdown", ":4"}},
		{"formats by short flag", nil, []string{"sql", "-f", "m"}, []string{"markdown", ":4"}},
		{"summary formats", nil, []string{"ingest", "-f", ""}, []string{"table", "json", ":4"}},
		{"export formats", nil, []string{"export", "-f", ""}, []string{"json", "haskell", "go", ":4"}},
		{"metrics", nil, []string{"query", "card-values", "--grid", "--metric", "m"}, []string{"melded", ":4"}},
		{"dialects", nil, []string{"query", "summary", "--dialect", ""}, []string{"duckdb", "spark", "trino", ":4"}},
		{"who", nil, []string{"query", "summary", "--who", ""}, append(append([]string(nil), selection.Whos...), ":4")},
		{"kinds", nil, []string{"games", "--game", ""}, []string{"gin", "hearts", ":4"}},
		{"players", nil, []string{"simulate", "--players", ""},
			[]string{"random", "simple", "meldable", "memory", "broken:never-knock", "broken:high-discard", "broken:never-take", "tuned:default", "tuned:", "exec:", ":6"}},
		{"second player", nil, []string{"simulate", "--players", "simple,me"}, []string{"simple,meldable", "simple,memory", ":6"}},
		{"hearts players", nil, []string{"simulate", "--game", "hearts", "--players", "tracker,"},
			[]string{"tracker,random", "tracker,simple", "tracker,tracker", "tracker,voids", "tracker,mc", "tracker,mc:", ":6"}},
		{"retrace player", nil, []string{"retrace", "--player", "tu"}, []string{"tuned:default", "tuned:", ":6"}},
		{"opponents", tagged, []string{"games", "--opponent", ""}, []string{"bot7\t5 games", "bot9\t15 games", ":4"}},
		{"opponents by prefix", tagged, []string{"query", "summary", "--opponent", "bot9"}, []string{"bot9\t15 games", ":4"}},
		{"sources", tagged, []string{"report", "--source", ""}, []string{"ladder-week-3\t15 games", ":4"}},
		{"sources of tag", tagged, []string{"tag", "--source", ""}, []string{"ladder-week-3\t15 games", ":4"}},
		{"opponents of ingest", tagged, []string{"ingest", "--opponent", "b"}, []string{"bot7\t5 games", "bot9\t15 games", ":4"}},
		{"no database", missing, []string{"games", "--opponent", ""}, []string{":4"}},
		{"not a database", notADB, []string{"games", "--opponent", ""}, []string{":4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.env, append([]string{"__complete"}, tc.args...)...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			got := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("offered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if strings.Contains(r.err, "ginlog:") {
				t.Errorf("a completion printed an error: %s", r.err)
			}
		})
	}
	if _, err := os.Stat(missing["GINLOG_DB"]); !os.IsNotExist(err) {
		t.Errorf("completing created the database: %v", err)
	}
}

func mustQuery(t *testing.T, name string) queries.Query {
	t.Helper()
	q, err := queries.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
