package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
	want, _ := filepath.Glob("../../testdata/sample/*.csv")
	got, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	if len(got) != len(want) || len(want) != 40 {
		t.Fatalf("%d files regenerated, %d committed, want 40", len(got), len(want))
	}
	for _, w := range want {
		a, _ := os.ReadFile(w)
		b, _ := os.ReadFile(filepath.Join(dir, filepath.Base(w)))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from what testdata/sample.sh makes", w)
		}
	}
}
