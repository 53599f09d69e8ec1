package tuned

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/model"
)

// judgeConfig is a small rollout configuration for the tests.
func judgeConfig() RolloutConfig {
	cfg := DefaultRolloutConfig
	cfg.Samples, cfg.Pool = 16, 64
	return cfg
}

// decisionView is a decision met in a simulated round: a draw (drawn and
// card unset) or a discard, with the play made.
type decisionView struct {
	v      gin.View
	draw   bool
	pile   gin.Pile
	drawn  gin.Card
	played gin.Card
	call   gin.Call
}

// recorder plays p and records its decisions.
type recorder struct {
	p   gin.Player
	out *[]decisionView
}

func (r recorder) Draw(v *gin.View) gin.Pile {
	pile := r.p.Draw(v)
	*r.out = append(*r.out, decisionView{v: v.Clone(), draw: true, pile: pile})
	return pile
}

func (r recorder) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	c, call := r.p.Discard(v, drawn)
	*r.out = append(*r.out, decisionView{v: v.Clone(), drawn: drawn, played: c, call: call})
	return c, call
}

func (r recorder) Declare(v *gin.View) []gin.Meld { return r.p.Declare(v) }

// simulatedDecisions plays rounds of the simple player against the
// memory player and returns the simple player's decisions.
func simulatedDecisions(t testing.TB, rounds int) []decisionView {
	t.Helper()
	var out []decisionView
	for round := range rounds {
		rng := rand.New(rand.NewPCG(5, uint64(round)))
		a, err := bots.New("simple", rng)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bots.New("memory", rng)
		if err != nil {
			t.Fatal(err)
		}
		players := [2]gin.Player{recorder{a, &out}, b}
		if round%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		if _, err := gin.PlayRound(gin.Shuffled(rng), round+1, 0, players, [2]int{}); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// judge judges decision d with jd.
func (d *decisionView) judge(jd *Judge) Judgement {
	if d.draw {
		return jd.Draw(&d.v, d.pile)
	}
	return jd.Discard(&d.v, d.drawn, d.played, d.call)
}

// TestJudgementsConsistent judges the decisions of simulated rounds and
// checks each judgement's invariants: the played option is the play made,
// Best is the option of most points on the first deals (the others keep
// those values), the losses are not negative, and the same view judged
// again, by another judge, gives the same judgement.
func TestJudgementsConsistent(t *testing.T) {
	jd, err := NewJudge(upgraded(fixture(t)), judgeConfig())
	if err != nil {
		t.Fatal(err)
	}
	other := jd.Fresh()
	decisions := simulatedDecisions(t, 4)
	if len(decisions) < 30 {
		t.Fatalf("%d decisions, want at least 30", len(decisions))
	}
	for i, d := range decisions {
		jg := d.judge(jd)
		played := jg.Options[jg.Played]
		switch {
		case d.draw && played.Pile != d.pile:
			t.Errorf("decision %d: played option %+v, the player drew from %v", i, played, d.pile)
		case !d.draw && (played.Card != d.played || played.Call != d.call):
			t.Errorf("decision %d: played option %+v, the player played %v %v", i, played, d.played, d.call)
		}
		for k, o := range jg.Options {
			if k != jg.Played && k != jg.Best && o.Points > jg.Options[jg.Best].Points+1e-9 && jg.Best == jg.Played {
				t.Errorf("decision %d: option %d (%+v) beats Best %d", i, k, o, jg.Best)
			}
		}
		if jg.Loss() < 0 || jg.WinLoss() < 0 || math.IsNaN(jg.SE) || jg.Deals == 0 {
			t.Errorf("decision %d: loss %v, win loss %v, SE %v, %d deals", i, jg.Loss(), jg.WinLoss(), jg.SE, jg.Deals)
		}
		if jg.Best == jg.Played && (jg.SE != 0 || jg.Loss() != 0) {
			t.Errorf("decision %d: Best is Played with SE %v, loss %v", i, jg.SE, jg.Loss())
		}
		same := jg.Options[jg.Same]
		if same.Call != played.Call || jg.Same == jg.Played && jg.SameSE != 0 {
			t.Errorf("decision %d: Same %d (%+v) for played %+v, SameSE %v", i, jg.Same, same, played, jg.SameSE)
		}
		if jg.Best == jg.Played && jg.Same != jg.Played {
			t.Errorf("decision %d: Best is Played but Same is %d", i, jg.Same)
		}
		if jg.Same == jg.Best && jg.CallSE != 0 || math.IsNaN(jg.SameSE) || math.IsNaN(jg.CallSE) {
			t.Errorf("decision %d: Same %d, Best %d, CallSE %v, SameSE %v", i, jg.Same, jg.Best, jg.CallSE, jg.SameSE)
		}
		if again := d.judge(other); !reflect.DeepEqual(again, jg) {
			t.Errorf("decision %d: judged twice, %+v then %+v", i, jg, again)
		}
	}
}

// ginView returns the view of seat 0, which moved first, at its third
// turn (it may call) with hand and stockLeft cards in the stock: the
// history is four stock draws of cards outside hand.
func ginView(t *testing.T, hand string, stockLeft int) *gin.View {
	t.Helper()
	c := func(s string) gin.Card { return card(t, s) }
	return &gin.View{Seat: 0, Round: 1, Turn: 4, Hand: cards(t, hand), Top: c("D4"), FaceUp: c("HK"),
		StockLeft: stockLeft, OppLastDraw: gin.StockPile, History: []gin.PublicPlay{
			{Seat: 0, Source: gin.StockPile, Top: c("HK"), Discarded: c("H9")},
			{Seat: 1, Source: gin.StockPile, Top: c("H9"), Discarded: c("S8")},
			{Seat: 0, Source: gin.StockPile, Top: c("S8"), Discarded: c("CK")},
			{Seat: 1, Source: gin.StockPile, Top: c("CK"), Discarded: c("D4")},
		}}
}

// TestGinNeverWorse: with a Gin in hand, Gin is the best option, whatever
// the player played, and playing on instead is a loss.
func TestGinNeverWorse(t *testing.T) {
	jd, err := NewJudge(upgraded(fixture(t)), judgeConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, hand, drawn, played string
		stockLeft                 int
	}{
		{"early, the loose card played on", "SA S2 S3 C5 C6 C7 D9 D10 DJ H5", "DQ", "H5", 27},
		{"late, a melded card played on", "SA S2 S3 C5 C6 C7 D9 D10 DJ H5", "DQ", "SA", 5},
		{"a four-card set broken", "S7 H7 D7 C7 SJ SQ SK C2 C3 HA", "C4", "S7", 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := ginView(t, tc.hand, tc.stockLeft)
			jg := jd.Discard(v, card(t, tc.drawn), card(t, tc.played), gin.Drop)
			if jg.Deals == 0 {
				t.Fatal("no deals")
			}
			if b := jg.Options[jg.Best]; b.Call != gin.Gin {
				t.Fatalf("best option %+v, want a Gin", b)
			}
			for _, o := range jg.Options {
				if o.Call != gin.Gin && o.Points > jg.Options[jg.Best].Points {
					t.Errorf("%+v beats Gin (%+v)", o, jg.Options[jg.Best])
				}
			}
			if jg.Loss() <= 0 {
				t.Errorf("playing on with Gin in hand loses %v points", jg.Loss())
			}
		})
	}
}

// TestKnockIntoUndercut: a knock at deadwood 10 against deals whose
// opponent holds less is undercut in every one: the judge scores it
// exactly and judges it a loss.
func TestKnockIntoUndercut(t *testing.T) {
	jd, err := NewJudge(upgraded(model.Defaults()), judgeConfig())
	if err != nil {
		t.Fatal(err)
	}
	mine := gin.HandOf(cards(t, "D2 D3 D4 H2 H3 H4 C9 C10 CJ SK")...)
	drawn := card(t, "HQ")
	v := ginView(t, "D2 D3 D4 H2 H3 H4 C9 C10 CJ SK", 20)
	for _, tc := range []struct {
		name string
		opp  string
	}{
		{"deadwood 1", "S2 S3 S4 C5 C6 C7 D9 D10 DJ HA"},
		{"deadwood 5", "S2 S3 S4 C5 C6 C7 D9 D10 DJ H5"},
		{"deadwood 9", "S2 S3 S4 C5 C6 C7 D9 D10 DJ H9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opp := gin.HandOf(cards(t, tc.opp)...)
			s := jd.p.rollout
			s.deals = s.deals[:0]
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range 8 {
				stock := (gin.FullDeck &^ mine &^ opp).Remove(drawn).Cards()
				rng.Shuffle(len(stock), func(a, b int) { stock[a], stock[b] = stock[b], stock[a] })
				s.deals = append(s.deals, rolloutDeal{hand: opp, dw: gin.Deadwood(opp), weight: 1, stock: stock[:20], seed: uint64(i)})
			}
			eleven := mine.Add(drawn)
			opts, afters := discardOptions(eleven, drawn, true)
			at := slices.IndexFunc(opts, func(o Option) bool { return o.Card == card(t, "SK") && o.Call == gin.Knock })
			if at < 0 {
				t.Fatalf("no knock discarding SK among %+v", opts)
			}
			jg := jd.playDiscards(v, eleven, opts, afters, at, false)
			if want := -float64(gin.UndercutBonus + 10 - gin.Deadwood(opp)); jg.Options[at].Points != want {
				t.Errorf("the knock scores %v, want %v", jg.Options[at].Points, want)
			}
			if jg.Best == at || jg.Loss() <= 0 || jg.WinLoss() <= 0 {
				t.Errorf("best %+v, played %+v: loss %v, win loss %v", jg.Options[jg.Best], jg.Options[at], jg.Loss(), jg.WinLoss())
			}
		})
	}
}

// TestJudgeSeesWhatTheFrameworkShows: the card turned face up, which the
// player never saw when the opponent moved first, changes no judgement.
func TestJudgeSeesWhatTheFrameworkShows(t *testing.T) {
	jd, err := NewJudge(upgraded(fixture(t)), judgeConfig())
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, d := range simulatedDecisions(t, 4) {
		if len(d.v.History) == 0 || d.v.History[0].Seat == d.v.Seat {
			continue
		}
		jg := d.judge(jd)
		other := d
		other.v = *disguised(&d.v)
		if again := other.judge(jd); !reflect.DeepEqual(again, jg) {
			t.Errorf("decision %d: %+v, with another face-up card %+v", i, jg, again)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("%d decisions checked, want at least 10", checked)
	}
}

// BenchmarkJudge times the judgement of the draws and of the discards of
// simulated rounds with the default rollout configuration, and a rollout
// player's discard of the same views for comparison.
func BenchmarkJudge(b *testing.B) {
	w := upgraded(fixture(b))
	jd, err := NewJudge(w, DefaultRolloutConfig)
	if err != nil {
		b.Fatal(err)
	}
	p, err := NewRolloutPlayer(w, DefaultRolloutConfig)
	if err != nil {
		b.Fatal(err)
	}
	var draws, discards []decisionView
	for _, d := range simulatedDecisions(b, 6) {
		if d.draw {
			draws = append(draws, d)
		} else {
			discards = append(discards, d)
		}
	}
	for _, bc := range []struct {
		name      string
		decisions []decisionView
		judge     func(d *decisionView)
	}{
		{"Draw", draws, func(d *decisionView) { d.judge(jd) }},
		{"Discard", discards, func(d *decisionView) { d.judge(jd) }},
		{"RolloutDiscard", discards, func(d *decisionView) { p.Discard(&d.v, d.drawn) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				bc.judge(&bc.decisions[i%len(bc.decisions)])
			}
		})
	}
}
