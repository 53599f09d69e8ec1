package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
)

const realHearts = "../../../shared/hearts/logs"

// heartsRepositories is the per-repository table of docs/hearts.md's
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
// per-repository table (docs/hearts.md's) with the golden file. Every file
// loads and every hand verifies.
func TestHeartsRealLogsCLI(t *testing.T) {
	testenv.Dir(t, realHearts)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
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
			env := map[string]string{"GINLOG_DB": testschema.Path(t)}
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
		{"limit-too-high", []string{"simulate", "--game", "hearts", "--limit", "10001", "--no-logs"}, exitUsage},
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

// TestExportHearts exports the rates of the real Hearts games of one
// repository in the three formats.
func TestExportHearts(t *testing.T) {
	testenv.Dir(t, realHearts)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "ingest", realHearts+"/BryanHo99"); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	r := runCmd(t, env, "export", "--game", "hearts")
	var doc struct {
		Format string
		Source struct{ Games, Hands int }
		Tables []struct {
			Name string
			Rows []struct{ Cases, Opportunities int }
		}
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil || r.code != exitOK {
		t.Fatalf("exit %d, %v: %s%s", r.code, err, r.out, r.err)
	}
	if doc.Format != "ginlog-hearts-rates" || doc.Source.Games != 48 || doc.Source.Hands != 530 || len(doc.Tables) != 7 ||
		doc.Tables[0].Name != "hearts-cards" || len(doc.Tables[0].Rows) != 52*3 || doc.Tables[0].Rows[0].Opportunities != 530 {
		t.Errorf("document %+v", doc)
	}
	for _, tc := range []struct {
		args []string
		code int
		has  string
	}{
		{[]string{"--format", "go", "--name", "rates"}, exitOK, "package rates"},
		{[]string{"--format", "haskell"}, exitOK, "module HeartsRates"},
		{[]string{"--format", "go", "--name", "no-package"}, exitUsage, "--name"},
		{[]string{"--format", "csv"}, exitUsage, "--format"},
		{[]string{"--game", "chess"}, exitUsage, "--game"},
	} {
		args := append([]string{"export", "--game", "hearts"}, tc.args...)
		if r := runCmd(t, env, args...); r.code != tc.code || !strings.Contains(r.out+r.err, tc.has) {
			t.Errorf("%v: exit %d, want %d with %q: %s%s", tc.args, r.code, tc.code, tc.has, firstLine(r.out), r.err)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestShowAndListHearts lists Hearts games and shows a determined hand and
// one whose players are not determined.
func TestShowAndListHearts(t *testing.T) {
	testenv.Dir(t, realHearts)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	for _, dir := range []string{"BriefsZero", "yezeahew/staticgame"} {
		if r := runCmd(t, env, "ingest", realHearts+"/"+dir); r.code != exitOK {
			t.Fatalf("ingest %s: exit %d: %s", dir, r.code, r.err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"list", []string{"games", "--game", "hearts"}, exitOK},
		{"list-gin", []string{"games"}, exitNoMatch},
		{"list-bad-kind", []string{"games", "--game", "chess"}, exitUsage},
		{"determined", []string{"show", "1", "--round", "3"}, exitOK},
		{"searched", []string{"show", "2", "--round", "1"}, exitOK},
		{"no-hand", []string{"show", "1", "--round", "99"}, exitUsage},
		{"no-game", []string{"show", "9"}, exitNoMatch},
		{"verify-game", []string{"verify", "--game-id", "1"}, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", r.code, tc.code, r.out, r.err)
			}
			golden(t, "hearts-"+tc.name+".txt", seconds.ReplaceAllString(r.out, "X s")+r.err)
		})
	}
}

// seconds masks the times and rates of a verify summary.
var seconds = regexp.MustCompile(`[0-9]+\.[0-9]+ s( \([0-9]+ hands/s\))?`)
