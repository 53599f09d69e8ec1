package export

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// event is one step of a round as a bot records it in the exported
// tracker: the start of the round, a play of its own or of the opponent,
// or a question (its hand now, and the probabilities asked for).
type event struct {
	kind      byte // 's' start, 'o' own play, 'p' opponent play, 'q' question
	fromPile  bool
	top, disc gin.Card
	hand      gin.Hand
}

// inferenceCase plays rounds between two baseline bots and returns, for
// seat 0, the events of each round and what infer.Tracker answers to each
// question, one line of 52 probabilities per question.
func inferenceCase(t testing.TB, p *infer.Params, rounds int) ([][]event, []string) {
	t.Helper()
	m, err := infer.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	var all [][]event
	var want []string
	for r := range rounds {
		a, err := bots.New("simple", rng)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bots.New("memory", rng)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := gin.PlayRound(gin.Shuffled(rng), 1, gin.Seat(r%2), [2]gin.Player{a, b}, [2]int{})
		if err != nil {
			t.Fatal(err)
		}
		hand := gin.HandOf(rec.Deck[:gin.HandSize]...)
		if rec.First != 0 {
			hand = gin.HandOf(rec.Deck[gin.HandSize : 2*gin.HandSize]...)
		}
		faceUp := rec.Deck[2*gin.HandSize]
		evs := []event{{kind: 's', top: faceUp, hand: hand}}
		var tr infer.Tracker
		tr.Start(1, faceUp, hand)
		var probs [gin.NumCards]float64
		for _, pl := range rec.Plays {
			fromPile := pl.Source == gin.DiscardPile
			if pl.Seat == 0 {
				evs = append(evs, event{kind: 'q', hand: hand})
				tr.SetHand(hand)
				tr.Probabilities(m, &probs)
				want = append(want, probLine(probs[:]))
				evs = append(evs, event{kind: 'o', fromPile: fromPile, top: pl.Top, disc: pl.Discarded})
				tr.Own(pl.Source, pl.Top, pl.Discarded)
				hand = gin.HandOf(pl.Hand...)
			} else {
				evs = append(evs, event{kind: 'p', fromPile: fromPile, top: pl.Top, disc: pl.Discarded})
				tr.Opponent(pl.Source, pl.Top, pl.Discarded)
			}
		}
		all = append(all, evs)
	}
	return all, want
}

func probLine(ps []float64) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = strconv.FormatFloat(p, 'f', 12, 64)
	}
	return strings.Join(parts, " ")
}

// compareLines checks that each line of got has the numbers of want's,
// within tol.
func compareLines(t testing.TB, got string, want []string, tol float64) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines of probabilities, want %d:\n%s", len(lines), len(want), got)
	}
	for i := range want {
		g, w := strings.Fields(lines[i]), strings.Fields(want[i])
		if len(g) != len(w) {
			t.Fatalf("question %d: %d numbers, want %d", i, len(g), len(w))
		}
		for c := range w {
			gv, err1 := strconv.ParseFloat(g[c], 64)
			wv, err2 := strconv.ParseFloat(w[c], 64)
			if err1 != nil || err2 != nil || math.Abs(gv-wv) > tol {
				t.Fatalf("question %d card %v: %s, want %s", i, gin.Card(c), g[c], w[c])
			}
		}
	}
}

// randomInference returns inference parameters with every weight drawn
// from N(0, 1), far from the uniform.
func randomInference(t testing.TB, seed uint64) *infer.Params {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	w := make([]float64, infer.NumWeights)
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	p, err := infer.ParamsFromVector(w)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cardIndexes lists the cards of h by their index, comma-separated.
func cardIndexes(h gin.Hand) string {
	var parts []string
	for _, c := range h.Cards() {
		parts = append(parts, strconv.Itoa(int(c)))
	}
	return strings.Join(parts, ", ")
}

// goInferenceMain returns a Go program that replays the rounds in the
// exported Tracker and prints its probabilities at each question.
func goInferenceMain(rounds [][]event) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"strconv\"\n\t\"strings\"\n\n\tw \"x/ginweights\"\n)\n\nfunc main() {\n\tvar t *w.Tracker\n")
	b.WriteString("\tprint := func(hand []int) {\n\t\tt.SetHand(hand)\n\t\tp := t.Probabilities()\n\t\tparts := make([]string, len(p))\n" +
		"\t\tfor i, v := range p {\n\t\t\tparts[i] = strconv.FormatFloat(v, 'f', 12, 64)\n\t\t}\n\t\tfmt.Println(strings.Join(parts, \" \"))\n\t}\n")
	for _, evs := range rounds {
		for _, e := range evs {
			switch e.kind {
			case 's':
				fmt.Fprintf(&b, "\tt = w.NewTracker(%d, []int{%s})\n", e.top, cardIndexes(e.hand))
			case 'q':
				fmt.Fprintf(&b, "\tprint([]int{%s})\n", cardIndexes(e.hand))
			case 'o':
				fmt.Fprintf(&b, "\tt.OwnPlay(%v, %d, %d)\n", e.fromPile, e.top, e.disc)
			case 'p':
				fmt.Fprintf(&b, "\tt.OpponentPlay(%v, %d, %d)\n", e.fromPile, e.top, e.disc)
			}
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// TestGoInference runs the Go export's Tracker over real rounds and
// compares its probabilities with package infer's.
func TestGoInference(t *testing.T) {
	w := model.Defaults()
	w.Inference = randomInference(t, 5)
	var src strings.Builder
	if err := Go(&src, w, "ginweights"); err != nil {
		t.Fatal(err)
	}
	rounds, want := inferenceCase(t, w.Inference, 6)
	out := goRun(t, map[string]string{"ginweights/weights.go": src.String(), "main.go": goInferenceMain(rounds)})
	compareLines(t, out, want, 1e-12)
}

// hsInferenceMain returns a Haskell program that replays the rounds in
// the exported Tracker and prints its probabilities at each question.
func hsInferenceMain(rounds [][]event, before string) string {
	var b strings.Builder
	b.WriteString("{-# LANGUAGE Safe #-}\nmodule Main (main) where\n\nimport GinlogWeights\n\n" +
		"data Event = Start Int [Int] | Own Bool Int Int | Opp Bool Int Int | Ask [Int]\n\n" +
		"run :: Maybe Tracker -> [Event] -> IO ()\nrun _ [] = return ()\n" +
		"run _ (Start f h : es) = run (Just (newTracker f h)) es\n" +
		"run (Just t) (Own p x d : es) = run (Just (ownPlay p x d t)) es\n" +
		"run (Just t) (Opp p x d : es) = run (Just (opponentPlay p x d t)) es\n" +
		"run (Just t) (Ask h : es) = putStrLn (unwords (map show (probabilities (setHand h t)))) >> run (Just t) es\n" +
		"run Nothing (_ : es) = run Nothing es\n\nmain :: IO ()\nmain = " + before + " >> run Nothing events\n\nevents :: [Event]\nevents =\n")
	sep := "  [ "
	for _, evs := range rounds {
		for _, e := range evs {
			var s string
			switch e.kind {
			case 's':
				s = fmt.Sprintf("Start %d [%s]", e.top, cardIndexes(e.hand))
			case 'q':
				s = fmt.Sprintf("Ask [%s]", cardIndexes(e.hand))
			case 'o':
				s = fmt.Sprintf("Own %s %d %d", hsBool(e.fromPile), e.top, e.disc)
			case 'p':
				s = fmt.Sprintf("Opp %s %d %d", hsBool(e.fromPile), e.top, e.disc)
			}
			b.WriteString(sep + s + "\n")
			sep = "  , "
		}
	}
	b.WriteString("  ]\n")
	return b.String()
}

func hsBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}
