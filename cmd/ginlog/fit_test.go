package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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
		t.Run(c.Name, func(t *testing.T) {
			if c != testenv.Sample {
				testenv.Long(t, "fits a second corpus; -short fits the sample")
			}
			fitExportSimulate(t, c)
		})
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
			if c != testenv.Sample {
				testenv.Long(t, "fits a second corpus; -short fits the sample")
			}
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
	testenv.Long(t, "fits twice, around an ingest and a verify")
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

// TestFitMaxGames: past --max-games, fit reads a sample of the games, says
// so, and records it in the weights file; the same database gives the same
// sample.
func TestFitMaxGames(t *testing.T) {
	testenv.Long(t, "fits three times")
	env := corpusDB(t, testenv.Sample)
	dir := t.TempDir()
	var first string
	for i, out := range []string{filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")} {
		r := runCmd(t, env, "fit", "--max-games", "10", "--out", out)
		m := regexp.MustCompile(`^fit: reading a sample of (\d+) games of the 20 verified games selected \(--max-games 10; 0 reads them all\)\n`).FindStringSubmatch(r.err)
		if r.code != exitOK || m == nil || !strings.HasPrefix(r.out, "fitted "+out+" from "+m[1]+" games") {
			t.Fatalf("fit --max-games 10: exit %d: %s%s", r.code, r.out, r.err)
		}
		if m[1] != "10" {
			t.Errorf("a sample of %s games of 20, want 10", m[1])
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var w struct {
			Provenance struct {
				Filters map[string]string `json:"filters"`
			} `json:"provenance"`
		}
		if err := json.Unmarshal(b, &w); err != nil || w.Provenance.Filters["sample"] != m[1]+" of 20 games by a hash of the id" {
			t.Errorf("provenance filters %v (%v)", w.Provenance.Filters, err)
		}
		if i == 0 {
			first = m[1]
		} else if m[1] != first {
			t.Errorf("samples of %s and %s games from the same database", first, m[1])
		}
	}
	r := runCmd(t, env, "fit", "--max-games", "0", "--out", filepath.Join(dir, "c.json"))
	if r.code != exitOK || strings.Contains(r.err, "reading a sample") || !strings.Contains(r.out, "from 20 games") {
		t.Errorf("fit --max-games 0: exit %d: %s%s", r.code, r.out, r.err)
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
		{"bad who", []string{"fit", "--who", "them"}, "ginlog: --who: no \"them\"; want opp, you or both\n"},
		{"negative max games", []string{"fit", "--max-games", "-1"}, "ginlog: --max-games: want 0 (every game) or more, got -1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitUsage || r.err != tc.want {
				t.Errorf("exit %d: %q, want %q", r.code, r.err, tc.want)
			}
		})
	}
}

// TestFitEvaluate fits the real logs and measures the inference on the
// games held out of its fit (one of the eight): the scores of the three
// predictors by phase and over all, the gains over the two baselines, and
// ten calibration bins per predictor; then the same through --weights, as
// CSV, and the refusals.
func TestFitEvaluate(t *testing.T) {
	testenv.Long(t, "fits the real logs and evaluates the inference")
	env := realDB(t)
	out := filepath.Join(t.TempDir(), "w.json")
	r := runCmd(t, env, "fit", "--out", out, "--evaluate", "--format", "json")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	if !strings.Contains(r.err, "fitted "+out) {
		t.Errorf("the fit's summary is not on stderr: %s", r.err)
	}
	var e struct {
		Target string `json:"target"`
		Games  int    `json:"games"`
		Phases []struct {
			StockLeft string                         `json:"stock_left"`
			Cards     int                            `json:"cards"`
			Scores    map[string]map[string]float64  `json:"scores"`
			Gains     map[string]map[string]*float64 `json:"gains"`
		} `json:"phases"`
		Gains       map[string]map[string]*float64 `json:"gains"`
		Calibration map[string][]struct {
			Cards     int     `json:"cards"`
			Predicted float64 `json:"predicted"`
		} `json:"calibration"`
	}
	if err := json.Unmarshal([]byte(r.out), &e); err != nil {
		t.Fatalf("%v:\n%s", err, r.out)
	}
	if e.Games != 1 || len(e.Phases) != model.NumPhases+1 {
		t.Fatalf("%d games and %d phases, want 1 and %d", e.Games, len(e.Phases), model.NumPhases+1)
	}
	all := e.Phases[model.NumPhases]
	if all.Cards == 0 || len(all.Scores) != 3 {
		t.Errorf("over all phases: %d cards, scores %v", all.Cards, all.Scores)
	}
	for _, p := range []string{"model", "uniform", "filter"} {
		if s := all.Scores[p]; !(s["log_loss"] > 0 && s["brier"] > 0 && s["brier"] < 1) {
			t.Errorf("%s scores %v", p, s)
		}
	}
	for _, b := range []string{"uniform", "filter"} {
		// One game gives a gain but no interval: null, not infinite.
		if g := e.Gains[b]; g["log_loss"] == nil || g["brier"] == nil || g["log_loss_ci_low"] != nil || g["brier_ci_high"] != nil {
			t.Errorf("gain over %s: %v", b, g)
		}
	}
	// Each phase holding cards has its own gains; over all, they are the
	// gains above.
	for _, ph := range e.Phases {
		for _, b := range []string{"uniform", "filter"} {
			g := ph.Gains[b]
			if (ph.Cards > 0) != (g["log_loss"] != nil) {
				t.Errorf("phase %s (%d cards): gain over %s %v", ph.StockLeft, ph.Cards, b, g)
			}
		}
	}
	if a, b := all.Gains["filter"]["log_loss"], e.Gains["filter"]["log_loss"]; a == nil || b == nil || *a != *b {
		t.Errorf("the gain over the filter over all phases differs from the gains': %v, %v", all.Gains["filter"], e.Gains["filter"])
	}
	cards := 0
	for _, bin := range e.Calibration["model"] {
		cards += bin.Cards
	}
	if len(e.Calibration["model"]) != 10 || cards != all.Cards {
		t.Errorf("model calibration: %d bins holding %d cards, want 10 holding %d", len(e.Calibration["model"]), cards, all.Cards)
	}

	r = runCmd(t, env, "fit", "--evaluate", "--weights", out, "--format", "csv")
	if r.code != exitOK || !strings.HasPrefix(r.out, "stock_left,decisions,cards,log_loss_model") || !strings.Contains(r.out, "\ngain_over,stock_left,log_loss,") ||
		!strings.Contains(r.out, "\nfilter,all,") {
		t.Errorf("--weights as csv: exit %d: %s%s", r.code, r.out, r.err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"weights without evaluate", []string{"fit", "--weights", out}, "needs --evaluate"},
		{"version 2", []string{"fit", "--evaluate", "--weights", "../../model/testdata/fitted.json"}, "no inference model"},
		{"bad format", []string{"fit", "--evaluate", "--format", "yaml"}, "--format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := runCmd(t, env, tc.args...); r.code != exitUsage || !strings.Contains(r.err, tc.want) {
				t.Errorf("exit %d: %s, want usage error %q", r.code, r.err, tc.want)
			}
		})
	}
}
