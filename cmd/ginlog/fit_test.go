package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFitExportSimulate(t *testing.T) {
	env := realDB(t)
	out := filepath.Join(t.TempDir(), "w.json")
	r := runCmd(t, env, "fit", "--out", out, "--since", "2020-11-07")
	if r.code != exitOK || !strings.HasPrefix(r.out, "fitted "+out+" from 8 games, 66 rounds, 1871 plays") {
		t.Fatalf("fit: exit %d: %s%s", r.code, r.out, r.err)
	}
	b, _ := os.ReadFile(out)
	var w struct {
		Format     string `json:"format"`
		Provenance struct {
			Games   int               `json:"games"`
			Filters map[string]string `json:"filters"`
		} `json:"provenance"`
	}
	if err := json.Unmarshal(b, &w); err != nil || w.Format != "ginlog-weights" || w.Provenance.Games != 8 || w.Provenance.Filters["since"] == "" {
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
	if r := runCmd(t, env, "export", "--weights", out, "--format", "cobol"); r.code != exitUsage {
		t.Errorf("export cobol: exit %d", r.code)
	}
	if r := runCmd(t, env, "simulate", "--no-logs", "--players", "tuned:/no/such.json,simple"); r.code != exitUsage {
		t.Errorf("missing weights: exit %d: %s", r.code, r.err)
	}
}

func TestExportDefaults(t *testing.T) {
	r := runCmd(t, nil, "export", "--weights", "default", "--format", "haskell", "--name", "Weights")
	if r.code != exitOK || !strings.Contains(r.out, "module Weights") || !strings.HasPrefix(r.out, "{-# LANGUAGE Safe #-}") {
		t.Errorf("exit %d: %.200s", r.code, r.out)
	}
}
