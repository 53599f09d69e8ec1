package tuned

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
)

// disguiser plays the rollout player p and, at every decision, asks a
// second one, q, the same with the face-up card changed when the opponent
// moved first: a card the framework never shows must not change a
// decision (visible.go).
type disguiser struct {
	t         *testing.T
	p, q      *Player
	decisions *int
}

// disguised returns v with another face-up card, if the opponent moved
// first; else v.
func disguised(v *gin.View) *gin.View {
	if len(v.History) == 0 || v.History[0].Seat == v.Seat {
		return v
	}
	w := v.Clone()
	other := (v.FaceUp + 1) % gin.NumCards
	w.FaceUp, w.History[0].Top = other, other
	return &w
}

func (d disguiser) Draw(v *gin.View) gin.Pile {
	got := d.p.Draw(v)
	if other := d.q.Draw(disguised(v)); other != got {
		d.t.Errorf("round %d turn %d: draws %v, %v with another face-up card", v.Round, v.Turn, got, other)
	}
	*d.decisions++
	return got
}

func (d disguiser) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	c, call := d.p.Discard(v, drawn)
	if c2, call2 := d.q.Discard(disguised(v), drawn); c2 != c || call2 != call {
		d.t.Errorf("round %d turn %d: discards %v %v, %v %v with another face-up card", v.Round, v.Turn, c, call, c2, call2)
	}
	*d.decisions++
	return c, call
}

func (d disguiser) Declare(v *gin.View) []gin.Meld { return d.p.Declare(v) }

// TestRolloutSeesWhatTheFrameworkShows plays rounds in which the rollout
// player moves second, and checks that the card turned face up, which the
// FIT2102 framework never shows it, changes none of its decisions.
func TestRolloutSeesWhatTheFrameworkShows(t *testing.T) {
	cfg := DefaultRolloutConfig
	cfg.Samples, cfg.Pool = 16, 64
	w := upgraded(fixture(t))
	p, err := NewRolloutPlayer(w, cfg)
	if err != nil {
		t.Fatal(err)
	}
	decisions := 0
	for round := range 6 {
		rng := rand.New(rand.NewPCG(7, uint64(round)))
		simple, err := bots.New("simple", rng)
		if err != nil {
			t.Fatal(err)
		}
		d := disguiser{t: t, p: p.Fresh(), q: p.Fresh(), decisions: &decisions}
		if _, err := gin.PlayRound(gin.Shuffled(rng), round+1, 0, [2]gin.Player{simple, d}, [2]int{}); err != nil {
			t.Fatal(err)
		}
	}
	if decisions < 50 {
		t.Errorf("%d decisions, want at least 50", decisions)
	}
}
