package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/model"
)

func TestExportDefaults(t *testing.T) {
	r := runCmd(t, nil, "export", "--weights", "default", "--format", "haskell", "--name", "Weights")
	if r.code != exitOK || !strings.Contains(r.out, "module Weights") || !strings.HasPrefix(r.out, "{-# LANGUAGE Safe #-}") {
		t.Errorf("exit %d: %.200s", r.code, r.out)
	}
}

func TestExportFIT2102(t *testing.T) {
	r := runCmd(t, nil, "export", "--weights", "default", "--format", "haskell", "--flavour", "fit2102", "--name", "Bot.Weights")
	if r.code != exitOK || !strings.HasPrefix(r.out, "-- | Gin Rummy weights for a FIT2102 player:\n") ||
		!strings.Contains(r.out, "\nmodule Bot.Weights\n") || !strings.Contains(r.out, "\ntrackPick ::") {
		t.Errorf("exit %d: %.300s%s", r.code, r.out, r.err)
	}
}

// TestExportRefuses: names that are not names, weights that are not
// weights and weights whose policy refuses Gin are usage errors.
func TestExportRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, change func(w *model.Weights), extra string) string {
		w := model.Defaults()
		change(w)
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Save(f); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(extra); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	noGin := write("nogin.json", func(w *model.Weights) { w.KnockPolicy.WinProbability[0][2] = 0.4 }, "")
	garbage := write("garbage.json", func(*model.Weights) {}, "\nmain = evil\n")
	fitted2 := filepath.Join("..", "..", "model", "testdata", "fitted.json")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad format", []string{"--format", "cobol"}, `ginlog: --format: no format "cobol"; want json, haskell or go`},
		{"go package with a newline", []string{"--format", "go", "--name", "x\nfunc init() {}"}, `ginlog: --name: Go package "x\nfunc init() {}": not a valid name`},
		{"flavour of go", []string{"--format", "go", "--flavour", "fit2102"}, "ginlog: --flavour is for --format haskell, not go"},
		{"unknown flavour", []string{"--format", "haskell", "--flavour", "fit2103"}, `ginlog: --flavour: no flavour "fit2103" (did you mean fit2102?); want plain or fit2102`},
		{"fit2102 module in lower case", []string{"--format", "haskell", "--flavour", "fit2102", "--name", "weights"}, `ginlog: --name: Haskell module "weights": not a valid name`},
		{"gin refused, fit2102", []string{"--weights", noGin, "--format", "haskell", "--flavour", "fit2102"}, "absurd policy"},
		{"haskell module in lower case", []string{"--format", "haskell", "--name", "weights"}, `ginlog: --name: Haskell module "weights": not a valid name`},
		{"missing file", []string{"--weights", "/no/such.json"}, "ginlog: --weights: open /no/such.json: no such file or directory"},
		{"trailing garbage", []string{"--weights", garbage}, "data after the weights object"},
		{"gin refused, haskell", []string{"--weights", noGin, "--format", "haskell"}, "knock_policy.win_probability[0][2]: absurd policy: 0.4 at deadwood 0, want 1"},
		{"gin refused, go", []string{"--weights", noGin, "--format", "go"}, "absurd policy"},
		{"rollout of plain haskell", []string{"--format", "haskell", "--player", "rollout"}, "ginlog: --player is for --format haskell --flavour fit2102"},
		{"unknown player", []string{"--format", "haskell", "--flavour", "fit2102", "--player", "tuned"}, `ginlog: --player: no player "tuned"; want rollout`},
		{"out without rollout", []string{"--format", "haskell", "--flavour", "fit2102", "--out", dir}, "ginlog: --out is for --player rollout"},
		{"rollout without inference", []string{"--weights", fitted2, "--format", "haskell", "--flavour", "fit2102", "--player", "rollout"}, "the weights have no inference model (format version 2): fit them again"},
		{"rollout, gin refused", []string{"--weights", noGin, "--format", "haskell", "--flavour", "fit2102", "--player", "rollout"}, "absurd policy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append([]string{"export"}, tc.args...)...)
			if r.code != exitUsage || !strings.Contains(r.err, tc.want) || r.out != "" {
				t.Errorf("exit %d: %q%q, want %q", r.code, r.out, r.err, tc.want)
			}
		})
	}
	// JSON normalises the file, whatever its policy.
	if r := runCmd(t, nil, "export", "--weights", noGin); r.code != exitOK {
		t.Errorf("export json: exit %d: %s", r.code, r.err)
	}
}

// TestExportRollout writes the rollout player with --out into a folder:
// its module and a Player.hs that plays it; again over the files it
// wrote; and refuses to replace a Player.hs of the user's own.
func TestExportRollout(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "submission")
	args := []string{"export", "--weights", "default", "--format", "haskell", "--flavour", "fit2102", "--player", "rollout", "--out", dir}
	for range 2 {
		r := runCmd(t, nil, args...)
		if r.code != exitOK || !strings.Contains(r.out, "GinlogRollout.hs and ") {
			t.Fatalf("exit %d: %s%s", r.code, r.out, r.err)
		}
	}
	module, err := os.ReadFile(filepath.Join(dir, "GinlogRollout.hs"))
	if err != nil || !strings.Contains(string(module), "\nmodule GinlogRollout\n") {
		t.Fatalf("the module: %v\n%.300s", err, module)
	}
	player, err := os.ReadFile(filepath.Join(dir, "Player.hs"))
	if err != nil || !strings.Contains(string(player), "\nimport GinlogRollout (") {
		t.Fatalf("Player.hs: %v\n%s", err, player)
	}
	own := "module Player (pickCard, playCard, makeMelds) where\n"
	if err := os.WriteFile(filepath.Join(dir, "Player.hs"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCmd(t, nil, args...)
	if r.code != exitUsage || !strings.Contains(r.err, "is a player of your own") {
		t.Errorf("over the user's Player.hs: exit %d: %s", r.code, r.err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "Player.hs")); string(got) != own {
		t.Errorf("the user's Player.hs was changed: %q", got)
	}
}
