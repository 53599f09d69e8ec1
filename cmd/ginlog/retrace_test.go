package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// simulated writes n games of players to a fresh directory, named from
// 1700000000 on as the goldens show them.
func simulated(t *testing.T, players string, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "logs")
	if r := runCmd(t, nil, "simulate", "--games", itoa(n), "--players", players, "--out", dir, "--seed", "5", "--start", "1700000000"); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	return dir
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestRetrace(t *testing.T) {
	bot := testBot(t)
	memLogs := simulated(t, "memory,simple", 10)
	oppLogs := simulated(t, "simple,memory", 6)
	empty := t.TempDir()
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "5.csv"), []byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;X8,0,S4,S7,CK\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "5-score.csv"), []byte("1,0,16,Knock,0\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"own-logs", []string{"--player", "memory", memLogs}, exitOK},
		{"own-logs-opp", []string{"--player", "memory", "--opp", oppLogs}, exitOK},
		{"other-player", []string{"--player", "meldable", "--show", "6", memLogs}, exitRejected},
		{"markdown", []string{"--player", "tuned:default", "--show", "3", "--format", "markdown", memLogs}, exitRejected},
		{"csv", []string{"--player", "meldable", "--show", "2", "--format", "csv", memLogs}, exitRejected},
		{"exec-crash", []string{"--player", "exec:" + bot + " crash", "--show", "0", memLogs}, exitRejected},
		{"no-player", []string{memLogs}, exitUsage},
		{"bad-player", []string{"--player", "deep-blue", memLogs}, exitUsage},
		{"game-and-logs", []string{"--player", "memory", "--game-id", "3", memLogs}, exitUsage},
		{"no-such-logs", []string{"--player", "memory", filepath.Join(memLogs, "nothing-here")}, exitUsage},
		{"no-logs", []string{"--player", "memory", empty}, exitNoMatch},
		{"all-rejected", []string{"--player", "memory", broken}, exitRejected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append([]string{"retrace"}, tc.args...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", r.code, tc.code, r.out, r.err)
			}
			out := strings.NewReplacer(bot, "BOT", memLogs, "LOGS", empty, "EMPTY", broken, "BROKEN").Replace(r.out + r.err)
			golden(t, "retrace-"+tc.name+".txt", maskExecTimes(out))
		})
	}
}

// TestRetraceDatabase retraces stored games, one or all, and reports in
// JSON the numbers the table shows.
func TestRetraceDatabase(t *testing.T) {
	logs := simulated(t, "memory,meldable", 8)
	db := filepath.Join(t.TempDir(), "g.db")
	if r := runCmd(t, nil, "--db", db, "ingest", logs); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	var rep struct {
		Games     int `json:"games"`
		Decisions int `json:"decisions"`
		Agreed    int `json:"agreed"`
		Kinds     []struct {
			Kind     string `json:"kind"`
			Compared int    `json:"compared"`
		} `json:"kinds"`
	}
	for _, tc := range []struct {
		name  string
		args  []string
		games int
	}{
		{"all", nil, 8},
		{"one", []string{"--game-id", "3"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append([]string{"--db", db, "retrace", "--player", "memory", "--format", "json"}, tc.args...)...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
				t.Fatal(err)
			}
			sum := 0
			for _, k := range rep.Kinds {
				sum += k.Compared
			}
			if rep.Games != tc.games || rep.Agreed != rep.Decisions || sum != rep.Decisions || len(rep.Kinds) != 4 {
				t.Errorf("report %+v", rep)
			}
		})
	}
	if r := runCmd(t, nil, "--db", db, "retrace", "--player", "memory", "--game-id", "99"); r.code != exitNoMatch || !strings.Contains(r.err, "no game 99") {
		t.Errorf("--game-id 99: exit %d: %s", r.code, r.err)
	}
}

// TestRetraceHearts: retrace of Gin games given Hearts games, as logs or
// in the database, says in one line to give --game hearts, and retraces
// the Gin games of logs that hold both; with --game hearts, the Hearts
// games (simple on its own seats agrees throughout).
func TestRetraceHearts(t *testing.T) {
	hearts := filepath.Join(t.TempDir(), "hearts")
	if r := runCmd(t, nil, "simulate", "--game", "hearts", "--players", "simple,simple,simple,simple", "--games", "2", "--out", hearts); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	mixed := simulated(t, "memory,simple", 2)
	if err := os.CopyFS(filepath.Join(mixed, "hearts"), os.DirFS(hearts)); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "h.duckdb")
	if r := runCmd(t, nil, "--db", db, "ingest", hearts); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"hearts logs", []string{"retrace", "--player", "simple", hearts}, exitUsage,
			"ginlog: the logs hold Hearts games only: give --game hearts\n"},
		{"both", []string{"retrace", "--player", "memory", mixed}, exitOK,
			"the Hearts games of the logs are not retraced: give --game hearts for them\n"},
		{"hearts database", []string{"--db", db, "retrace", "--player", "simple"}, exitNoMatch,
			"ginlog: the database holds Hearts games only: give --game hearts\n"},
		{"a hearts game", []string{"--db", db, "retrace", "--player", "simple", "--game-id", "1"}, exitUsage,
			"ginlog: --game-id 1 is a Hearts game: give --game hearts\n"},
		{"both as hearts", []string{"retrace", "--game", "hearts", "--player", "simple", "--id", "1-simple", mixed}, exitOK,
			"the Gin games of the logs are not retraced: give --game gin for them\n"},
		{"hearts database as hearts", []string{"--db", db, "retrace", "--game", "hearts", "--player", "simple", "--id", "2-simple"}, exitOK, ""},
		{"a hearts game as hearts", []string{"--db", db, "retrace", "--game", "hearts", "--player", "simple", "--game-id", "1"}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code || r.err != tc.err {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, tc.code, tc.err)
			}
		})
	}
}

// TestRetraceWorkers: retracing an exec: player on one worker and on four
// reports the same decisions, differences and faults in the same order.
func TestRetraceWorkers(t *testing.T) {
	bot := testBot(t)
	logs := simulated(t, "memory,simple", 16)
	for _, mode := range []string{"good", "crash"} {
		t.Run(mode, func(t *testing.T) {
			run := func(workers string) string {
				r := runCmd(t, nil, "retrace", "--player", "exec:"+bot+" "+mode, "--show", "1000", "--workers", workers, logs)
				if r.code != exitRejected {
					t.Fatalf("--workers %s: exit %d, want %d: %s", workers, r.code, exitRejected, r.err)
				}
				return maskExecTimes(r.out + r.err)
			}
			one, four := run("1"), run("4")
			if one != four {
				t.Errorf("--workers 1:\n%s\ndiffers from --workers 4:\n%s", one, four)
			}
			if strings.Count(one, "\n") < 30 {
				t.Errorf("only %d lines: want the differences listed\n%s", strings.Count(one, "\n"), one)
			}
		})
	}
}
