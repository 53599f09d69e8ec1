package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
)

// TestIngestPrefixThenWhole: a game imported half-written (the start of
// its files), then whole, then half-written again, is one game: the
// summaries say it was replaced by its complete version, then already
// loaded complete, and query summary counts it once.
func TestIngestPrefixThenWhole(t *testing.T) {
	stamp := testlogs.Meldable[0]
	turns, scores := testlogs.Read(t, stamp)
	lines := bytes.SplitAfter(turns, []byte("\n"))
	var round int
	fmt.Sscanf(string(lines[59]), "%d,", &round)
	part, whole := t.TempDir(), t.TempDir()
	testlogs.Write(t, part, fmt.Sprintf("%d.csv", stamp), bytes.Join(lines[:60], nil))
	testlogs.Write(t, part, fmt.Sprintf("%d-score.csv", stamp), bytes.Join(bytes.SplitAfter(scores, []byte("\n"))[:round], nil))
	testlogs.Copy(t, whole, stamp)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}

	if r := runCmd(t, env, "ingest", part); r.code != exitRejected || !strings.Contains(r.out, "game-unfinished") {
		t.Fatalf("the prefix: exit %d, want %d for an unfinished game:\n%s%s", r.code, exitRejected, r.out, r.err)
	}
	r := runCmd(t, env, "ingest", whole)
	if r.code != exitOK {
		t.Fatalf("the whole game: exit %d: %s", r.code, r.err)
	}
	golden(t, "ingest-replaced.txt", verifyTiming.ReplaceAllString(ingestTiming.ReplaceAllString(r.out, "X s, Y games/s"), "in X s (Y games/s)"))
	summaryGames(t, env, 1)
	r = runCmd(t, env, "ingest", part)
	if r.code != exitOK {
		t.Fatalf("the prefix again: exit %d: %s", r.code, r.err)
	}
	golden(t, "ingest-partial.txt", ingestTiming.ReplaceAllString(r.out, "X s, Y games/s"))
	summaryGames(t, env, 1)
	if got := runCmd(t, env, "games", "--format", "csv"); strings.Count(got.out, "\n") != 2 {
		t.Errorf("games lists:\n%s\nwant one game", got.out)
	}
}

// summaryGames checks that query summary counts want games on each side.
func summaryGames(t *testing.T, env map[string]string, want int) {
	t.Helper()
	r := runCmd(t, env, "query", "summary", "--format", "json")
	var rows []struct {
		Side  string `json:"side"`
		Games int    `json:"games"`
	}
	if err := json.Unmarshal([]byte(r.out), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("query summary: %v: %s%s", err, r.out, r.err)
	}
	for _, row := range rows {
		if row.Games != want {
			t.Errorf("query summary counts %d games for %s, want %d", row.Games, row.Side, want)
		}
	}
}
