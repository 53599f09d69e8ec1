package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/render"
)

// TestHeartsBudgetHelp: verify --help and ingest --help state the budgets
// of the Hearts order search and what a hand past them becomes.
func TestHeartsBudgetHelp(t *testing.T) {
	for _, cmd := range []string{"verify", "ingest"} {
		r := runCmd(t, nil, cmd, "--help")
		for _, want := range []string{"at most 1,048,576 states", "at most 16,777,216 in all", logs.CodeNotRecovered + " (kind unchecked)"} {
			if !strings.Contains(r.out, want) {
				t.Errorf("%s --help does not say %q:\n%s", cmd, want, r.out)
			}
		}
	}
	if logs.HandStates != 1<<20 || logs.GameStates != 1<<24 {
		t.Errorf("budgets %d and %d: change this test's text with them", logs.HandStates, logs.GameStates)
	}
}

// TestHeartsSummaryNotRecovered: the Hearts summary counts the hands whose
// order was not recovered, and they are a problem of their own, not rules
// broken: a game whose only deviations they are breaks none.
func TestHeartsSummaryNotRecovered(t *testing.T) {
	s := logs.NewSummary()
	s.Games, s.Hands, s.Verified, s.Determined, s.NotRecovered = 2, 20, 17, 9, 3
	s.Methods[logs.MethodSearched.String()] = 2
	s.Deviations[logs.CodeNotRecovered], s.Deviations[logs.CodeEndUnknown] = 3, 1
	s.GamesWithDeviations, s.GamesUnchecked = 2, 1
	s.Seconds, s.HandsPerS = 2, 10
	var b bytes.Buffer
	if err := writeHeartsVerifySummary(&b, s, render.Piped); err != nil {
		t.Fatal(err)
	}
	want := `verified 2 Hearts games, 20 hands in 2.00 s (10 hands/s)
hands: 17 verified, 9 determined, 3 not recovered (past the search's budget); orders: 2 searched
deviations in 2 games:
code	kind	count
order-not-recovered	unchecked	3
end-unknown	end	1
`
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}
	v := verified{hearts: s}
	if n, games := v.problems(); n != 1 || games != 1 {
		t.Errorf("problems: %d deviations in %d games, want 1 in 1", n, games)
	}
	if got, want := v.unchecked(), "3 Hearts hands not checked: the search of the order ran past its budget (see ginlog verify --help)"; got != want {
		t.Errorf("unchecked: %q, want %q", got, want)
	}
	if got := (verified{hearts: logs.NewSummary()}).unchecked(); got != "" {
		t.Errorf("unchecked with every hand recovered: %q", got)
	}
}
