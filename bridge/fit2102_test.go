package bridge

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/external"
)

// The weighted test player (testdata/haskell/weighted/Player.hs) plays by
// the FIT2102 export of model/export, module GinlogWeights; docs/haskell.md
// shows it as its worked example.

var haskellDir = filepath.Join("testdata", "haskell")

// sampleWeights reads the weights model/fit's tests fit on the bundled
// sample games.
func sampleWeights(t testing.TB) *model.Weights {
	t.Helper()
	path := filepath.Join("..", "model", "fit", "testdata", "sample.json")
	w, err := players.LoadWeights(path)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// fit2102Module writes the FIT2102 export of w as GinlogWeights.hs in dir.
func fit2102Module(t testing.TB, w *model.Weights, dir string) string {
	t.Helper()
	var b bytes.Buffer
	if err := export.HaskellFIT2102(&b, w, "GinlogWeights"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "GinlogWeights.hs")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// buildWeighted compiles the weighted player with the FIT2102 export of w
// and the generated Main under -Wall -Werror, and returns the executable.
func buildWeighted(t testing.TB, w *model.Weights) string {
	t.Helper()
	dir := t.TempDir()
	fit2102Module(t, w, dir)
	var b bytes.Buffer
	if err := Haskell(&b, HaskellOptions{}); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "GinlogMain.hs")
	if err := os.WriteFile(main, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	hs, err := filepath.Abs(haskellDir)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "player")
	out, err := testenv.GHC(t, "", "-Wall", "-Werror", "-Wunsafe", "-O0", "-i"+filepath.Join(hs, "framework"),
		"-i"+filepath.Join(hs, "weighted"), "-i"+dir, "-outputdir", filepath.Join(dir, "build"), "-o", exe, main)
	if err != nil {
		t.Fatalf("ghc: %v\n%s", err, out)
	}
	return exe
}

// trackerCheck is the weighted player over the protocol, checked at every
// decision: the tracker in the memory it returns must hold what the
// player could know of the round, computed from the engine's view.
type trackerCheck struct {
	*external.Player
	t     testing.TB
	turns int
}

// cardsField writes cards in the framework's order, joined by ',' as the
// tracker writes them.
func cardsField(h gin.Hand) string {
	return strings.Join(strings.Fields(h.String()), ",")
}

// knowledge returns what a FIT2102 player knows at a view: the cards seen
// face up (those offered to it, and every discard) and the cards the
// opponent took face up after it saw them and still holds. The face-up
// card of a round the opponent opened is not seen: the framework does not
// show it.
func knowledge(v *gin.View) (seen, known gin.Hand) {
	seen = gin.HandOf(v.Top)
	for i, p := range v.History {
		seen = seen.Add(p.Discarded)
		if p.Seat == v.Seat {
			seen = seen.Add(p.Top)
			continue
		}
		if p.Source == gin.DiscardPile && i > 0 {
			known = known.Add(p.Top)
		}
		known = known.Remove(p.Discarded)
	}
	return seen, known
}

func (c *trackerCheck) Draw(v *gin.View) gin.Pile {
	pile := c.Player.Draw(v)
	if c.Fault() != nil {
		return pile
	}
	turn := 1
	for _, p := range v.History {
		if p.Seat == v.Seat {
			turn++
		}
	}
	seen, known := knowledge(v)
	c.check(v, "pick", fmt.Sprintf("gin1;%d;%d;-;%d;%d;%s;%s;%s;%s;", turn, v.StockLeft, v.Scores[0], v.Scores[1], v.Top,
		cardsField(v.HandSet()), cardsField(seen), cardsField(known)))
	return pile
}

func (c *trackerCheck) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	prev := c.Memory().Text
	card, call := c.Player.Discard(v, drawn)
	if c.Fault() != nil {
		return card, call
	}
	// The pick's tracker, with the draw and the discard.
	f := strings.Split(prev, ";")
	if len(f) < 11 {
		c.t.Fatalf("%s: the pick's memory %q", where(v), prev)
	}
	f[3] = "s"
	if drawn == v.Top {
		f[3] = "d"
	}
	seen, known := knowledge(v)
	f[6], f[7], f[8], f[9] = card.String(), cardsField(v.HandSet().Add(drawn).Remove(card)), cardsField(seen.Add(card)), cardsField(known)
	c.check(v, "play", strings.Join(f[:10], ";")+";")
	c.turns++
	return card, call
}

func (c *trackerCheck) check(v *gin.View, kind, want string) {
	c.t.Helper()
	if got := c.Memory().Text; got != want {
		c.t.Fatalf("%s %s: memory\n %s\nwant\n %s", where(v), kind, got, want)
	}
}

func where(v *gin.View) string {
	return fmt.Sprintf("round %d ply %d", v.Round, v.Turn+1)
}

// TestWeightedPlaysThroughBridge plays the weighted player, compiled with
// the weights fitted on the sample games, through the bridge against
// simple and against meldable (which takes many face-up cards), from both
// seats: every game ends without a violation, and the tracker in its
// memory is right at every decision.
func TestWeightedPlaysThroughBridge(t *testing.T) {
	testenv.Long(t, "GHC compiles the weighted player and plays it through the bridge from both seats")
	exe := buildWeighted(t, sampleWeights(t))
	pool, err := external.NewPool(external.Options{Command: []string{exe}})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	turns := 0
	for i, opp := range []string{"simple", "meldable", "simple", "meldable"} {
		rng := rand.New(rand.NewPCG(14, uint64(i)))
		bot, err := bots.New(opp, rng)
		if err != nil {
			t.Fatal(err)
		}
		seat := i % 2
		c := &trackerCheck{Player: pool.Player(), t: t}
		if err := c.StartGame(i, int64(1700000000+i), seat); err != nil {
			t.Fatal(err)
		}
		players := [2]gin.Player{c, bot}
		if seat == 1 {
			players = [2]gin.Player{bot, c}
		}
		g, err := gin.PlayGame(gin.RandomDeals(rng), players)
		if err != nil || c.Fault() != nil {
			t.Fatalf("game %d against %s: %v, fault %v", i, opp, err, c.Fault())
		}
		if err := c.EndGame(); err != nil {
			t.Fatal(err)
		}
		t.Logf("game %d against %s: %d rounds, %d-%d", i, opp, len(g.Rounds), g.Totals[seat], g.Totals[1-seat])
		turns += c.turns
	}
	if turns < 100 {
		t.Errorf("only %d turns checked", turns)
	}
}

// pasted returns the weighted player as one file, the way the FIT2102
// module's header says to paste it: its body after Player's code, its
// exports in Player's export list, the import of GinlogWeights dropped.
func pasted(t testing.TB, player, module string) string {
	t.Helper()
	header := regexp.MustCompile(`(?m)^-- module Player\n((?:--   .*\n)+)`).FindStringSubmatch(module)
	_, body, ok := strings.Cut(module, "-- ginlog: paste below\n")
	if header == nil || !ok {
		t.Fatalf("the module has no paste instructions")
	}
	exports := "module Player\n" + strings.ReplaceAll(header[1], "--   ", "  ")
	out := strings.Replace(player, "module Player (pickCard, playCard, makeMelds) where\n", exports, 1)
	out = strings.Replace(out, "import GinlogWeights\n", "", 1)
	if out == player {
		t.Fatal("the player's header or import changed: update pasted")
	}
	return out + "\n" + body
}

// commonNames are top-level names a player may well define: the pasted
// module must not shadow them with its local names, which -Wall reports.
var commonNames = []string{"after", "best", "better", "bits", "card", "cards", "chance", "choose", "code", "codes", "combo",
	"count", "dead", "deadwood", "deck", "discard", "discards", "draw", "drawn", "feeding", "fields", "flag", "hand", "held",
	"kept", "key", "knock", "known", "limit", "meld", "melds", "memory", "near", "nine", "number", "opponent", "opp", "options",
	"pair", "phase", "pick", "points", "rank", "ranks", "relation", "rest", "run", "runs", "same", "score", "scores", "seen",
	"set", "sets", "split", "stock", "suit", "suits", "top", "tracker", "turn", "unseen", "value", "values", "worth"}

// TestWeightedPasted compiles the weighted player pasted into one file,
// as the server wants it, under -Wall -Werror with the framework's default
// extensions; and the module's body pasted beside definitions of
// commonNames alone, which none of its local names may shadow.
func TestWeightedPasted(t *testing.T) {
	testenv.Tool(t, "ghc", "Debian package ghc")
	player, err := os.ReadFile(filepath.Join(haskellDir, "weighted", "Player.hs"))
	if err != nil {
		t.Fatal(err)
	}
	module := fit2102Module(t, sampleWeights(t), t.TempDir())
	_, body, _ := strings.Cut(module, "-- ginlog: paste below\n")
	var crowded strings.Builder
	fmt.Fprintf(&crowded, "module Player (%s) where\n\nimport Cards\nimport Rummy.Types\n", strings.Join(commonNames, ", "))
	for _, n := range commonNames {
		fmt.Fprintf(&crowded, "\n%s :: Int\n%s = handDeadwood [] + length (bestMelds [])\n", n, n)
	}
	fw, err := filepath.Abs(filepath.Join(haskellDir, "framework"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"pasted":              pasted(t, string(player), module),
		"beside common names": crowded.String() + "\n" + body,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "Player.hs"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			// Unused definitions are reported for the pasted player only:
			// beside the common names the module's exports go unused.
			flags := []string{"-Wall", "-Werror", "-Wno-trustworthy-safe"}
			if name != "pasted" {
				flags = append(flags, "-Wno-unused-top-binds")
			}
			args := append([]string{"--make", "-no-link", "-O0", "-XTrustworthy", "-XNamedFieldPuns", "-i" + fw,
				"-outputdir", filepath.Join(dir, "build"), filepath.Join(dir, "Player.hs")}, flags...)
			if out, err := testenv.GHC(t, "", args...); err != nil {
				t.Fatalf("ghc: %v\n%s", err, out)
			}
		})
	}
}

// TestHaskellDocExample: docs/haskell.md shows the weighted player and
// the mixed one, as compiled and played by the tests here, whole.
func TestHaskellDocExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "haskell.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"weighted", "mixed"} {
		path := filepath.Join(haskellDir, name, "Player.hs")
		player, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, []byte("```haskell\n"+string(player)+"```\n")) {
			t.Errorf("docs/haskell.md does not show %s whole, in a haskell block", path)
		}
	}
}
