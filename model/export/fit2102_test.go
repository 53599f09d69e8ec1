package export

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
)

// framework is the directory of the FIT2102 framework's modules that the
// tests compile against (Cards, Rummy.Types).
var framework = filepath.Join("..", "..", "bridge", "testdata", "haskell", "framework")

func exportFIT2102(t testing.TB, w *model.Weights, module string) string {
	t.Helper()
	var b bytes.Buffer
	if err := HaskellFIT2102(&b, w, module); err != nil {
		t.Fatal(err)
	}
	checkFIT2102Text(t, b.String())
	return b.String()
}

func TestFIT2102Golden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		w      *model.Weights
	}{
		{"testdata/defaults.fit2102.hs.txt", model.Defaults()},
		{"testdata/sample.fit2102.hs.txt", fitted(t, "sample.json")},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			golden.Check(t, tc.golden, exportFIT2102(t, tc.w, "GinlogWeights"))
		})
	}
}

// fit2102TopLevel are how the unindented lines of the FIT2102 export that
// are not comments may begin: the module header, the two imports, the
// data declarations, and the definitions of exported or ginlog-prefixed
// names.
func fit2102TopLevel(line string) bool {
	for _, p := range []string{"module ", "import Cards ", "import Rummy.Types ", "data Phase ", "data Tracker ", "  ) where"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	name, _, _ := strings.Cut(line, " ")
	return strings.HasPrefix(name, "ginlog") || slices.Contains(fit2102Exports, name)
}

// checkFIT2102Text checks a FIT2102 export without compiling it: lines of
// printable ASCII under 80 columns (the handout's limit); string literals
// that read back; every unindented line a comment or fit2102TopLevel.
func checkFIT2102Text(t testing.TB, src string) {
	t.Helper()
	for n, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d columns: %q", n+1, len(line), line)
		}
	}
	checkHaskellLines(t, src, func(line string) bool {
		return line[0] == '}' || strings.HasPrefix(line, "--") || fit2102TopLevel(line)
	})
}

// TestFIT2102Refuses: the flavour refuses what the other exports refuse.
func TestFIT2102Refuses(t *testing.T) {
	w := model.Defaults()
	w.HandValues.Value[3][1] = math.NaN()
	if err := HaskellFIT2102(&bytes.Buffer{}, w, "GinlogWeights"); err == nil || !strings.Contains(err.Error(), "hand_values.value[3][1]") {
		t.Errorf("NaN weights: %v", err)
	}
	w = model.Defaults()
	w.KnockPolicy.WinProbability[0][3] = 0.5
	if err := HaskellFIT2102(&bytes.Buffer{}, w, "GinlogWeights"); err == nil || !strings.Contains(err.Error(), "absurd policy") {
		t.Errorf("Gin refused: %v", err)
	}
	if err := HaskellFIT2102(&bytes.Buffer{}, model.Defaults(), "Player where\nx = 1"); !errors.Is(err, ErrName) {
		t.Errorf("a module name with code: %v", err)
	}
}

// FuzzFIT2102 reads fuzzed weights and exports them in the FIT2102
// flavour: the module passes checkFIT2102Text, or the export fails.
func FuzzFIT2102(f *testing.F) {
	for _, w := range []*model.Weights{model.Defaults(), randomWeights(rand.New(rand.NewPCG(8, 9))), adversarialWeights()} {
		var b bytes.Buffer
		if err := w.Save(&b); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := model.Read(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := HaskellFIT2102(&b, w, "GinlogWeights"); err == nil {
			checkFIT2102Text(t, b.String())
		}
	})
}

// ghcFlags are the two ways the tests compile the FIT2102 module: plain,
// where it must be inferred Safe, and with the framework's default
// extensions. -Wtrustworthy-safe is off there: with -XTrustworthy on the
// command line it fires for every module inferred safe, the framework's
// own included, so a framework built that way cannot have it on.
var ghcFlags = map[string][]string{
	"plain":     {"-Wall", "-Werror", "-Wunsafe"},
	"framework": {"-XTrustworthy", "-XNamedFieldPuns", "-Wall", "-Werror", "-Wno-trustworthy-safe"},
}

// ghcMake compiles the Haskell files (name to source) with the framework's
// modules and the flags; with main set it links the program Main.hs and
// returns its path.
func ghcMake(t testing.TB, files map[string]string, flags []string, main bool) string {
	t.Helper()
	return ghcMakeWith(t, framework, files, flags, main)
}

// ghcMakeWith is ghcMake with the framework's modules of folder fw.
func ghcMakeWith(t testing.TB, fw string, files map[string]string, flags []string, main bool) string {
	t.Helper()
	dir := t.TempDir()
	fw, err := filepath.Abs(fw)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--make", "-O0", "-i" + fw, "-i" + dir, "-outputdir", filepath.Join(dir, "out")}, flags...)
	if main {
		args = append(args, "-o", filepath.Join(dir, "main"))
	} else {
		args = append(args, "-no-link")
	}
	for _, name := range slices.Sorted(maps.Keys(files)) { // one command line for the same files
		src := files[name]
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, path)
	}
	if out, err := testenv.GHC(t, dir, args...); err != nil {
		t.Fatalf("ghc %s: %v\n%s", strings.Join(flags, " "), err, out)
	}
	return filepath.Join(dir, "main")
}

// TestFIT2102Compiles compiles the module of default and of adversarial
// weights (every doc and filter text that could break out of a comment or
// a literal) both ways under -Wall -Werror.
func TestFIT2102Compiles(t *testing.T) {
	testenv.Long(t, "GHC compiles the module of two weights with each set of flags")
	for name, w := range map[string]*model.Weights{"defaults": model.Defaults(), "adversarial": adversarialWeights()} {
		src := exportFIT2102(t, w, "Bot.Weights")
		for flagsName, flags := range ghcFlags {
			t.Run(name+"/"+flagsName, func(t *testing.T) {
				dir := "Bot"
				ghcMake(t, map[string]string{filepath.Join(dir, "Weights.hs"): src, "Use.hs": "module Use (x) where\n\nimport Bot.Weights\n\nx :: Int\nx = handDeadwood []\n"}, flags, false)
			})
		}
	}
}

// probe is the compiled testdata/Probe.hs with the FIT2102 export of w
// as its module Weights: it answers requests, a line each.
type probe struct {
	t    testing.TB
	exe  string
	reqs []string
}

func newProbe(t testing.TB, w *model.Weights) *probe {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "Probe.hs"))
	if err != nil {
		t.Fatal(err)
	}
	exe := ghcMake(t, map[string]string{"Weights.hs": exportFIT2102(t, w, "Weights"), "Probe.hs": string(src)}, ghcFlags["plain"], true)
	return &probe{t: t, exe: exe}
}

// ask runs every request at once and returns the answers, in order.
func (p *probe) ask(reqs []string) []string {
	p.t.Helper()
	cmd := exec.Command(p.exe)
	cmd.Stdin = strings.NewReader(strings.Join(reqs, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		p.t.Fatalf("probe: %v\n%s", err, stderr.Bytes())
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(reqs) {
		p.t.Fatalf("probe: %d answers to %d requests", len(got), len(reqs))
	}
	return got
}

// cardList writes cards as the probe reads them.
func cardList(cards []gin.Card) string {
	if len(cards) == 0 {
		return "-"
	}
	return gin.JoinCards(cards, ";")
}

// randomHand deals n cards, from the whole deck or, half the time, from a
// few neighbouring ranks, where melds are many.
func randomHand(rng *rand.Rand, n int) []gin.Card {
	pool := make([]gin.Card, 0, gin.NumCards)
	lo := rng.IntN(gin.NumRanks)
	span := gin.NumRanks
	if rng.IntN(2) == 0 {
		span = 3 + rng.IntN(4)
	}
	for c := range gin.Card(gin.NumCards) {
		if d := (int(c.Rank()) - lo + gin.NumRanks) % gin.NumRanks; d < span {
			pool = append(pool, c)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool[:min(n, len(pool))]
}

// closeTo compares a printed number with a wanted one, to 1e-9.
func closeTo(got string, want float64) bool {
	g, err := strconv.ParseFloat(got, 64)
	return err == nil && math.Abs(g-want) <= 1e-9*max(1, math.Abs(want))
}

// TestFIT2102Cards compares the module's meld search with the rules
// engine's on random hands of 0 to 12 cards: the least deadwood, the
// melds declared (valid, covering the hand, at that deadwood), the
// deadwood each discard leaves, and the value one draw ahead.
func TestFIT2102Cards(t *testing.T) {
	testenv.Long(t, "GHC compiles a probe of fitted weights; -short keeps TestFIT2102Tracker's")
	w := fitted(t, "sample.json")
	p := newProbe(t, w)
	rng := rand.New(rand.NewPCG(21, 2))
	type check func(answer string) error
	var reqs []string
	var checks []check
	add := func(req string, c check) { reqs = append(reqs, req); checks = append(checks, c) }
	for i := range 600 {
		cards := randomHand(rng, i%13)
		h := gin.HandOf(cards...)
		want := gin.Deadwood(h)
		add("deadwood "+cardList(cards), func(a string) error {
			if a != strconv.Itoa(want) {
				return fmt.Errorf("deadwood %s, want %d", a, want)
			}
			return nil
		})
		add("melds "+cardList(cards), func(a string) error {
			var melds []gin.Meld
			var all []gin.Card
			for _, g := range strings.Fields(a) {
				cs, err := gin.ParseCards(g)
				if err != nil {
					return err
				}
				all = append(all, cs...)
				if len(cs) > 1 {
					melds = append(melds, gin.Meld(gin.HandOf(cs...)))
				}
			}
			if cards == nil && a == "" {
				return nil
			}
			if len(all) != len(cards) || gin.HandOf(all...) != h {
				return fmt.Errorf("melds %s do not cover the hand exactly", a)
			}
			if dw, err := gin.CheckDeclaration(h, melds); err != nil || dw != want {
				return fmt.Errorf("melds %s: deadwood %d (%v), want %d", a, dw, err, want)
			}
			return nil
		})
	}
	for range 150 {
		cards := randomHand(rng, 11)
		drawn, hand := cards[0], cards[1:]
		d := gin.BestDiscards(gin.HandOf(cards...), gin.HandOf(drawn))
		add("options "+drawn.String()+" "+cardList(hand), func(a string) error {
			var want []string
			for _, c := range hand {
				after, _ := d.After(c)
				want = append(want, fmt.Sprintf("%s:%d", c, after))
			}
			if a != strings.Join(want, " ") {
				return fmt.Errorf("options %s, want %s", a, strings.Join(want, " "))
			}
			return nil
		})
		kept := gin.HandOf(hand...)
		unseen := gin.FullDeck &^ kept &^ gin.HandOf(randomHand(rng, rng.IntN(15))...)
		if rng.IntN(20) == 0 {
			unseen = 0
		}
		ph := rng.IntN(model.NumPhases)
		add(fmt.Sprintf("ahead %d %s %s", ph, cardList(unseen.Cards()), cardList(hand)), func(a string) error {
			if want := valueAhead(w, ph, unseen, kept); !closeTo(a, want) {
				return fmt.Errorf("valueAhead %s, want %v", a, want)
			}
			return nil
		})
		c := hand[rng.IntN(len(hand))]
		add(fmt.Sprintf("chance %s %s %d", c, cardList(hand), ph), func(a string) error {
			want := w.KeepValues.MeldProbability[model.RankGroup(c.Rank())][model.CardRelation(c, kept)][ph]
			if !closeTo(a, want) {
				return fmt.Errorf("meldChance %s, want %v", a, want)
			}
			return nil
		})
	}
	for i, a := range p.ask(reqs) {
		if err := checks[i](a); err != nil {
			t.Errorf("%s: %v", reqs[i], err)
		}
	}
}

// valueAhead is the brute-force reference of the module's valueAhead: the
// mean over the unseen cards of the hand value of the least deadwood left
// by the best discard (not the drawn card) of kept plus the card.
func valueAhead(w *model.Weights, ph int, unseen, kept gin.Hand) float64 {
	value := func(dw int) float64 { return w.HandValues.Value[min(dw, model.MaxValueDeadwood)][ph] }
	if unseen == 0 {
		return value(gin.Deadwood(kept))
	}
	sum := 0.0
	for _, u := range unseen.Cards() {
		best := math.MaxInt
		for _, c := range kept.Cards() {
			best = min(best, gin.Deadwood(kept.Add(u).Remove(c)))
		}
		sum += value(best)
	}
	return sum / float64(unseen.Len())
}

// TestFIT2102Tables asks the module every lookup of the weights, by phase
// and deadwood, and compares it with the weights: random ones, whose every
// doc and filter is adversarial text; the filters must read back.
func TestFIT2102Tables(t *testing.T) {
	testenv.Long(t, "GHC compiles a probe of adversarial weights; -short keeps TestFIT2102Tracker's")
	w := adversarialWeights()
	p := newProbe(t, w)
	var reqs []string
	var want []float64
	add := func(v float64, format string, args ...any) {
		reqs = append(reqs, fmt.Sprintf(format, args...))
		want = append(want, v)
	}
	for n := -1; n <= gin.StockSize+1; n++ {
		add(float64(model.Phase(n)), "phaseof %d", n)
	}
	for ph := range model.NumPhases {
		for dw := -1; dw <= model.MaxValueDeadwood+5; dw++ {
			v := 0.0
			if dw >= 0 {
				v = w.HandValues.Value[min(dw, model.MaxValueDeadwood)][ph]
			}
			add(v, "value %d %d", dw, ph)
		}
		for dw := range model.NumKnockDeadwoods + 1 {
			win, value := 0.0, 0.0
			if dw < model.NumKnockDeadwoods {
				win, value = w.KnockPolicy.WinProbability[dw][ph], w.KnockPolicy.Value[dw][ph]
			}
			add(win, "knockwin %d %d", dw, ph)
			add(value, "knockvalue %d %d", dw, ph)
		}
		add(w.Opponent.CallRate[ph], "callrate %d", ph)
		add(w.Opponent.GinShare[ph], "ginshare %d", ph)
		add(w.Opponent.KnockDeadwood[ph], "knockdeadwood %d", ph)
		for r := range gin.Rank(gin.NumRanks) {
			for _, f := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				add(takeProbability(w, int(r), f[0], f[1], ph), "takeprob %d %d %d %d", r, b2i(f[0]), b2i(f[1]), ph)
			}
		}
	}
	got := p.ask(append(reqs, "gains", "filters"))
	var filters []string
	codes := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			fmt.Fprintf(&b, "%d.", r)
		}
		return b.String()
	}
	for _, f := range sortedFilters(w) {
		filters = append(filters, codes(f[0])+"="+codes(f[1]))
	}
	if f := got[len(got)-1]; f != strings.Join(filters, " ") {
		t.Errorf("filters read back as\n%s\nwant\n%s", f, strings.Join(filters, " "))
	}
	got = got[:len(got)-1]
	for i, v := range want {
		if !closeTo(got[i], v) {
			t.Errorf("%s: %s, want %v", reqs[i], got[i], v)
		}
	}
	gains := []float64{w.DrawModel.OpponentGain, w.DrawPolicy.StockGain, w.KnockPolicy.Threshold}
	for i, g := range strings.Fields(got[len(got)-1]) {
		if !closeTo(g, gains[i]) {
			t.Errorf("gains: %s, want %v", got[len(got)-1], gains)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hsTracker is a tracker as showTracker writes it, read by the tests.
type hsTracker struct {
	turn, stock     int
	draw            string // s, d or -
	us, them        int
	top             string
	hand, seen, opp []gin.Card
}

// parseTracker reads the tracker text at the start of s and returns the
// rest.
func parseTracker(s string) (hsTracker, string, error) {
	var t hsTracker
	f := strings.SplitN(s, ";", 11)
	if len(f) != 11 || f[0] != "gin1" {
		return t, "", fmt.Errorf("not a tracker: %q", s)
	}
	var err error
	nums := []*int{&t.turn, &t.stock, nil, &t.us, &t.them}
	for i, p := range nums {
		if p != nil {
			if *p, err = strconv.Atoi(f[1+i]); err != nil {
				return t, "", err
			}
		}
	}
	t.draw, t.top = f[3], f[6]
	for i, p := range []*[]gin.Card{&t.hand, &t.seen, &t.opp} {
		if *p, err = gin.ParseCards(f[7+i]); err != nil {
			return t, "", err
		}
	}
	return t, f[10], nil
}

// facts are what the probe says of a tracker besides its text: the phase
// of this turn and of the next, whether it is the first turn, and the
// cards unseen.
func (t hsTracker) facts() string {
	unseen := gin.FullDeck &^ gin.HandOf(t.hand...) &^ gin.HandOf(t.seen...)
	return fmt.Sprintf("%d %d %s %s", model.Phase(t.stock), model.Phase(t.stock-2),
		map[bool]string{true: "True", false: "False"}[t.turn <= 1], cardList(unseen.Cards()))
}

// TestFIT2102Tracker follows the tracker through the cases of a round:
// what pickCard, playCard and the discard make of it, and the memories it
// must not trust.
func TestFIT2102Tracker(t *testing.T) {
	p := newProbe(t, model.Defaults())
	check := func(t *testing.T, req, want string) {
		t.Helper()
		if got := p.ask([]string{req})[0]; got != want {
			t.Errorf("%s:\n got %s\nwant %s", req, got, want)
		}
	}
	const (
		hand   = "S4;C4;D4;S5;S6;S7;HK;D2;C9;HA" // as the server lists it
		sorted = "S4,S5,S6,S7,C4,C9,D2,D4,HA,HK" // in the framework's card order
	)
	// after is the memory of a play: the player drew from the stock and
	// discarded D5, which left hand.
	after := "gin1;1;31;s;0;0;D5;" + sorted + ";SK,D5;;"
	for _, tc := range []struct {
		name, req, want string
	}{
		{"first mover's first pick", "pick SK 0 0 - - " + hand, "gin1;1;31;-;0;0;SK;" + sorted + ";SK;;"},
		{"after the opponent's stock draw", "pick SK 12 40 - stock " + hand, "gin1;1;30;-;12;40;SK;" + sorted + ";SK;;"},
		{"the opponent took the face-up card, unseen", "pick SK 0 0 - discard " + hand, "gin1;1;31;-;0;0;SK;" + sorted + ";SK;;"},
		{"both drew from the stock", "pick H9 0 0 " + after + " stock " + hand, "gin1;2;29;-;0;0;H9;" + sorted + ";SK,D5,H9;;"},
		{"the opponent took the discard", "pick H9 0 0 " + after + " discard " + hand, "gin1;2;30;-;0;0;H9;" + sorted + ";SK,D5,H9;D5;"},
		{"the opponent threw a known card", "pick D6 0 0 gin1;4;20;d;0;0;D5;" + sorted + ";SK,D6;D6,H2; stock " + hand, "gin1;5;19;-;0;0;D6;" + sorted + ";SK,D6;H2;"},
		{"the stock never goes below 0", "pick D6 0 0 gin1;9;1;s;0;0;D5;" + sorted + ";;; stock " + hand, "gin1;10;0;-;0;0;D6;" + sorted + ";D6;;"},
		{"the player's own text after the tracker", "pick H9 0 0 " + after + "|mine_1 stock " + hand, "gin1;2;29;-;0;0;H9;" + sorted + ";SK,D5,H9;;"},
		{"new round: the scores changed", "pick H9 0 25 " + after + " stock " + hand, "gin1;1;30;-;0;25;H9;" + sorted + ";H9;;"},
		{"new round: another hand", "pick H9 0 0 " + after + " - S4;C4;D4;S5;S6;S7;HK;D2;C9;HQ", "gin1;1;31;-;0;0;H9;S4,S5,S6,S7,C4,C9,D2,D4,HQ,HK;H9;;"},
		{"new round: a memory of another player", "pick H9 0 0 hello - " + hand, "gin1;1;31;-;0;0;H9;" + sorted + ";H9;;"},
		{"new round: a pick's memory, with no play", "pick H9 0 0 gin1;1;31;-;0;0;D5;" + sorted + ";SK,D5;; stock " + hand, "gin1;1;30;-;0;0;H9;" + sorted + ";H9;;"},
		{"play: the card offered", "play H9 0 0 gin1;2;29;-;0;0;H9;" + sorted + ";SK,D5,H9;; " + hand, "gin1;2;29;d;0;0;H9;H9," + sorted + ";SK,D5,H9;;"},
		{"play: a stock card", "play H3 0 0 gin1;2;29;-;0;0;H9;" + sorted + ";SK,D5,H9;; " + hand, "gin1;2;29;s;0;0;H9;H3," + sorted + ";SK,D5,H9;;"},
		{"play: no pick's memory", "play H3 0 0 " + after + " " + hand, "gin1;1;31;s;0;0;-;H3," + sorted + ";;;"},
		{"play: garbage", "play H3 0 0 %%% " + hand, "gin1;1;31;s;0;0;-;H3," + sorted + ";;;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, _, err := parseTracker(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			check(t, tc.req, tc.want+" "+want.facts())
		})
	}
	t.Run("discard", func(t *testing.T) {
		check(t, "discard S4 gin1;2;29;d;0;0;H9;H9,"+sorted+";SK,D5,H9;;", "gin1;2;29;d;0;0;S4;S5,S6,S7,C4,C9,D2,D4,HA,H9,HK;S4,SK,D5,H9;;")
	})
	for _, tc := range []struct{ name, memory, want string }{
		{"round trip", after, after + ` rest "" `},
		{"the rest is the player's", after + "own;text", after + ` rest "own;text" `},
		{"no tracker", "own;text", "none"},
		{"turn 0", "gin1;0;31;s;0;0;D5;;;;", "none"},
		{"stock 32", "gin1;1;32;s;0;0;D5;;;;", "none"},
		{"a negative stock", "gin1;1;-1;s;0;0;D5;;;;", "none"},
		{"seven digits", "gin1;1;31;s;1000000;0;D5;;;;", "none"},
		{"a bad draw", "gin1;1;31;x;0;0;D5;;;;", "none"},
		{"a bad card", "gin1;1;31;s;0;0;D1;;;;", "none"},
		{"a card twice", "gin1;1;31;s;0;0;D5;S4,S4;;;", "none"},
		{"twelve cards", "gin1;1;31;s;0;0;D5;SA,S2,S3,S4,S5,S6,S7,S8,S9,S10,SJ,SQ;;;", "none"},
		{"a field missing", "gin1;1;31;s;0;0;D5;;;", "none"},
		{"an empty card", "gin1;1;31;s;0;0;D5;S4,,S5;;;", "none"},
		{"lower case", "gin1;1;31;s;0;0;d5;;;;", "none"},
	} {
		t.Run("read/"+tc.name, func(t *testing.T) {
			want := tc.want
			if want != "none" {
				tr, _, err := parseTracker(tc.memory)
				if err != nil {
					t.Fatal(err)
				}
				want += tr.facts()
			}
			check(t, "tracker "+strings.ReplaceAll(tc.memory, " ", "_"), want)
		})
	}
}

// TestFIT2102TakeAndKnock compares the tracker's take model, knock policy
// and weighing of the opponent's calls with the Go side's: model.DrawFeatures
// with the cards the tracker knows the opponent holds, at the stock of the
// opponent's next turn; the knock policy at this turn's; orCall.
func TestFIT2102TakeAndKnock(t *testing.T) {
	testenv.Long(t, "GHC compiles a probe of fitted weights; -short keeps TestFIT2102Tracker's")
	w := fitted(t, "sample.json")
	for i := range w.KnockPolicy.WinProbability {
		for ph := range w.KnockPolicy.WinProbability[i] {
			if i > 6 && ph < 3 {
				w.KnockPolicy.WinProbability[i][ph] = 0.2 // some knocks refused
			}
		}
	}
	p := newProbe(t, w)
	logistic := func(x []float64) float64 {
		z := 0.0
		for i, b := range w.DrawModel.Coefficients {
			z += b * x[i]
		}
		return 1 / (1 + math.Exp(-z))
	}
	rng := rand.New(rand.NewPCG(9, 1))
	var reqs []string
	var want [][]float64
	x := make([]float64, model.NumDrawFeatures)
	for range 300 {
		cards := randomHand(rng, 6)
		known := gin.HandOf(cards[:rng.IntN(5)]...)
		c := cards[5]
		stock, draw := rng.IntN(gin.StockSize+1), "sd-"[rng.IntN(3):][:1]
		opp := stock
		if draw == "s" {
			opp--
		}
		model.DrawFeatures(x, c, known, opp)
		take := logistic(x)
		model.DrawFeatures(x, c, 0, opp)
		feeding := max(0, take-logistic(x))
		mem := fmt.Sprintf("gin1;%d;%d;%s;0;0;-;;;%s;", 1+rng.IntN(3), stock, draw, strings.Join(strings.Fields(known.String()), ","))
		reqs = append(reqs, "takes "+mem+" "+c.String())
		want = append(want, []float64{take, feeding})
		for _, dw := range []int{0, 4, 9, 17, 40} {
			v := rng.NormFloat64() * 20
			reqs = append(reqs, fmt.Sprintf("orcalls %s %d %v", mem, dw, v))
			want = append(want, []float64{orCall(w, model.Phase(opp), dw, v), 0})
		}
		for _, dw := range []int{-1, 0, 5, 8, 10, 11} {
			turn := 1 + rng.IntN(3)
			ok := turn > 1 && dw >= 0 && dw <= gin.KnockLimit && w.KnockPolicy.WinProbability[dw][model.Phase(stock)] >= w.KnockPolicy.Threshold
			reqs = append(reqs, fmt.Sprintf("knock gin1;%d;%d;%s;0;0;-;;;; %d", turn, stock, draw, dw))
			want = append(want, []float64{float64(b2i(ok))})
		}
	}
	for i, a := range p.ask(reqs) {
		f := strings.Fields(a)
		if len(want[i]) == 1 {
			if got := f[0] == "True"; got != (want[i][0] == 1) {
				t.Errorf("%s: %s", reqs[i], a)
			}
			continue
		}
		if strings.HasPrefix(reqs[i], "orcalls") {
			if !closeTo(a, want[i][0]) {
				t.Errorf("%s: %s, want %v", reqs[i], a, want[i][0])
			}
			continue
		}
		if len(f) != 2 || !closeTo(f[0], want[i][0]) || !closeTo(f[1], want[i][1]) {
			t.Errorf("%s: %s, want %v", reqs[i], a, want[i])
		}
	}
}

// session is a running probe, asked one request at a time.
type session struct {
	t   testing.TB
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func (p *probe) start() *session {
	p.t.Helper()
	s := &session{t: p.t, cmd: exec.Command(p.exe)}
	var err error
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		p.t.Fatal(err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		p.t.Fatal(err)
	}
	s.out = bufio.NewReader(stdout)
	if err := s.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.t.Cleanup(func() {
		s.in.Close()
		if err := s.cmd.Wait(); err != nil {
			p.t.Errorf("probe: %v", err)
		}
	})
	return s
}

func (s *session) ask(req string) string {
	s.t.Helper()
	if _, err := io.WriteString(s.in, req+"\n"); err != nil {
		s.t.Fatal(err)
	}
	line, err := s.out.ReadString('\n')
	if err != nil {
		s.t.Fatalf("probe: %s: %v", req, err)
	}
	return strings.TrimSuffix(line, "\n")
}

// logPlay is a row of a turn file; logRound a round of a game's logs.
type (
	logPlay struct {
		you                   bool
		hand                  []gin.Card // after the play, as the log lists it
		top, drawn, discarded gin.Card
	}
	logRound struct {
		plays  []logPlay
		points [2]int // you, opp
	}
)

// readLogs reads every game of a folder of server logs.
func readLogs(t testing.TB, dir string) map[string][]logRound {
	t.Helper()
	turns, err := filepath.Glob(filepath.Join(dir, "*[0-9].csv"))
	if err != nil || len(turns) == 0 {
		t.Fatalf("no logs in %s: %v", dir, err)
	}
	games := map[string][]logRound{}
	for _, path := range turns {
		var rounds []logRound
		for _, f := range csvRows(t, path) {
			n, _ := strconv.Atoi(f[0])
			for len(rounds) < n {
				rounds = append(rounds, logRound{})
			}
			pl := logPlay{you: f[2] == "1"}
			var err error
			if pl.hand, err = gin.ParseCards(f[1]); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for i, c := range []*gin.Card{&pl.top, &pl.drawn, &pl.discarded} {
				if *c, err = gin.ParseCard(f[3+i]); err != nil {
					t.Fatalf("%s: %v", path, err)
				}
			}
			rounds[n-1].plays = append(rounds[n-1].plays, pl)
		}
		for _, f := range csvRows(t, strings.TrimSuffix(path, ".csv")+"-score.csv") {
			n, _ := strconv.Atoi(f[0])
			you, _ := strconv.Atoi(f[1])
			opp, _ := strconv.Atoi(f[2])
			rounds[n-1].points = [2]int{you, opp}
		}
		games[filepath.Base(path)] = rounds
	}
	return games
}

func csvRows(t testing.TB, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(strings.ReplaceAll(string(data), "\r", "")), "\n") {
		rows = append(rows, strings.Split(line, ","))
	}
	return rows
}

// TestFIT2102TrackerOverGames drives the tracker through logged games, for
// each player in turn, as the server would: pickCard's and playCard's
// arguments from the log, the memory the tracker wrote last, the discard
// the log shows; and checks it at every step against what that player
// could know: the stock left, the cards seen face up, and the cards the
// opponent took face up (after this player saw them) and kept.
func TestFIT2102TrackerOverGames(t *testing.T) {
	s := newProbe(t, model.Defaults()).start()
	for _, tc := range []struct{ name, dir string }{
		{"sample", filepath.Join("..", "..", "testdata", "sample")},
		{"reallogs", filepath.Join("..", "..", "..", "shared", "reallogs")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testenv.Dir(t, tc.dir)
			checked := 0
			for name, rounds := range readLogs(t, tc.dir) {
				for _, you := range []bool{true, false} {
					checked += followGame(t, s, fmt.Sprintf("%s you=%v", name, you), rounds, you)
				}
			}
			if checked < 1000 {
				t.Errorf("only %d turns checked", checked)
			}
			t.Logf("%d turns checked", checked)
		})
	}
}

// followGame follows one player's tracker through a game and returns the
// turns checked.
func followGame(t *testing.T, s *session, name string, rounds []logRound, you bool) int {
	mem := "-"
	var totals [2]int // the player's, the opponent's
	turns := 0
	for r, round := range rounds {
		var (
			seen, known gin.Hand
			stock       = gin.StockSize
			turn        = 0
			oppDraw     = "-"
			hand        []gin.Card // the player's, as the log last showed it
		)
		for i, pl := range round.plays {
			pile, letter := "stock", "s"
			if pl.drawn == pl.top {
				pile, letter = "discard", "d"
			}
			if pl.you != you {
				if pile == "discard" && i > 0 {
					known = known.Add(pl.top) // the player's discard
				}
				known = known.Remove(pl.discarded)
				oppDraw = pile
				if pile == "stock" {
					stock--
				}
				continue
			}
			turn++
			if hand == nil { // the first turn: the hand before it
				hand = append(slices.DeleteFunc(slices.Clone(pl.hand), func(c gin.Card) bool { return c == pl.drawn }), pl.discarded)
			}
			at := fmt.Sprintf("%s round %d ply %d", name, r+1, i+1)
			seen = seen.Add(pl.top)
			held := gin.HandOf(hand...)
			want := fmt.Sprintf("gin1;%d;%d;-;%d;%d;%s;%s;%s;%s;", turn, stock, totals[0], totals[1], pl.top, cardsField(held.Cards()), cardsField(seen.Cards()), cardsField(known.Cards()))
			mem = s.ask(fmt.Sprintf("pick %s %d %d %s %s %s", pl.top, totals[0], totals[1], mem, oppDraw, cardList(hand)))
			mem = trackerText(t, at+" pick", mem, want)
			want = fmt.Sprintf("gin1;%d;%d;%s;%d;%d;%s;%s;%s;%s;", turn, stock, letter, totals[0], totals[1], pl.top, cardsField(append([]gin.Card{pl.drawn}, held.Cards()...)), cardsField(seen.Cards()), cardsField(known.Cards()))
			mem = s.ask(fmt.Sprintf("play %s %d %d %s %s", pl.drawn, totals[0], totals[1], mem, cardList(hand)))
			mem = trackerText(t, at+" play", mem, want)
			seen = seen.Add(pl.discarded)
			want = fmt.Sprintf("gin1;%d;%d;%s;%d;%d;%s;%s;%s;%s;", turn, stock, letter, totals[0], totals[1], pl.discarded, cardsField(gin.HandOf(pl.hand...).Cards()), cardsField(seen.Cards()), cardsField(known.Cards()))
			mem = s.ask(fmt.Sprintf("discard %s %s", pl.discarded, mem))
			mem = trackerText(t, at+" discard", mem, want)
			if letter == "s" {
				stock--
			}
			hand = pl.hand
			turns++
		}
		if you {
			totals[0], totals[1] = totals[0]+round.points[0], totals[1]+round.points[1]
		} else {
			totals[0], totals[1] = totals[0]+round.points[1], totals[1]+round.points[0]
		}
	}
	return turns
}

// cardsField writes cards in the framework's order as the tracker does.
func cardsField(cards []gin.Card) string {
	return strings.Join(strings.Fields(gin.JoinCards(cards, " ")), ",")
}

// trackerText checks the probe's answer (a tracker and its facts) against
// the tracker wanted, and returns the tracker text, the next memory.
func trackerText(t *testing.T, at, answer, want string) string {
	t.Helper()
	text, _, _ := strings.Cut(answer, " ")
	if text != want {
		t.Fatalf("%s: tracker\n %s\nwant\n %s", at, text, want)
	}
	return text
}

// orCall is the tuned player's weighing (tuned.Player) of value, the worth
// of playing on with a hand of deadwood dw, against the opponent calling
// at its turn, in phase ph.
func orCall(w *model.Weights, ph, dw int, value float64) float64 {
	o := &w.Opponent
	k, x := o.KnockDeadwood[ph], float64(dw)
	knock := k - x
	if x <= k {
		knock = gin.UndercutBonus + k - x
	}
	called := o.GinShare[ph]*-(gin.GinBonus+x) + (1-o.GinShare[ph])*knock
	return o.CallRate[ph]*called + (1-o.CallRate[ph])*value
}
