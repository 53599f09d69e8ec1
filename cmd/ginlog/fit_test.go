package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/schema"
)

// TestFitExportSimulate fits each corpus (its counts are the oracle's
// reading of the files), exports the weights in every format and plays
// them.
func TestFitExportSimulate(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) { fitExportSimulate(t, c) })
	}
}

func fitExportSimulate(t *testing.T, c testenv.Corpus) {
	_, want := corpusLogs(t, c)
	env := corpusDB(t, c)
	out := filepath.Join(t.TempDir(), "w.json")
	r := runCmd(t, env, "fit", "--out", out, "--since", "2020-11-07")
	if prefix := fmt.Sprintf("fitted %s from %d games, %d rounds, %d plays", out, want.Games, want.Rounds, want.Plays); r.code != exitOK || !strings.HasPrefix(r.out, prefix) {
		t.Fatalf("fit: exit %d, want %q: %s%s", r.code, prefix, r.out, r.err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		Format     string `json:"format"`
		Provenance struct {
			Games   int               `json:"games"`
			Filters map[string]string `json:"filters"`
		} `json:"provenance"`
	}
	if err := json.Unmarshal(b, &w); err != nil || w.Format != "ginlog-weights" || w.Provenance.Games != want.Games || w.Provenance.Filters["since"] == "" {
		t.Errorf("weights file: %+v %v", w, err)
	}
	for _, f := range []string{"json", "go", "haskell"} {
		r := runCmd(t, env, "export", "--weights", out, "--format", f)
		if r.code != exitOK || len(r.out) < 500 {
			t.Errorf("export %s: exit %d: %s", f, r.code, r.err)
		}
	}
	r = runCmd(t, env, "simulate", "--games", "10", "--no-logs", "--players", "tuned:"+out+",simple", "--format", "json")
	if r.code != exitOK || !strings.Contains(r.out, `"name": "tuned:`+out+`"`) {
		t.Errorf("simulate tuned: exit %d: %s%s", r.code, r.out, r.err)
	}
	if r := runCmd(t, env, "simulate", "--no-logs", "--players", "tuned:/no/such.json,simple"); r.code != exitUsage {
		t.Errorf("missing weights: exit %d: %s", r.code, r.err)
	}
}

// TestFitCorpora compares what fit prints on each corpus, warnings
// included, with its golden file.
func TestFitCorpora(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			env := corpusDB(t, c)
			out := filepath.Join(t.TempDir(), "w.json")
			r := runCmd(t, env, "fit", "--out", out)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			golden(t, "fit-"+c.Name+".txt", strings.ReplaceAll(r.out+r.err, out, "w.json"))
		})
	}
}

// TestFitUsesVerifiedGames: fit reads only the games verify found no
// violation in, and says how many it left out.
func TestFitUsesVerifiedGames(t *testing.T) {
	sample := testenv.Sample.Dir(t)
	db := filepath.Join(t.TempDir(), "g.duckdb")
	env := map[string]string{"GINLOG_DB": db}
	out := filepath.Join(t.TempDir(), "w.json")
	if r := runCmd(t, env, "ingest", "--no-verify", sample); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	r := runCmd(t, env, "fit", "--out", out)
	if r.code != exitNoMatch || r.err != "ginlog: fit: read the games: no games match the filters: none of the 20 games selected is verified without violations (see ginlog games)\n" {
		t.Errorf("fit before verify: exit %d: %q", r.code, r.err)
	}
	if r := runCmd(t, env, "verify"); r.code != exitOK {
		t.Fatalf("verify: exit %d: %s", r.code, r.err)
	}
	// Mark one game as breaking a rule, as verify would.
	s, err := schema.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(`UPDATE game_checks SET violations = 1 WHERE game_id = 3`); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	r = runCmd(t, env, "fit", "--out", out)
	if r.code != exitOK || !strings.HasPrefix(r.out, "fitted "+out+" from 19 games") ||
		!strings.HasPrefix(r.err, "fit: 1 of the 20 selected games left out") {
		t.Errorf("fit: exit %d: %s%s", r.code, r.out, r.err)
	}
}

// TestFitHelp: fit --help names every section of the weights file.
func TestFitHelp(t *testing.T) {
	r := runCmd(t, nil, "fit", "--help")
	wt := reflect.TypeFor[model.Weights]()
	for i := range wt.NumField() {
		f := wt.Field(i)
		if f.Type.Kind() != reflect.Struct || f.Name == "Provenance" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !strings.Contains(r.out, "\n  "+name+" ") {
			t.Errorf("fit --help does not list the section %s", name)
		}
	}
	for _, phase := range model.PhaseNames {
		if !strings.Contains(r.out, phase) {
			t.Errorf("fit --help does not name the phase %s", phase)
		}
	}
}

func TestFitUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"zero l2", []string{"fit", "--l2", "0"}, "ginlog: --l2: want more than 0 and at most 1e+06, got 0\n"},
		{"negative l2", []string{"fit", "--l2", "-2"}, "ginlog: --l2: want more than 0 and at most 1e+06, got -2\n"},
		{"bad who", []string{"fit", "--who", "them"}, "ginlog: --who: want opp, you or both, got \"them\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitUsage || r.err != tc.want {
				t.Errorf("exit %d: %q, want %q", r.code, r.err, tc.want)
			}
		})
	}
}
