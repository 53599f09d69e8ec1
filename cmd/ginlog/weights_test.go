package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testweights"
	"github.com/ginlog/ginlog/model"
)

// weightsCommands are the commands that read a weights file, each with
// the file at PATH: the report's inference section, fit's evaluation,
// the export and the three players of simulate.
var weightsCommands = []struct {
	name string
	args []string
}{
	{"report", []string{"report", "--weights", "PATH", "--out", "-"}},
	{"fit", []string{"fit", "--evaluate", "--weights", "PATH"}},
	{"export", []string{"export", "--weights", "PATH"}},
	{"tuned", []string{"simulate", "--no-logs", "--games", "1", "--workers", "1", "--players", "tuned:PATH,simple"}},
	{"sampled", []string{"simulate", "--no-logs", "--games", "1", "--workers", "1", "--players", "sampled:PATH,simple"}},
	{"rollout", []string{"simulate", "--no-logs", "--games", "1", "--workers", "1", "--players", "rollout:PATH,simple"}},
}

// withPath returns args with PATH replaced by path.
func withPath(args []string, path string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, "PATH", path)
	}
	return out
}

// TestWeightsHostile gives every command that reads weights files
// holding numbers no fit writes, in each kind of table (the inference
// model's included): each refuses the file with a usage error (exit 2)
// of one line naming the field and the number, before any work. Before,
// report and fit --evaluate crashed (exit 70) on inference tables of
// 1e308, and the sampled and rollout players played on NaN.
func TestWeightsHostile(t *testing.T) {
	env := sampleEnv(t)
	dir := t.TempDir()
	doc, err := testweights.Doc(model.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	files := []struct {
		name string
		path []any
		num  string
	}{
		{"inference-huge", []any{"inference", "rank", 0, 0}, "1e308"},
		{"inference-huge-negative", []any{"inference", "discard_rank", 5, 2}, "-1e308"},
		{"inference-subnormal", []any{"inference", "live", 3, 1}, "1e-308"},
		{"inference-count", []any{"inference", "decisions"}, "9223372036854775807"},
		{"probability-above-1", []any{"hand_policy", "take_rate", 0, 0}, "1.5"},
		{"probability-negative", []any{"keep_values", "meld_probability", 0, 0, 0}, "-0.1"},
		{"value-huge", []any{"race_values", "value", 60, 6, 5}, "1e308"},
		{"value-beyond-float64", []any{"hand_values", "value", 0, 0}, "1e999"},
		{"coefficient-huge-negative", []any{"draw_model", "coefficients", 0}, "-1e308"},
		{"count-huge", []any{"race_values", "samples", 60, 6, 5}, "9223372036854775807"},
		{"count-beyond-int", []any{"provenance", "games"}, "1e308"},
		{"round-points-huge", []any{"round_points", "other", 127}, "1000000000001"},
		{"null", []any{"knock_policy", "threshold"}, "null"},
	}
	var out strings.Builder
	runs := 0
	for _, f := range files {
		data, err := testweights.With(doc, f.path, f.num)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, f.name+".json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range weightsCommands {
			args := withPath(c.args, path)
			r := runCmd(t, env, args...)
			runs++
			msg := strings.ReplaceAll(r.err, dir, "DIR")
			fmt.Fprintf(&out, "$ ginlog %s\nexit %d\n%s", strings.ReplaceAll(strings.Join(args, " "), dir, "DIR"), r.code, msg)
			if r.code != exitUsage || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, " out of range (want ") || r.out != "" {
				t.Errorf("ginlog %s: exit %d, stdout %q, stderr %q: want a usage error of one line", strings.Join(args, " "), r.code, r.out, r.err)
			}
		}
	}
	t.Logf("%d hostile files, %d commands refused them", len(files), runs)
	golden(t, "weights-hostile.txt", out.String())
}

// TestWeightsEdges gives every command that reads weights files weights
// whose every number lies at an edge of the range the reader allows
// (testweights.Edges): each reads them and does its work, or refuses them
// with a usage error; none crashes, and nothing prints a NaN.
func TestWeightsEdges(t *testing.T) {
	env := sampleEnv(t)
	dir := t.TempDir()
	edges, err := testweights.Edges()
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range edges {
		var b bytes.Buffer
		if err := e.W.Save(&b); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, strings.ReplaceAll(e.Name, " ", "-")+".json")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for j, c := range weightsCommands {
			t.Run(e.Name+"/"+c.name, func(t *testing.T) {
				if (c.args[0] == "simulate" || c.args[0] == "report") && j%3 != i%3 {
					testenv.Long(t, "plays and reports each edge; -short plays or reports a third of the edges each way, each edge one way")
				}
				r := runCmd(t, env, withPath(c.args, path)...)
				if r.code != exitOK && r.code != exitUsage || strings.Contains(r.err, "internal error") || strings.Contains(r.out, "NaN") {
					t.Errorf("exit %d: %s%s", r.code, r.out, r.err)
				}
			})
		}
	}
}
