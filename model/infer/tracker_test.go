package infer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
)

// observer wraps a player and records, at each of its draws, what a
// tracker synced incrementally from the views gives, checking it against a
// tracker synced from scratch.
type observer struct {
	gin.Player
	t       *testing.T
	model   *Model
	tracker Tracker
	seen    []observation
}

// observation is what the tracker gave at one decision.
type observation struct {
	round, turn            int
	model, uniform, filter [gin.NumCards]float64
	known, unseen, own     gin.Hand
	hidden                 int
}

func (o *observer) Draw(v *gin.View) gin.Pile {
	o.tracker.Sync(v)
	ob := observation{round: v.Round, turn: v.Turn, known: o.tracker.Known(), unseen: o.tracker.Unseen(),
		own: v.HandSet(), hidden: o.tracker.Hidden()}
	o.tracker.Probabilities(o.model, &ob.model)
	o.tracker.Uniform(&ob.uniform)
	o.tracker.Filter(&ob.filter)
	var fresh Tracker
	fresh.Sync(v)
	var again [gin.NumCards]float64
	fresh.Probabilities(o.model, &again)
	if again != ob.model {
		o.t.Errorf("round %d turn %d: a tracker synced from scratch gives other probabilities", v.Round, v.Turn)
	}
	o.seen = append(o.seen, ob)
	return o.Player.Draw(v)
}

// randomParams returns parameters with every weight drawn from N(0, 1).
func randomParams(t testing.TB, seed uint64) *Params {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	w := make([]float64, NumWeights)
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	p, err := ParamsFromVector(w)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// handsAt returns both seats' hands before play turn (from 0) of r.
func handsAt(r *gin.RoundRecord, turn int) [2]gin.Hand {
	var h [2]gin.Hand
	h[r.First] = gin.HandOf(r.Deck[:gin.HandSize]...)
	h[1-r.First] = gin.HandOf(r.Deck[gin.HandSize : 2*gin.HandSize]...)
	for _, p := range r.Plays[:turn] {
		h[p.Seat] = gin.HandOf(p.Hand...)
	}
	return h
}

// playObserved plays a game between two named bots, both observed, and
// returns the record and the observers.
func playObserved(t *testing.T, names [2]string, seed uint64, m *Model) (gin.GameRecord, [2]*observer) {
	t.Helper()
	var obs [2]*observer
	var players [2]gin.Player
	for s, name := range names {
		p, err := bots.New(name, rand.New(rand.NewPCG(seed, uint64(s))))
		if err != nil {
			t.Fatal(err)
		}
		obs[s] = &observer{Player: p, t: t, model: m}
		players[s] = obs[s]
	}
	rec, err := gin.PlayGame(gin.RandomDeals(rand.New(rand.NewPCG(seed, 99))), players)
	if err != nil {
		t.Fatal(err)
	}
	return rec, obs
}

// TestConstraints plays games between the baseline bots and checks, at
// every decision of both players, that the model's, the uniform's and
// the filter's probabilities obey the constraints: known cards 1 and truly
// held, seen cards 0 and truly not held, the unseen cards' probabilities
// in [0, 1] and summing to the opponent's cards not known, every card the
// opponent holds above 0.
func TestConstraints(t *testing.T) {
	m, err := NewModel(randomParams(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	pairs := [][2]string{{"simple", "meldable"}, {"memory", "random"}, {"meldable", "memory"}, {"random", "simple"}}
	decisions := 0
	for i, names := range pairs {
		t.Run(names[0]+"-"+names[1], func(t *testing.T) {
			rec, obs := playObserved(t, names, uint64(i), m)
			for seat, o := range obs {
				for _, ob := range o.seen {
					r := &rec.Rounds[ob.round-1]
					hands := handsAt(r, ob.turn)
					opp := hands[1-seat]
					if hands[seat] != ob.own {
						t.Fatalf("round %d turn %d: own hand %v, want %v", ob.round, ob.turn, ob.own, hands[seat])
					}
					for name, probs := range map[string]*[gin.NumCards]float64{"model": &ob.model, "uniform": &ob.uniform, "filter": &ob.filter} {
						checkConstraints(t, name, &ob, opp, probs)
					}
					decisions++
				}
			}
		})
	}
	if decisions < 100 {
		t.Errorf("only %d decisions checked", decisions)
	}
}

func checkConstraints(t *testing.T, name string, ob *observation, opp gin.Hand, probs *[gin.NumCards]float64) {
	t.Helper()
	where := func() string { return fmt.Sprintf("%s at round %d turn %d", name, ob.round, ob.turn) }
	if opp&ob.known != ob.known {
		t.Fatalf("%s: known cards %v not all in the opponent's hand %v", where(), ob.known, opp)
	}
	if want := gin.HandSize - ob.known.Len(); ob.hidden != want {
		t.Fatalf("%s: hidden %d, want %d", where(), ob.hidden, want)
	}
	sum := 0.0
	for c := gin.Card(0); c < gin.NumCards; c++ {
		p := probs[c]
		switch {
		case ob.known.Has(c):
			if p != 1 {
				t.Fatalf("%s: known card %v has probability %v", where(), c, p)
			}
		case !ob.unseen.Has(c):
			if p != 0 || opp.Has(c) {
				t.Fatalf("%s: seen card %v has probability %v (held by the opponent: %v)", where(), c, p, opp.Has(c))
			}
		default:
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Fatalf("%s: card %v has probability %v", where(), c, p)
			}
			if opp.Has(c) && p <= 0 {
				t.Fatalf("%s: the opponent holds %v, given probability 0", where(), c)
			}
			sum += p
		}
	}
	if !(math.Abs(sum-float64(ob.hidden)) <= 1e-9) {
		t.Fatalf("%s: unseen probabilities sum to %v, want %d", where(), sum, ob.hidden)
	}
}

// TestPlayByPlay checks that a tracker fed play by play from the game's
// record (Start, Own, Opponent, SetHand) gives exactly what the one synced
// from the views gave.
func TestPlayByPlay(t *testing.T) {
	m, err := NewModel(randomParams(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	rec, obs := playObserved(t, [2]string{"memory", "meldable"}, 5, m)
	checked := 0
	for seat, o := range obs {
		for _, ob := range o.seen {
			r := &rec.Rounds[ob.round-1]
			var tr Tracker
			tr.Start(r.Number, r.Deck[2*gin.HandSize], handsAt(r, 0)[seat])
			for _, p := range r.Plays[:ob.turn] {
				if int(p.Seat) == seat {
					tr.Own(p.Source, p.Top, p.Discarded)
				} else {
					tr.Opponent(p.Source, p.Top, p.Discarded)
				}
			}
			tr.SetHand(handsAt(r, ob.turn)[seat])
			var got [gin.NumCards]float64
			tr.Probabilities(m, &got)
			if got != ob.model {
				t.Fatalf("round %d turn %d: fed play by play %v, synced %v", ob.round, ob.turn, got, ob.model)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no decision checked")
	}
}

// TestZeroParamsUniform checks that the model with every table at zero is
// the uniform baseline.
func TestZeroParamsUniform(t *testing.T) {
	m, err := NewModel(NewParams())
	if err != nil {
		t.Fatal(err)
	}
	_, obs := playObserved(t, [2]string{"simple", "memory"}, 3, m)
	for _, o := range obs {
		for _, ob := range o.seen {
			for c := range ob.model {
				if !(math.Abs(ob.model[c]-ob.uniform[c]) <= 1e-12) {
					t.Fatalf("round %d turn %d card %v: zero model %v, uniform %v", ob.round, ob.turn, gin.Card(c), ob.model[c], ob.uniform[c])
				}
			}
		}
	}
}

// FuzzTracker feeds a tracker arbitrary plays, cards out of the deck
// included, and checks that it never panics and that its probabilities
// keep their invariants: each in [0, 1], 1 for the known cards, 0 for the
// seen ones, the unseen ones summing to the hidden count (or to the number
// of unseen cards when fewer are left).
func FuzzTracker(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 1, 20, 30, 0, 30, 31, 3, 31, 40})
	f.Add([]byte{51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 60, 3, 60, 255, 2, 0, 1})
	m, err := NewModel(randomParams(f, 10))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < gin.HandSize+1 {
			return
		}
		var hand gin.Hand
		for _, b := range data[:gin.HandSize] {
			hand |= card(gin.Card(b))
		}
		var tr Tracker
		tr.Start(1, gin.Card(data[gin.HandSize]), hand)
		var out [gin.NumCards]float64
		for rest := data[gin.HandSize+1:]; len(rest) >= 3; rest = rest[3:] {
			source := gin.Pile(rest[0] & 1)
			if rest[0]&2 == 0 {
				tr.Own(source, gin.Card(rest[1]), gin.Card(rest[2]))
			} else {
				tr.Opponent(source, gin.Card(rest[1]), gin.Card(rest[2]))
			}
			for _, probs := range []func(){func() { tr.Probabilities(m, &out) }, func() { tr.Filter(&out) }, func() { tr.Uniform(&out) }} {
				probs()
				unseen, known := tr.Unseen(), tr.Known()
				sum := 0.0
				for c := gin.Card(0); c < gin.NumCards; c++ {
					p := out[c]
					switch {
					case p < 0 || p > 1 || math.IsNaN(p):
						t.Fatalf("card %v: probability %v", c, p)
					case known.Has(c) && p != 1, !known.Has(c) && !unseen.Has(c) && p != 0:
						t.Fatalf("card %v (known %v): probability %v", c, known.Has(c), p)
					}
					if unseen.Has(c) {
						sum += p
					}
				}
				if want := min(tr.Hidden(), unseen.Len()); !(math.Abs(sum-float64(want)) <= 1e-9) {
					t.Fatalf("unseen probabilities sum to %v, want %d", sum, want)
				}
			}
		}
	})
}
