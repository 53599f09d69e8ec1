package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportWeights writes a report with the section on reading the
// opponent's hand from weights fitted on the sample (model/fit's golden
// file of that fit, which takes seconds to do again), checks that the
// report without --weights has none, and that --weights refuses what is
// not weights of format 3 with a usage error saying what is needed.
func TestReportWeights(t *testing.T) {
	env := sampleEnv(t)
	dir := t.TempDir()
	weights := "../../model/fit/testdata/sample.json"
	for _, tc := range []struct {
		name    string
		args    []string
		section bool
		title   string
	}{
		{"without weights", nil, false, ""},
		{"with weights", []string{"--weights", weights}, true, "Calibration on 2 games held out"},
		{"the held-out game imported last", []string{"--weights", weights, "--inference-games", "1"}, true, "Calibration on the 1 game imported last, held out of 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, append([]string{"report", "--out", "-"}, tc.args...)...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			for _, part := range []string{"<h2>Reading the opponent&#39;s hand</h2>", `<figure id="calibration">`, `<figure id="inference-gain">`} {
				if strings.Contains(r.out, part) != tc.section {
					t.Errorf("the report has %s: %v, want %v", part, !tc.section, tc.section)
				}
			}
			if tc.title != "" && !strings.Contains(r.out, "<h3>"+tc.title+"</h3>") {
				t.Errorf("no chart titled %q", tc.title)
			}
		})
	}

	notWeights := filepath.Join(dir, "notes.json")
	if err := os.WriteFile(notWeights, []byte(`{"notes": "not weights"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string // in the message
	}{
		{"report-weights-format-2.txt", []string{"--weights", "../../model/testdata/fitted.json"}, "needs format 3 or later: fit them again with ginlog fit"},
		{"report-weights-missing.txt", []string{"--weights", filepath.Join(dir, "absent.json")}, "absent.json"},
		{"report-weights-not-weights.txt", []string{"--weights", notWeights}, "notes.json"},
		{"report-inference-games-zero.txt", []string{"--weights", weights, "--inference-games", "0"}, "want at least 1"},
		{"report-inference-games-alone.txt", []string{"--inference-games", "10"}, "it needs --weights"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, append([]string{"report", "--out", filepath.Join(dir, "r.html")}, tc.args...)...)
			if r.code != exitUsage || !strings.Contains(r.err, tc.want) {
				t.Fatalf("exit %d: %s, want a usage error with %q", r.code, r.err, tc.want)
			}
			golden(t, tc.name, strings.ReplaceAll(r.err, dir, "DIR"))
			if _, err := os.Stat(filepath.Join(dir, "r.html")); !os.IsNotExist(err) {
				t.Errorf("a refused report wrote its file: %v", err)
			}
		})
	}
}
