package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

const realHearts = "../../../shared/hearts/logs"

// heartsRepositories is the per-repository table of the README's Hearts
// section, computed from the database.
const heartsRepositories = `SELECT regexp_extract(h.grp, 'hearts/logs/([^/]+)', 1) AS repository,
  (SELECT count(DISTINCT f.path) FROM game_files f JOIN hearts_games x USING (game_id)
   WHERE regexp_extract(x.grp, 'hearts/logs/([^/]+)', 1) = repository) AS files,
  count(*) AS games, count(*) FILTER (WHERE h.players = 2) AS "2-player",
  sum(c.hands) AS hands, sum(c.verified) AS verified, sum(c.determined) AS determined,
  sum(c.deviations) AS deviations,
  count(*) FILTER (WHERE c.method = 'player-id') AS "player-id",
  count(*) FILTER (WHERE c.method = 'reverse-play') AS "reverse play",
  count(*) FILTER (WHERE c.method = 'searched') AS searched
FROM hearts_games h JOIN hearts_checks c USING (game_id)
GROUP BY repository ORDER BY repository`

// TestHeartsRealLogsCLI is the acceptance test of the Hearts logs: ingest
// the folder of real logs, verify every game again, and compare the
// per-repository table (the README's) with the golden file. Every file
// loads and every hand verifies.
func TestHeartsRealLogsCLI(t *testing.T) {
	testenv.Dir(t, realHearts)
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "h.duckdb")}
	r := runCmd(t, env, "ingest", realHearts, "--format", "json")
	if r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	var sum struct {
		Files, New, Rejected, Hands, Errors int
		Verify                              *struct{ Games int } `json:"verify"`
		Hearts                              struct {
			Games, Hands, HandsVerified int
		} `json:"verify_hearts"`
	}
	if err := json.Unmarshal([]byte(strings.NewReplacer(`"games_new"`, `"new"`, `"games_rejected"`, `"rejected"`,
		`"hands_verified"`, `"handsverified"`).Replace(r.out)), &sum); err != nil {
		t.Fatalf("%v: %s", err, r.out)
	}
	if sum.Files != 1481 || sum.New != 361 || sum.Rejected != 0 || sum.Hands != 3785 || sum.Errors != 0 ||
		sum.Verify != nil || sum.Hearts.Games != 361 || sum.Hearts.HandsVerified != 3785 {
		t.Errorf("ingest summary %+v: want 1481 files, 361 games, 3785 hands, every one verified", sum)
	}
	if r := runCmd(t, env, "verify", "--all"); r.code != exitOK || !strings.Contains(r.out, "hands: 3785 verified, 2653 determined") {
		t.Errorf("verify --all: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runCmd(t, env, "sql", heartsRepositories)
	if r.code != exitOK {
		t.Fatalf("sql: exit %d: %s", r.code, r.err)
	}
	golden(t, "hearts-repositories.tsv", r.out)
}

// TestSimulateHeartsRoundTrip simulates Hearts matches of two and four
// players, ingests their logs and verifies them: every hand determined by
// player id, no deviation.
func TestSimulateHeartsRoundTrip(t *testing.T) {
	for _, players := range []string{"simple,tracker,random,simple", "tracker,random"} {
		t.Run(players, func(t *testing.T) {
			dir := t.TempDir()
			env := map[string]string{"GINLOG_DB": filepath.Join(dir, "h.duckdb")}
			out := filepath.Join(dir, "logs")
			if r := runCmd(t, env, "simulate", "--game", "hearts", "--players", players, "--games", "30", "--out", out); r.code != exitOK {
				t.Fatalf("simulate: exit %d: %s", r.code, r.err)
			}
			r := runCmd(t, env, "ingest", out)
			if r.code != exitOK || !strings.Contains(r.out, "games: 30 new") || !strings.Contains(r.out, "orders: 30 player-id") ||
				!strings.Contains(r.out, "deviations: none") {
				t.Errorf("ingest: exit %d\n%s%s", r.code, r.out, r.err)
			}
			r = runCmd(t, env, "sql", "SELECT count(*) FILTER (WHERE NOT determined OR NOT verified) AS n FROM hearts_hand_checks")
			if r.code != exitOK || strings.Fields(r.out)[1] != "0" {
				t.Errorf("hands not determined: %s%s", r.out, r.err)
			}
		})
	}
}

func TestSimulateHeartsSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"table", []string{"simulate", "--game", "hearts", "--games", "40", "--players", "simple,tracker,random,simple", "--no-logs"}, exitOK},
		{"two", []string{"simulate", "--game", "hearts", "--games", "20", "--players", "tracker,random", "--limit", "50", "--no-logs"}, exitOK},
		{"three", []string{"simulate", "--game", "hearts", "--players", "simple,simple,simple", "--no-logs"}, exitUsage},
		{"gin-player", []string{"simulate", "--game", "hearts", "--players", "meldable,simple", "--no-logs"}, exitUsage},
		{"mirror", []string{"simulate", "--game", "hearts", "--games", "4", "--mirror", "--no-logs"}, exitUsage},
		{"limit", []string{"simulate", "--game", "hearts", "--limit", "0", "--no-logs"}, exitUsage},
		{"no-out", []string{"simulate", "--game", "hearts"}, exitUsage},
		{"bad-game", []string{"simulate", "--game", "chess", "--no-logs"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "simulate-hearts-"+tc.name+".txt", timing.ReplaceAllString(r.out, "in X s, Y games/s")+r.err)
		})
	}
}
