package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// timing masks the one line of the summary that depends on the machine.
var timing = regexp.MustCompile(`in [0-9.]+ s, [0-9]+ games/s`)

func TestSimulateSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"table", []string{"simulate", "--games", "40", "--players", "simple,meldable", "--mirror", "--no-logs"}, exitOK},
		{"bad-player", []string{"simulate", "--players", "simple,alphago", "--no-logs"}, exitUsage},
		{"odd-mirror", []string{"simulate", "--games", "3", "--mirror", "--no-logs"}, exitUsage},
		{"no-out", []string{"simulate", "--games", "3"}, exitUsage},
		{"compare", []string{"simulate", "--games", "40", "--players", "simple,memory", "--mirror", "--no-logs", "--compare", "meldable"}, exitOK},
		{"compare-logs", []string{"simulate", "--games", "4", "--compare", "meldable", "--out", "x"}, exitUsage},
		{"compare-bad", []string{"simulate", "--games", "4", "--compare", "deep-blue", "--no-logs"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "simulate-"+tc.name+".txt", timing.ReplaceAllString(r.out, "in X s, Y games/s")+r.err)
		})
	}
}

func TestSimulateJSON(t *testing.T) {
	r := runCmd(t, nil, "simulate", "--games", "10", "--players", "simple,random", "--no-logs", "--format", "json")
	var rep struct {
		Games   int `json:"games"`
		Players []struct {
			Name string `json:"name"`
			Wins int    `json:"wins"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatalf("%v: %s", err, r.out)
	}
	if rep.Games != 10 || len(rep.Players) != 2 || rep.Players[0].Wins+rep.Players[1].Wins != 10 || rep.Players[0].Name != "simple" {
		t.Errorf("report %+v", rep)
	}
}

// TestSimulateCompare: the paired difference is the difference of the two
// first seats' win rates, and the compared match is the one simulate
// plays on its own.
func TestSimulateCompare(t *testing.T) {
	type report struct {
		Games   int `json:"games"`
		Players []struct {
			Wins int `json:"wins"`
		} `json:"players"`
		Compare *struct {
			Match      *report `json:"match"`
			Difference float64 `json:"difference"`
			CILow      float64 `json:"ci_low"`
			CIHigh     float64 `json:"ci_high"`
		} `json:"compare"`
	}
	read := func(args ...string) report {
		r := runCmd(t, nil, append([]string{"simulate", "--games", "60", "--mirror", "--no-logs", "--seed", "3", "--format", "json"}, args...)...)
		var rep report
		if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
			t.Fatalf("%v: %s%s", err, r.out, r.err)
		}
		return rep
	}
	rep := read("--players", "simple,memory", "--compare", "random")
	alone := read("--players", "random,memory")
	c := rep.Compare
	if c == nil || c.Match == nil {
		t.Fatalf("no comparison: %+v", rep)
	}
	if c.Match.Players[0].Wins != alone.Players[0].Wins {
		t.Errorf("compared match: %d wins, alone %d", c.Match.Players[0].Wins, alone.Players[0].Wins)
	}
	want := float64(rep.Players[0].Wins-alone.Players[0].Wins) / 60
	if !(math.Abs(c.Difference-want) <= 1e-12) || c.CILow > want || c.CIHigh < want || c.CIHigh-c.CILow <= 0 {
		t.Errorf("difference %v (%v to %v), want %v inside", c.Difference, c.CILow, c.CIHigh, want)
	}
}

// TestSampleCorpusIsReproducible runs the commands of testdata/sample.sh
// in-process and compares their files with the committed sample corpus.
func TestSampleCorpusIsReproducible(t *testing.T) {
	script, err := os.ReadFile("../../testdata/sample.sh")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sc := bufio.NewScanner(bytes.NewReader(script))
	runs := 0
	for sc.Scan() {
		args, ok := strings.CutPrefix(sc.Text(), "go run ./cmd/ginlog ")
		if !ok {
			continue
		}
		argv := strings.Fields(strings.Replace(args, "testdata/sample", dir, 1))
		if r := runCmd(t, nil, argv...); r.code != exitOK {
			t.Fatalf("%s: exit %d: %s", args, r.code, r.err)
		}
		runs++
	}
	if runs == 0 {
		t.Fatal("no commands in testdata/sample.sh")
	}
	want, err := filepath.Glob(filepath.Join(testenv.Sample.Dir(t), "*.csv"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := filepath.Glob(filepath.Join(dir, "*.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(want) != 40 {
		t.Fatalf("%d files regenerated, %d committed, want 40", len(got), len(want))
	}
	for _, w := range want {
		a := readFile(t, w)
		b := readFile(t, filepath.Join(dir, filepath.Base(w)))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from what testdata/sample.sh makes", w)
		}
	}
}

// TestSimulateStart: game i of a match is named start+i, start being
// --start or, by default, 1700000000 + (seed-1) × 1000000: batches of
// different seeds never share a name, Gin's or Hearts'.
func TestSimulateStart(t *testing.T) {
	names := func(args ...string) []string {
		out := filepath.Join(t.TempDir(), "logs")
		r := runCmd(t, nil, append([]string{"simulate", "--games", "3", "--out", out}, args...)...)
		if r.code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.err)
		}
		var got []string
		err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				got = append(got, filepath.ToSlash(strings.TrimPrefix(path, out+string(filepath.Separator))))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	hearts := []string{"--game", "hearts", "--players", "simple,random"}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"seed 1", nil, []string{"1700000000-score.csv", "1700000000.csv", "1700000001-score.csv", "1700000001.csv", "1700000002-score.csv", "1700000002.csv"}},
		{"seed 2", []string{"--seed", "2"}, []string{"1701000000-score.csv", "1701000000.csv", "1701000001-score.csv", "1701000001.csv", "1701000002-score.csv", "1701000002.csv"}},
		{"--start", []string{"--seed", "2", "--start", "1234"}, []string{"1234-score.csv", "1234.csv", "1235-score.csv", "1235.csv", "1236-score.csv", "1236.csv"}},
		{"--per-folder", []string{"--per-folder", "2"}, []string{"0/1700000000-score.csv", "0/1700000000.csv", "0/1700000001-score.csv", "0/1700000001.csv", "1/1700000002-score.csv", "1/1700000002.csv"}},
		{"hearts seed 3", append([]string{"--seed", "3"}, hearts...), []string{"1-simple/1702000000.csv", "1-simple/1702000001.csv", "1-simple/1702000002.csv", "2-random/1702000000.csv", "2-random/1702000001.csv", "2-random/1702000002.csv"}},
		{"hearts --start", append([]string{"--start", "5"}, hearts...), []string{"1-simple/5.csv", "1-simple/6.csv", "1-simple/7.csv", "2-random/5.csv", "2-random/6.csv", "2-random/7.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := names(tc.args...); !slices.Equal(got, tc.want) {
				t.Errorf("files %v, want %v", got, tc.want)
			}
		})
	}
	// Two batches of seeds 1 and 2 into one folder: no name is replaced.
	out := filepath.Join(t.TempDir(), "logs")
	for _, seed := range []string{"1", "2"} {
		if r := runCmd(t, nil, "simulate", "--games", "50", "--seed", seed, "--out", out, "--force"); r.code != exitOK {
			t.Fatalf("seed %s: exit %d: %s", seed, r.code, r.err)
		}
	}
	if n := len(readDir(t, out)); n != 200 {
		t.Errorf("%d files after two batches of 50 games, want 200", n)
	}
}

// TestSimulatePerFolder: --per-folder puts each N games in a folder of
// their own, numbered to one width, and ingest reads them all; it is
// refused where it means nothing.
func TestSimulatePerFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "logs")
	if r := runCmd(t, nil, "simulate", "--games", "25", "--per-folder", "2", "--out", out); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 13 || entries[0].Name() != "00" || entries[12].Name() != "12" || !entries[0].IsDir() {
		t.Fatalf("%d entries from %s, want folders 00 to 12", len(entries), entries[0].Name())
	}
	if n := len(readDir(t, filepath.Join(out, "12"))); n != 2 {
		t.Errorf("the last folder holds %d files, want 2 (one game)", n)
	}
	db := filepath.Join(t.TempDir(), "p.duckdb")
	if r := runCmd(t, nil, "--db", db, "ingest", out); r.code != exitOK || !strings.Contains(r.out+r.err, "25 games") {
		t.Errorf("ingest: exit %d: %s%s", r.code, r.out, r.err)
	}
	for _, args := range [][]string{
		{"--per-folder", "-1", "--out", t.TempDir()},
		{"--per-folder", "5", "--no-logs"},
		{"--per-folder", "5", "--game", "hearts", "--out", t.TempDir()},
	} {
		r := runCmd(t, nil, append([]string{"simulate", "--games", "4"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.err, "--per-folder") {
			t.Errorf("%v: exit %d, %q; want a usage error naming --per-folder", args, r.code, r.err)
		}
	}
}
