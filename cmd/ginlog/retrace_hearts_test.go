package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// heartsSimulated simulates Hearts games between players into a folder
// and returns it.
func heartsSimulated(t *testing.T, players string, games string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "logs")
	r := runCmd(t, nil, "simulate", "--game", "hearts", "--players", players, "--games", games, "--out", out, "--stderr-dir", t.TempDir())
	if r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	return out
}

// TestRetraceHeartsExec retraces the Hearts test bot over the protocol on
// the logs of its games beside built-in players: on its own seat it agrees
// on every card; simple retraced on every seat differs, listed in each
// format; a bot that breaks the protocol is reported, one line a fault.
func TestRetraceHeartsExec(t *testing.T) {
	bot := testHeartsBot(t)
	logs := heartsSimulated(t, "exec:"+bot+",simple,tracker,simple", "4")
	id := "1-exec:" + strings.ReplaceAll(bot, "/", "_")
	mask := func(s string) string {
		return maskBot(strings.ReplaceAll(s, strings.ReplaceAll(bot, "/", "_"), "BOT"), bot)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"own-seat", []string{"--player", "exec:" + bot, "--id", id}, exitOK},
		{"simple", []string{"--player", "simple", "-n", "4"}, exitRejected},
		{"simple-csv", []string{"--player", "simple", "-n", "4", "--format", "csv"}, exitRejected},
		{"simple-json", []string{"--player", "simple", "--id", "2-simple", "--id", "4-simple", "--format", "json"}, exitOK},
		{"crash", []string{"--player", "exec:" + bot + " crash", "--id", id, "--workers", "2"}, exitRejected},
		{"nobody", []string{"--player", "simple", "--id", "5-nobody"}, exitRejected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append(append([]string{"retrace", "--game", "hearts"}, tc.args...), logs)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", r.code, tc.code, r.out, r.err)
			}
			golden(t, "retrace-hearts-"+tc.name+".txt", mask(r.out+r.err))
		})
	}
}

// TestRetraceHeartsFlags: the Hearts flags are refused in a retrace of
// Gin games, --opp in one of Hearts games, and an unknown direction or
// player is a usage error.
func TestRetraceHeartsFlags(t *testing.T) {
	logs := testenv.Sample.Dir(t)
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"id on gin", []string{"--player", "simple", "--id", "p1"}, "ginlog: --id is for Hearts games: give --game hearts with it\n"},
		{"direction on gin", []string{"--player", "simple", "--direction", "up"}, "ginlog: --direction is for Hearts games: give --game hearts with it\n"},
		{"opp on hearts", []string{"--game", "hearts", "--player", "simple", "--opp"}, "ginlog: --opp is for Gin games: a Hearts game has every player's side; --id chooses\n"},
		{"bad direction", []string{"--game", "hearts", "--player", "simple", "--direction", "left"}, "ginlog: --direction: direction \"left\": want auto, up or down\n"},
		{"gin player", []string{"--game", "hearts", "--player", "meldable"}, "ginlog: --player: no player \"meldable\"; want a Hearts player: random, simple, tracker, voids, mc or mc:PATH\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append(append([]string{"retrace"}, tc.args...), logs)...)
			if r.code != exitUsage || r.err != tc.err {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, exitUsage, tc.err)
			}
		})
	}
}

// TestRetraceHeartsRealLogs retraces tracker on real logs of both
// framework versions: the earlier one's reverse play order shows the
// order of play, so no hand's direction is assumed; the later one's does
// not, so every hand's is.
func TestRetraceHeartsRealLogs(t *testing.T) {
	testenv.Dir(t, realHearts)
	for _, tc := range []struct {
		repo    string
		assumed bool
	}{
		{"hyunshim", false},
		{"BryanHo99", true},
	} {
		t.Run(tc.repo, func(t *testing.T) {
			r := runCmd(t, nil, "retrace", "--game", "hearts", "--player", "tracker", "--format", "json", filepath.Join(realHearts, tc.repo))
			var rep struct {
				Games, Cards, Agreed, Hands int
				Assumed                     int `json:"hands_direction_assumed"`
			}
			if err := json.Unmarshal([]byte(r.out), &rep); err != nil || r.code != exitRejected {
				t.Fatalf("exit %d, %v: %s%s", r.code, err, r.out, r.err)
			}
			if rep.Games == 0 || rep.Hands == 0 || rep.Agreed == 0 || rep.Agreed == rep.Cards || (rep.Assumed == rep.Hands) != tc.assumed || tc.assumed != (rep.Assumed > 0) {
				t.Errorf("report %+v: want hands retraced, some cards agreeing, directions assumed: %v", rep, tc.assumed)
			}
		})
	}
}
