package tuned

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
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
// Best is the option of most points, the losses are not negative, and the
// same view judged again, by another judge, gives the same judgement.
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
			if o.Points > jg.Options[jg.Best].Points+1e-9 {
				t.Errorf("decision %d: option %d (%+v) beats Best %d", i, k, o, jg.Best)
			}
		}
		if jg.Loss() < 0 || jg.WinLoss() < 0 || math.IsNaN(jg.SE) || jg.Deals == 0 {
			t.Errorf("decision %d: loss %v, win loss %v, SE %v, %d deals", i, jg.Loss(), jg.WinLoss(), jg.SE, jg.Deals)
		}
		if jg.Best == jg.Played && (jg.SE != 0 || jg.Loss() != 0) {
			t.Errorf("decision %d: Best is Played with SE %v, loss %v", i, jg.SE, jg.Loss())
		}
		if again := d.judge(other); !reflect.DeepEqual(again, jg) {
			t.Errorf("decision %d: judged twice, %+v then %+v", i, jg, again)
		}
	}
}
