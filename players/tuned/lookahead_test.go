package tuned

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// TestLookaheadMatchesReference checks ahead and next2 against a direct
// enumeration with the meld solver's plain Deadwood: every draw, every
// discard, for two hand-value tables (minus the deadwood, and Gin only)
// over random hands and small sets of unknown cards.
func TestLookaheadMatchesReference(t *testing.T) {
	linear := model.Defaults()
	ginOnly := model.Defaults()
	for d := range ginOnly.HandValues.Value {
		for ph := range ginOnly.HandValues.Value[d] {
			ginOnly.HandValues.Value[d][ph] = 0
		}
	}
	for ph := range ginOnly.HandValues.Value[0] {
		ginOnly.HandValues.Value[0][ph] = 1
	}
	rng := rand.New(rand.NewPCG(5, 8))
	for i := range 60 {
		deck := rng.Perm(gin.NumCards)
		var h, unknown gin.Hand
		for _, c := range deck[:10] {
			h = h.Add(gin.Card(c))
		}
		if i%2 == 0 {
			h = meldRich(rng)
		}
		for _, c := range deck[10:] {
			if unknown.Len() < 7 && !h.Has(gin.Card(c)) {
				unknown = unknown.Add(gin.Card(c))
			}
		}
		for name, w := range map[string]*model.Weights{"linear": linear, "gin only": ginOnly} {
			p := NewPlayer(w)
			value := func(h gin.Hand) float64 { return p.value(gin.Deadwood(h), model.Phase(15)) }
			if got, want := p.ahead(h, unknown, model.Phase(15)), refAhead(h, unknown, value); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: ahead(%v | %v) = %v, want %v", name, h, unknown, got, want)
			}
			if i%3 == 0 {
				p.kept = map[gin.Hand]float64{} // as in Discard
			}
			want := refNext2(h, unknown, value)
			if got := p.next2(h, gin.Deadwood(h), unknown, 20); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: next2(%v | %v) = %v, want %v", name, h, unknown, got, want)
			}
		}
	}
}

// meldRich returns ten cards from a few neighbouring ranks, so that most
// draws and discards change the melds.
func meldRich(rng *rand.Rand) gin.Hand {
	low := rng.IntN(gin.NumRanks - 3)
	var h gin.Hand
	for h.Len() < 10 {
		h = h.Add(gin.NewCard(gin.Suit(rng.IntN(gin.NumSuits)), gin.Rank(low+rng.IntN(4))))
	}
	return h
}

// refKeep returns the least deadwood of eleven-card hand h without one of
// its cards other than drawn, and the ten-card hands that leave it.
func refKeep(h gin.Hand, drawn gin.Card) (int, []gin.Hand) {
	least, kept := math.MaxInt, []gin.Hand(nil)
	for _, c := range h.Remove(drawn).Cards() {
		switch dw := gin.Deadwood(h.Remove(c)); {
		case dw < least:
			least, kept = dw, []gin.Hand{h.Remove(c)}
		case dw == least:
			kept = append(kept, h.Remove(c))
		}
	}
	return least, kept
}

// refAhead is the mean over the unknown draws of the value of the best
// hand kept.
func refAhead(h, unknown gin.Hand, value func(gin.Hand) float64) float64 {
	sum := 0.0
	for _, u := range unknown.Cards() {
		_, kept := refKeep(h.Add(u), u)
		sum += value(kept[0])
	}
	return sum / float64(unknown.Len())
}

// refNext2 is the mean over the unknown draws of the best refAhead among
// the hands of least deadwood kept.
func refNext2(h, unknown gin.Hand, value func(gin.Hand) float64) float64 {
	sum := 0.0
	for _, u := range unknown.Cards() {
		_, kept := refKeep(h.Add(u), u)
		best := math.Inf(-1)
		for _, k := range kept {
			best = max(best, refAhead(k, unknown.Remove(u), value))
		}
		sum += best
	}
	return sum / float64(unknown.Len())
}
