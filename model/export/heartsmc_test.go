package export

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model/habits"
)

// heartsFramework holds the 2019 Hearts framework's types as ginlog's
// bridge tests write them (Cards, Hearts.Types).
var heartsFramework = filepath.Join("..", "..", "bridge", "testdata", "haskell", "hearts", "framework")

// testHabits reads testdata/hearts-weights.json, habits fitted by ginlog
// fit --game hearts on 200 simulated games of the baselines.
func testHabits(t testing.TB) *habits.Weights {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "hearts-weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := habits.Read(f, "hearts-weights.json")
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// exportHeartsMC writes the Hearts player's module with habits w (nil:
// none) and checks its text.
func exportHeartsMC(t testing.TB, w *habits.Weights) string {
	t.Helper()
	var b bytes.Buffer
	if err := HaskellHeartsMC(&b, w, "GinlogHearts", 24); err != nil {
		t.Fatal(err)
	}
	checkHeartsMCText(t, b.String())
	return b.String()
}

// checkHeartsMCText checks the module without compiling it: lines of
// printable ASCII under 80 columns; every unindented line a comment, the
// header's, or the definition of a name of its own (gh, gl, mc) that
// cannot clash with a student's names when pasted into Player.hs.
func checkHeartsMCText(t testing.TB, src string) {
	t.Helper()
	header := []string{"module ", "import ", "  ( ", "  , ", "  ) where", "data Gh", "type Gh", "data Gl", "{-# INLINE g"}
	for n, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d columns: %q", n+1, len(line), line)
		}
		if line == "" || line[0] == ' ' || strings.HasPrefix(line, "--") {
			continue
		}
		ok := false
		for _, p := range append(header, "gh", "gl", "mc") {
			ok = ok || strings.HasPrefix(line, p)
		}
		if !ok {
			t.Errorf("line %d: %q is not a definition of the module's own", n+1, line)
		}
	}
	checkHaskellLines(t, src, func(string) bool { return true })
}

// TestHeartsMCGolden: the module of the plain mc player and of mc:PATH
// with the test habits.
func TestHeartsMCGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		w      *habits.Weights
	}{
		{"testdata/hearts-mc.hs.txt", nil},
		{"testdata/hearts-mc-habits.hs.txt", testHabits(t)},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			golden.Check(t, tc.golden, exportHeartsMC(t, tc.w))
		})
	}
}

// TestHeartsMCCompiles compiles the module and its Player.hs both ways
// under -Wall -Werror: plain, where they must be inferred Safe, and with
// the framework's default extensions; with the habits and without; then
// with the player of docs/haskell.md that keeps a rule of its own
// (testdata/HeartsMixedPlayer.hs), and pasted into one Player.hs as the
// module's header says.
func TestHeartsMCCompiles(t *testing.T) {
	testenv.Long(t, "GHC compiles the Hearts module 6 times")
	var player bytes.Buffer
	if err := HaskellHeartsMCPlayer(&player, "GinlogHearts"); err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]*habits.Weights{"plain": nil, "habits": testHabits(t)} {
		src := exportHeartsMC(t, w)
		for flagsName, flags := range ghcFlags {
			t.Run(name+"/"+flagsName, func(t *testing.T) {
				ghcMakeWith(t, heartsFramework, map[string]string{"GinlogHearts.hs": src, "Player.hs": player.String()}, flags, false)
			})
		}
	}
	src := exportHeartsMC(t, testHabits(t))
	mixed, err := os.ReadFile(filepath.Join("testdata", "HeartsMixedPlayer.hs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("mixed", func(t *testing.T) {
		ghcMakeWith(t, heartsFramework, map[string]string{"GinlogHearts.hs": src, "Player.hs": string(mixed)}, ghcFlags["framework"], false)
	})
	head, body, ok := strings.Cut(src, "-- ginlog: paste below\n")
	if !ok {
		t.Fatal("the module has no paste line")
	}
	var imports []string
	for _, block := range strings.Split(head, "\nimport ")[1:] {
		block, _, _ = strings.Cut(block, "\n\n")
		imports = append(imports, "import "+strings.TrimSpace(block))
	}
	var own strings.Builder
	for _, n := range heartsCommonNames {
		fmt.Fprintf(&own, "\n%s :: Int\n%s = 0\n", n, n)
	}
	pasted := "module Player (playCard, makeBid, " + strings.Join(heartsCommonNames, ", ") + ") where\n\n" +
		strings.Join(imports, "\n") + "\nimport Hearts.Types (BidFunc)\n\n" +
		"playCard :: PlayFunc\nplayCard = mcPlayCard\n\nmakeBid :: BidFunc\nmakeBid = ()\n" + own.String() + "\n" + body
	t.Run("pasted beside common names", func(t *testing.T) {
		ghcMakeWith(t, heartsFramework, map[string]string{"Player.hs": pasted}, ghcFlags["framework"], false)
	})
}

// heartsCommonNames are names a Hearts player commonly defines, which the
// module's local names must not shadow when it is pasted into Player.hs
// (-Wall warns of a shadowed name).
var heartsCommonNames = []string{"after", "before", "best", "better", "broken", "card", "cards", "choose", "count", "deal",
	"dealt", "deck", "duck", "empty", "end", "first", "hand", "hands", "held", "high", "kinds", "lead", "leader", "led",
	"legal", "like", "low", "lowest", "highest", "mask", "me", "memory", "need", "needs", "open", "opp", "order", "others",
	"own", "play", "player", "players", "plays", "points", "prev", "previous", "queen", "rank", "ranks", "rest", "safe",
	"same", "score", "seats", "seen", "shortest", "spades", "suit", "suits", "top", "total", "trick", "tricks", "unseen",
	"view", "void", "voids", "weight", "winner"}

// TestHeartsMCRefuses: a module name that is not one, and no deals.
func TestHeartsMCRefuses(t *testing.T) {
	for _, tc := range []struct {
		name    string
		module  string
		samples int
		want    string
	}{
		{"module name", "ginlog hearts", 24, "not a valid name"},
		{"no deals", "GinlogHearts", 0, "want at least 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := HaskellHeartsMC(&bytes.Buffer{}, nil, tc.module, tc.samples)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	if err := HaskellHeartsMCPlayer(&bytes.Buffer{}, "a b"); err == nil {
		t.Error("Player.hs for module \"a b\": no error")
	}
}
