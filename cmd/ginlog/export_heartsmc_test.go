package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/players/external"
)

// testHeartsWeights are habits fitted by ginlog fit --game hearts on 200
// simulated games of the baselines (model/export's test habits).
var testHeartsWeights = filepath.Join("..", "..", "model", "export", "testdata", "hearts-weights.json")

// TestExportHeartsMCFlags: the Hearts player's export refuses another
// player, another format, --out without --player, a missing weights file
// and a bad module name, each with a usage error.
func TestExportHeartsMCFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"gin player", []string{"--player", "rollout"}, `--player: no Hearts player "rollout"`},
		{"go", []string{"--player", "mc", "--format", "go"}, "--player mc writes a Haskell module: --format haskell, not go"},
		{"out without player", []string{"--out", dir}, "--out is for --player mc"},
		{"no weights", []string{"--player", "mc", "--weights", filepath.Join(dir, "none.json")}, "ginlog fit --game hearts --out"},
		{"gin weights", []string{"--player", "mc", "--weights", "default"}, "--weights:"},
		{"name", []string{"--player", "mc", "--name", "my bot"}, "--name:"},
		{"flavour", []string{"--player", "mc", "--flavour", "fit2102"}, "--flavour is for the Gin Rummy weights"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, append([]string{"export", "--game", "hearts"}, tc.args...)...)
			if r.code != exitUsage || !strings.Contains(r.err, tc.err) {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, exitUsage, tc.err)
			}
		})
	}
}

// TestExportHeartsMCOut writes the Hearts player with --out: the module
// and a Player.hs that plays it, again over its own files, never over a
// Player.hs of the user's; without --out the module goes to stdout.
func TestExportHeartsMCOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "staticgame")
	args := []string{"export", "--game", "hearts", "--player", "mc", "--weights", testHeartsWeights, "--out", dir}
	for range 2 {
		if r := runCmd(t, nil, args...); r.code != exitOK || !strings.HasPrefix(r.out, "wrote ") {
			t.Fatalf("exit %d: %s%s", r.code, r.out, r.err)
		}
	}
	module, err := os.ReadFile(filepath.Join(dir, "GinlogHearts.hs"))
	if err != nil || !strings.Contains(string(module), "\nghHabits = Just (") {
		t.Fatalf("GinlogHearts.hs, with habits: %v", err)
	}
	player, err := os.ReadFile(filepath.Join(dir, "Player.hs"))
	if err != nil || !strings.Contains(string(player), "\nimport GinlogHearts (mcPlayCard)\n") {
		t.Fatalf("Player.hs: %v\n%s", err, player)
	}
	own := "module Player (playCard, makeBid) where\n"
	if err := os.WriteFile(filepath.Join(dir, "Player.hs"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCmd(t, nil, args...); r.code != exitUsage || !strings.Contains(r.err, "is a player of your own") {
		t.Errorf("over the user's Player.hs: exit %d, %s", r.code, r.err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "Player.hs")); string(b) != own {
		t.Errorf("the user's Player.hs changed: %q", b)
	}
	r := runCmd(t, nil, "export", "--game", "hearts", "--player", "mc")
	if r.code != exitOK || !strings.HasPrefix(r.out, "-- | ginlog's Monte Carlo Hearts player") || !strings.Contains(r.out, "\nghHabits = Nothing\n") {
		t.Errorf("to stdout: exit %d, %.200s%s", r.code, r.out, r.err)
	}
}

// heartsMCExes compiles, once for each, the Hearts player's export
// (without habits: "", or with the test habits: "habits") with its
// Player.hs and the Hearts bridge's Main, over the test framework of
// bridge/testdata/haskell/hearts, at -O1 as the course's stack build
// optimises, under -Wall -Werror.
var heartsMCExes = struct {
	sync.Mutex
	exe map[string]string
}{exe: map[string]string{}}

func heartsMCExe(t *testing.T, kind string) string {
	t.Helper()
	needTool(t, "ghc")
	heartsMCExes.Lock()
	defer heartsMCExes.Unlock()
	if exe, ok := heartsMCExes.exe[kind]; ok {
		return exe
	}
	dir := filepath.Join(toolDir, "haskell-hearts-mc-"+kind)
	args := []string{"export", "--game", "hearts", "--player", "mc", "--out", dir}
	if kind == "habits" {
		args = append(args, "--weights", testHeartsWeights)
	}
	if r := runCmd(t, nil, args...); r.code != exitOK {
		t.Fatalf("export: %s", r.err)
	}
	main := filepath.Join(dir, "GinlogHeartsMain.hs")
	if r := runCmd(t, nil, "bridge", "haskell", "--game", "hearts", "--out", main); r.code != exitOK {
		t.Fatalf("bridge: %s", r.err)
	}
	fw, err := filepath.Abs("../../bridge/testdata/haskell/hearts/framework")
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "player")
	out, err := testenv.GHC(t, "", "-O1", "-Wall", "-Werror", "-i"+fw, "-i"+dir, "-outputdir", filepath.Join(dir, "build"),
		"-o", exe, main)
	if err != nil {
		t.Fatalf("ghc: %v\n%s", err, out)
	}
	heartsMCExes.exe[kind] = exe
	return exe
}

// agreed reads retrace's first line: the cards retraced and agreeing.
var agreed = regexp.MustCompile(`: (\d+) of (\d+) cards agree`)

// TestExportHeartsMCAgrees is the proof that the export plays as the Go
// player: games of mc and of mc:PATH (with the test habits) against voids
// and tracker, in four seats and in two, retraced through the compiled
// export of each: every card agrees. The same logs retraced through the
// other export differ, so the habits are what makes them agree.
func TestExportHeartsMCAgrees(t *testing.T) {
	testenv.Long(t, "GHC compiles the export twice, then ten simulated Hearts games are retraced through it")
	plain, weighed := heartsMCExe(t, "plain"), heartsMCExe(t, "habits")
	mcw := "mc:" + testHeartsWeights
	idOf := func(seat int, name string) string {
		return fmt.Sprintf("%d-%s", seat, strings.ReplaceAll(name, "/", "_"))
	}
	for _, tc := range []struct {
		name, players, id, exe, other string
	}{
		{"mc", "mc,voids,tracker,voids", idOf(1, "mc"), plain, weighed},
		{"mc third", "voids,tracker,mc,voids", idOf(3, "mc"), plain, weighed},
		{"mc two", "voids,mc", idOf(2, "mc"), plain, ""},
		{"mc:PATH", mcw + ",voids,tracker,voids", idOf(1, mcw), weighed, plain},
		{"mc:PATH fourth", "tracker,voids,voids," + mcw, idOf(4, mcw), weighed, plain},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := heartsSimulated(t, tc.players, "2")
			r := runCmd(t, nil, "retrace", "--game", "hearts", "--player", "exec:"+tc.exe, "--id", tc.id, logs)
			m := agreed.FindStringSubmatch(r.out)
			if r.code != exitOK || m == nil || m[1] != m[2] {
				t.Fatalf("exit %d: %s%s", r.code, r.out, r.err)
			}
			t.Logf("%s cards agree", m[2])
			if tc.other == "" {
				return
			}
			r = runCmd(t, nil, "retrace", "--game", "hearts", "--player", "exec:"+tc.other, "--id", tc.id, logs)
			if m := agreed.FindStringSubmatch(r.out); r.code != exitRejected || m == nil || m[1] == m[2] {
				t.Errorf("the other export agrees too: exit %d: %.300s", r.code, r.out)
			}
		})
	}
}

// TestExportHeartsMCMemory asks the compiled export to play with
// memories it did not write, or not as it wrote them: empty, garbage, of
// another hand, of another number of players, cut short at every length
// of its own, with a seat out of range, near the server's 10,000
// characters. Every reply is a card the rules allow whatever the hand's
// earlier tricks were: it follows suit, and it leads no heart while it
// holds another suit (it cannot know hearts broke).
func TestExportHeartsMCMemory(t *testing.T) {
	exe := heartsMCExe(t, "plain")
	hand := "S3;S8;C7;C9;D5;H3;H5;H6;H7;H10;HK"
	prev := "C10@p1;C2@p2;C3@p3;C4@p4"
	own := "mc1;1C2C3C4C5;0C10C2C3C4"
	memories := []string{"", "garbage", "mc1", "mc1;0C2", "mc1;9C2C3C4C5", "mc1;0C2C3C4C5C6", "mc1;1X2C3C4C5",
		"mc1;1C2C3C4C5;0C10C2C3C4;2D2D3D4D5", "mc2;1C2C3C4C5", strings.Repeat("mc1;1C2C3C4C5", 700)}
	for n := range len(own) {
		memories = append(memories, own[:n])
	}
	var in strings.Builder
	in.WriteString(external.HeartsHello + "\n")
	for _, m := range memories {
		enc := string(external.AppendMemory(nil, external.Memory{Text: m, Valid: true}))
		fmt.Fprintf(&in, "play p1 %s - %s %s\n", hand, prev, enc)
		fmt.Fprintf(&in, "play p1 %s D9@p4 %s %s\n", hand, prev, enc)
		fmt.Fprintf(&in, "play p1 %s S2@p3;SA@p4 %s %s\n", hand, prev, enc)
	}
	cmd := exec.Command(exe)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	replies := bufio.NewScanner(strings.NewReader(string(out)))
	replies.Buffer(nil, 1<<20)
	replies.Scan()
	held, err := gin.ParseCards(strings.ReplaceAll(hand, ";", " "))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 * len(memories) {
		if !replies.Scan() {
			t.Fatalf("reply %d missing", i)
		}
		card, _, _ := strings.Cut(replies.Text(), " ")
		c, err := gin.ParseCard(card)
		sit := hearts.Situation{Held: gin.HandOf(held...), Leads: i%3 == 0, Led: []gin.Suit{0, gin.Diamonds, gin.Spades}[i%3]}
		if err != nil || hearts.CheckPlay(c, sit) != nil {
			t.Errorf("memory %q, request %d: reply %q breaks a rule: %v", memories[i/3], i%3, replies.Text(), hearts.CheckPlay(c, sit))
		}
	}
}

// TestExportHeartsMCMemoryText follows the memory through a hand's first
// tricks: "mc1", then each finished trick as its leader's seat, counted
// from the player in the order of play, and its cards from the lead.
func TestExportHeartsMCMemoryText(t *testing.T) {
	exe := heartsMCExe(t, "plain")
	requests := []string{
		"play p1 S3;S8;C2;C7;C9;D5;D9;DK;H3;H5;H6;H7;H10 - - -",
		"play p1 S3;S8;C7;C9;D5;D9;DK;H3;H5;H6;H7;H10 S2@p4 C2@p1;C3@p2;C4@p3;C5@p4 =mc1",
		"play p1 S8;C7;C9;D5;D9;DK;H3;H5;H6;H7;H10 D2@p2;D3@p3;D4@p4 S2@p4;S3@p1;S9@p2;S4@p3 =mc1;0C2C3C4C5",
	}
	want := []string{"C2 =mc1", " =mc1;0C2C3C4C5", " =mc1;0C2C3C4C5;3S2S3S9S4"}
	cmd := exec.Command(exe)
	cmd.Stdin = strings.NewReader(external.HeartsHello + "\n" + strings.Join(requests, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	replies := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(replies) != len(want)+1 {
		t.Fatalf("replies %q", replies)
	}
	for i, w := range want {
		if got := replies[i+1]; !strings.HasSuffix(got, w) || (w[0] != ' ' && got != w) {
			t.Errorf("reply %d: %q, want %q", i+1, got, w)
		}
	}
}
