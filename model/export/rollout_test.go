package export

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
)

// testRolloutConfig is players/tuned's default configuration (the bridge
// tests check the module against the Go player with it).
var testRolloutConfig = RolloutConfig{Samples: 192, Pool: 768, MaxStock: 31, Margin: 3, Soft: 0.2, Calls: true, Game: true}

func exportRollout(t testing.TB, w *model.Weights) string {
	t.Helper()
	var b bytes.Buffer
	if err := HaskellRollout(&b, w, "GinlogRollout", testRolloutConfig); err != nil {
		t.Fatal(err)
	}
	checkRolloutText(t, b.String())
	return b.String()
}

// checkRolloutText checks the rollout module without compiling it: lines
// of printable ASCII under 80 columns; every unindented line a comment,
// the header's, or the definition of a name of its own (gl, Gl, rollout)
// that cannot clash with a student's names when pasted into Player.hs.
func checkRolloutText(t testing.TB, src string) {
	t.Helper()
	header := []string{"module ", "import ", "  ( ", "  , ", "  ) where", "data Gl", "type Gl", "{-# INLINE gl"}
	for n, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d columns: %q", n+1, len(line), line)
		}
		if line == "" || line[0] == ' ' || line[0] == ')' || strings.HasPrefix(line, "--") {
			continue
		}
		ok := false
		for _, p := range append(header, "gl", "rollout") {
			ok = ok || strings.HasPrefix(line, p)
		}
		if !ok {
			t.Errorf("line %d: %q is not a definition of the module's own", n+1, line)
		}
	}
	checkHaskellLines(t, src, func(string) bool { return true })
}

// TestRolloutGolden: the rollout module of the default weights (no round
// points: rounds valued by net points) and of the sample's fitted weights
// (the game values' table).
func TestRolloutGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		w      *model.Weights
	}{
		{"testdata/defaults.rollout.hs.txt", model.Defaults()},
		{"testdata/sample.rollout.hs.txt", fitted(t, "sample.json")},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			golden.Check(t, tc.golden, exportRollout(t, tc.w))
		})
	}
}

// TestRolloutCompiles compiles the module both ways under -Wall -Werror:
// plain, where it must be inferred Safe, and with the framework's default
// extensions; with the game values and without.
func TestRolloutCompiles(t *testing.T) {
	testenv.Long(t, "GHC compiles the whole module 4 times; -short compiles its parts in the core's and the inference's probes")
	weights := map[string]*model.Weights{"defaults": model.Defaults(), "sample": fitted(t, "sample.json")}
	for name, w := range weights {
		src := exportRollout(t, w)
		for flagsName, flags := range ghcFlags {
			t.Run(name+"/"+flagsName, func(t *testing.T) {
				ghcMake(t, map[string]string{"GinlogRollout.hs": src}, flags, false)
			})
		}
	}
}

// TestRolloutRefuses: weights without the inference model, a module name
// that is not one, and a configuration without deals are refused.
func TestRolloutRefuses(t *testing.T) {
	v2 := fitted(t, "sample.json")
	v2.Inference, v2.HandPolicy = nil, nil
	for _, tc := range []struct {
		name   string
		w      *model.Weights
		module string
		cfg    RolloutConfig
		want   string
	}{
		{"no inference", v2, "GinlogRollout", testRolloutConfig, model.ErrNoInference.Error()},
		{"module name", model.Defaults(), "ginlog rollout", testRolloutConfig, "not a valid name"},
		{"no deals", model.Defaults(), "GinlogRollout", RolloutConfig{}, "want at least 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := HaskellRollout(&bytes.Buffer{}, tc.w, tc.module, tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			if tc.name == "no inference" && !errors.Is(err, model.ErrNoInference) {
				t.Errorf("error %v is not model.ErrNoInference", err)
			}
		})
	}
}
