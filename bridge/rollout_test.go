package bridge

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/players/tuned"
)

// The rollout player exported as Haskell (model/export, rollout/) must
// play as ginlog's Go rollout player, decision for decision. The corpus
// testdata/rollout-agreement.txt records the Go player's decisions in
// games against the baselines; the tests replay those games with the Go
// player and the Haskell one, compiled with the generated Player.hs and
// Main, side by side through the line protocol.

// buildRollout writes the rollout export of w, a Player.hs (the one the
// export writes when player is "", else player's text) and the bridge's
// Main into a folder, compiles them with the flags (and -O1, as the
// course's stack build optimises) and returns the executable.
func buildRollout(t testing.TB, w *model.Weights, player string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	var module, own, main bytes.Buffer
	if err := export.HaskellRollout(&module, w, "GinlogRollout", players.RolloutExport()); err != nil {
		t.Fatal(err)
	}
	if err := export.HaskellRolloutPlayer(&own, "GinlogRollout"); err != nil {
		t.Fatal(err)
	}
	if player != "" {
		own.Reset()
		own.WriteString(player)
	}
	if err := Haskell(&main, HaskellOptions{}); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]*bytes.Buffer{"GinlogRollout.hs": &module, "Player.hs": &own, "GinlogMain.hs": &main} {
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := filepath.Abs(filepath.Join(haskellDir, "framework"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "player")
	args := append([]string{"-O1", "-i" + fw, "-i" + dir, "-outputdir", filepath.Join(dir, "build"), "-o", exe,
		filepath.Join(dir, "GinlogMain.hs")}, flags...)
	start := time.Now()
	if out, err := testenv.GHC(t, "", args...); err != nil {
		t.Fatalf("ghc %s: %v\n%s", strings.Join(flags, " "), err, out)
	}
	t.Logf("compiled in %v", time.Since(start).Round(time.Millisecond))
	return exe
}

// twin plays ginlog's Go rollout player and asks the Haskell one, over
// the protocol, every decision too: it records the Go player's decisions
// and counts those the Haskell player makes otherwise.
type twin struct {
	t         *testing.T
	game      int
	goPlayer  *tuned.Player
	hs        *external.Player
	decisions []string
	differ    *int
	longest   *int // the longest memory the Haskell player returned
}

func (w *twin) compare(v *gin.View, kind, goes, hs string) {
	w.decisions = append(w.decisions, goes)
	*w.longest = max(*w.longest, w.hs.Memory().Chars())
	if goes != hs {
		if *w.differ < 10 {
			w.t.Errorf("game %d round %d ply %d, %s: Go %s, Haskell %s", w.game, v.Round, v.Turn+1, kind, goes, hs)
		}
		*w.differ++
	}
}

func (w *twin) Draw(v *gin.View) gin.Pile {
	pile := w.goPlayer.Draw(v)
	w.compare(v, "draw", pile.String(), w.hs.Draw(v).String())
	return pile
}

func (w *twin) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	card, call := w.goPlayer.Discard(v, drawn)
	hc, hcall := w.hs.Discard(v, drawn)
	w.compare(v, "discard", card.String()+":"+call.String(), hc.String()+":"+hcall.String())
	return card, call
}

func (w *twin) Declare(v *gin.View) []gin.Meld {
	melds := w.goPlayer.Declare(v)
	w.compare(v, "melds", meldsText(melds), meldsText(w.hs.Declare(v)))
	return melds
}

// meldsText writes melds in one order, whatever order they come in.
func meldsText(melds []gin.Meld) string {
	var out []string
	for _, m := range melds {
		if gin.Hand(m).Len() > 1 {
			out = append(out, strings.ReplaceAll(m.String(), " ", ""))
		}
	}
	slices.Sort(out)
	return "[" + strings.Join(out, " ") + "]"
}

// agreementGames are the corpus's games: against each baseline, from both
// seats.
var agreementGames = []struct {
	opponent string
	seat     int
}{
	{"simple", 0}, {"simple", 1}, {"meldable", 0}, {"memory", 1}, {"simple", 1}, {"meldable", 1},
	{"memory", 0}, {"simple", 0}, {"simple", 1}, {"meldable", 0}, {"memory", 1}, {"simple", 0},
	{"simple", 1}, {"meldable", 1}, {"memory", 0}, {"simple", 0}, {"simple", 1}, {"memory", 1},
	{"meldable", 0}, {"simple", 0}, {"memory", 0}, {"simple", 1}, {"meldable", 1}, {"simple", 0},
}

// TestRolloutExport compiles the rollout export of the weights fitted on
// the sample games with its Player.hs and the bridge under -Wall -Werror
// (inferred Safe), and plays it.
func TestRolloutExport(t *testing.T) {
	testenv.Long(t, "GHC compiles the rollout export, then plays it against the Go player decision by decision")
	w := sampleWeights(t)
	exe := buildRollout(t, w, "", "-Wall", "-Werror", "-Wunsafe")
	t.Run("agrees", func(t *testing.T) { testRolloutAgrees(t, w, exe) })
	t.Run("memory not its own", func(t *testing.T) { testRolloutMemory(t, exe) })
}

// testRolloutAgrees replays the corpus with the Go rollout player and the
// Haskell export exe of w side by side: every decision must be the same,
// and the Go player's must be the corpus's (go test -update rewrites the
// corpus after a change to the player).
func testRolloutAgrees(t *testing.T, w *model.Weights, exe string) {
	pool, err := external.NewPool(external.Options{Command: []string{exe}, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	goPlayer, err := tuned.NewRolloutPlayer(w, tuned.DefaultRolloutConfig)
	if err != nil {
		t.Fatal(err)
	}
	var corpus strings.Builder
	corpus.WriteString("# The Go rollout player's decisions (draw; discard:call; melds of the\n" +
		"# final hand) in games against the baselines, weights fitted on the\n" +
		"# sample games: go test ./bridge -run TestRolloutExport -update rewrites it.\n")
	differ, total, longest := 0, 0, 0
	start := time.Now()
	for i, g := range agreementGames {
		rng := rand.New(rand.NewPCG(25, uint64(i)))
		bot, err := bots.New(g.opponent, rng)
		if err != nil {
			t.Fatal(err)
		}
		tw := &twin{t: t, game: i, goPlayer: goPlayer.Fresh(), hs: pool.Player(), differ: &differ, longest: &longest}
		if err := tw.hs.StartGame(i, int64(1700000000+i), g.seat); err != nil {
			t.Fatal(err)
		}
		players := [2]gin.Player{tw, bot}
		if g.seat == 1 {
			players = [2]gin.Player{bot, tw}
		}
		if _, err := gin.PlayGame(gin.RandomDeals(rng), players); err != nil || tw.hs.Fault() != nil {
			t.Fatalf("game %d: %v, fault %v", i, err, tw.hs.Fault())
		}
		if err := tw.hs.EndGame(); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&corpus, "game %d %s seat %d: %s\n", i, g.opponent, g.seat, strings.Join(tw.decisions, " "))
		total += len(tw.decisions)
	}
	t.Logf("%d decisions, %d differ, in %v; memory up to %d characters", total, differ, time.Since(start).Round(time.Millisecond), longest)
	if longest > 1000 {
		t.Errorf("a memory of %d characters: the module's header promises under 1,000", longest)
	}
	if total < 2000 {
		t.Errorf("%d decisions, want at least 2,000: add games", total)
	}
	golden.Check(t, filepath.Join("testdata", "rollout-agreement.txt"), corpus.String())
}

// testRolloutMemory asks the compiled rollout player exe to pick and
// play with memories it did not write, or not as it wrote them: none, an
// empty one, another player's, its own cut short at every length, edited
// a character at a time, and near the server's 10,000 characters. Every
// answer must be a legal reply: it starts the round again and plays on.
func testRolloutMemory(t *testing.T, exe string) {
	cmd := exec.Command(exe)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	replies := bufio.NewReader(stdout)
	ask := func(line string) string {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
		reply, err := replies.ReadString('\n')
		if err != nil {
			t.Fatalf("%.120s: %v", line, err)
		}
		return strings.TrimSuffix(reply, "\n")
	}
	if got := ask(external.Hello); got != external.Hello {
		t.Fatalf("hello: %q", got)
	}
	hand, _ := gin.ParseCards("SA S2 S3 D9 HJ C4 C5 DK H2 S7")
	drawn, _ := gin.ParseCard("C6")
	pick := func(m external.Memory, opp gin.Pile) (gin.Pile, external.Memory) {
		t.Helper()
		r := &external.Request{Kind: "pick", Card: drawn, Scores: [2]int{12, 30}, Memory: m, OppDraw: opp, Hand: hand}
		reply := ask(string(external.AppendRequest(nil, r)))
		pile, mem, err := external.ParsePick(reply)
		if err != nil {
			t.Fatalf("pick with memory %q: %q: %v", m.Text, reply, err)
		}
		return pile, mem
	}
	play := func(m external.Memory) external.Memory {
		t.Helper()
		r := &external.Request{Kind: "play", Card: drawn, Scores: [2]int{12, 30}, Memory: m, Hand: hand}
		reply := ask(string(external.AppendRequest(nil, r)))
		card, _, mem, err := external.ParsePlay(reply)
		if err != nil || card == drawn || !slices.Contains(hand, card) {
			t.Fatalf("play with memory %q: %q: %v", m.Text, reply, err)
		}
		return mem
	}
	_, own := pick(external.Memory{}, gin.StockPile)
	played := play(own)
	memories := []string{"", "gin1;3;20;-;0;0;SA;SA,S2;SA;;", strings.Repeat("ginlog-rollout-1|", 588)}
	for _, m := range []string{own.Text, played.Text} {
		for n := range len(m) {
			memories = append(memories, m[:n])
			edited := []byte(m)
			edited[n] ^= 0x5
			memories = append(memories, string(edited))
		}
	}
	asked := 0
	for _, m := range memories {
		mem := external.Memory{Text: m, Valid: true}
		for _, opp := range []gin.Pile{gin.NoPile, gin.StockPile, gin.DiscardPile} {
			pick(mem, opp)
		}
		play(mem)
		asked += 4
	}
	pick(external.Memory{}, gin.NoPile)
	t.Logf("%d calls with %d memories", asked+1, len(memories))
}

// mixedPlayer is the player of testdata/haskell/mixed, which keeps rules of
// its own and asks the rollout module for the rest (docs/haskell.md shows
// it).
func mixedPlayer(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(haskellDir, "mixed", "Player.hs"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRolloutMixed compiles the mixed player with the rollout module
// under -Wall -Werror and plays it through the bridge against simple from
// both seats: every game ends without a violation.
func TestRolloutMixed(t *testing.T) {
	testenv.Long(t, "GHC compiles the mixed rollout player and plays it through the bridge")
	exe := buildRollout(t, sampleWeights(t), mixedPlayer(t), "-Wall", "-Werror")
	pool, err := external.NewPool(external.Options{Command: []string{exe}, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for i := range 4 {
		rng := rand.New(rand.NewPCG(26, uint64(i)))
		bot, err := bots.New("simple", rng)
		if err != nil {
			t.Fatal(err)
		}
		p := pool.Player()
		if err := p.StartGame(i, int64(1700000000+i), i%2); err != nil {
			t.Fatal(err)
		}
		players := [2]gin.Player{p, bot}
		if i%2 == 1 {
			players = [2]gin.Player{bot, p}
		}
		g, err := gin.PlayGame(gin.RandomDeals(rng), players)
		if err != nil || p.Fault() != nil {
			t.Fatalf("game %d: %v, fault %v", i, err, p.Fault())
		}
		if err := p.EndGame(); err != nil {
			t.Fatal(err)
		}
		t.Logf("game %d: %d rounds, %d-%d", i, len(g.Rounds), g.Totals[i%2], g.Totals[1-i%2])
	}
}

// TestRolloutPasted compiles the mixed player made one file as the
// module's header says: the module's lines below "ginlog: paste below"
// appended, its imports of base added, the import of GinlogRollout
// dropped; and the module's body beside definitions of commonNames,
// which none of its local names may shadow; with the framework's default
// extensions, under -Wall -Werror.
func TestRolloutPasted(t *testing.T) {
	testenv.Long(t, "GHC compiles the rollout module pasted into one file, twice")
	testenv.Tool(t, "ghc", "Debian package ghc")
	var module bytes.Buffer
	if err := export.HaskellRollout(&module, sampleWeights(t), "GinlogRollout", players.RolloutExport()); err != nil {
		t.Fatal(err)
	}
	head, body, ok := strings.Cut(module.String(), "-- ginlog: paste below\n")
	if !ok {
		t.Fatal("the module has no paste line")
	}
	var imports []string
	for _, block := range strings.Split(head, "\nimport ")[1:] {
		block, _, _ = strings.Cut(block, "\n\n")
		if strings.HasPrefix(block, "Data.") {
			imports = append(imports, "import "+strings.TrimSpace(block))
		}
	}
	player := mixedPlayer(t)
	own := regexp.MustCompile(`(?m)^import GinlogRollout\n(  .*\n)*`)
	if !own.MatchString(player) || len(imports) != 3 {
		t.Fatalf("the mixed player's import of GinlogRollout, or the module's 3 imports of base (%q): not found", imports)
	}
	var crowded strings.Builder
	fmt.Fprintf(&crowded, "module Player (%s) where\n\nimport Cards\nimport Rummy.Types\n%s\n", strings.Join(commonNames, ", "),
		strings.Join(imports, "\n"))
	for _, n := range commonNames {
		fmt.Fprintf(&crowded, "\n%s :: Int\n%s = length (rolloutMakeMelds (0, 0) \"\" [])\n", n, n)
	}
	fw, err := filepath.Abs(filepath.Join(haskellDir, "framework"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"pasted":              own.ReplaceAllString(player, strings.Join(imports, "\n")+"\n") + "\n" + body,
		"beside common names": crowded.String() + "\n" + body,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "Player.hs"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"--make", "-no-link", "-O0", "-XTrustworthy", "-XNamedFieldPuns", "-i" + fw, "-outputdir",
				filepath.Join(dir, "build"), filepath.Join(dir, "Player.hs"), "-Wall", "-Werror", "-Wno-trustworthy-safe"}
			if name != "pasted" {
				args = append(args, "-Wno-unused-top-binds")
			}
			if out, err := testenv.GHC(t, "", args...); err != nil {
				t.Fatalf("ghc: %v\n%s", err, out)
			}
		})
	}
}
