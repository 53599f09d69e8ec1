package hearts

import (
	"math/rand/v2"
	"slices"

	"github.com/ginlog/ginlog/gin"
)

// The reference: the framework's validPlay transcribed as plainly as
// possible, on lists of cards, sharing nothing with the engine but the card
// type. It returns the violation's code, or "" for a legal play.
//
//	hand:     the cards held, the card played among them when it is held
//	trick:    the cards played before in this trick, the leader's first
//	previous: the cards of the hand's finished tricks
func refValidPlay(card gin.Card, hand, trick []gin.Card, previous [][]gin.Card) string {
	isHeart := func(c gin.Card) bool { return c.Suit() == gin.Hearts }
	points := func(c gin.Card) int {
		if c.Suit() == gin.Spades && c.Rank() == gin.Queen {
			return 13
		}
		if isHeart(c) {
			return 1
		}
		return 0
	}
	allPoints, allHearts := true, true
	for _, c := range hand {
		allPoints = allPoints && points(c) > 0
		allHearts = allHearts && isHeart(c)
	}
	broken := false
	for _, t := range previous {
		for _, c := range t {
			broken = broken || isHeart(c)
		}
	}
	reneging := false
	if len(trick) > 0 {
		led := trick[0].Suit()
		for _, c := range hand {
			reneging = reneging || (card.Suit() != led && c.Suit() == led)
		}
	}
	twoClubs := gin.NewCard(gin.Clubs, gin.Two)
	switch {
	case len(previous) == 0 && len(trick) == 0 && card != twoClubs:
		return "lead"
	case len(previous) == 0 && points(card) > 0 && !allPoints:
		return "bleeding"
	case len(trick) == 0 && isHeart(card) && !broken && !allHearts:
		return "breaking"
	case reneging:
		return "renege"
	case !slices.Contains(hand, card):
		return "not-held"
	}
	return ""
}

// refPlay is one play of a permissive hand: every seat plays any card it
// holds, legal or not, and the reference judges it.
type refPlay struct {
	trick, seat int
	code        string
}

// chaoticHand deals n hands from rng and plays them out with each seat
// choosing a legal card with probability legalBias and any held card
// otherwise. It returns the tricks by seat and the reference's verdict on
// every play, and passes observe (when not nil) the situation of every play
// with the cards the reference allows in it.
func chaoticHand(rng *rand.Rand, n int, legalBias float64, observe func(Situation, gin.Hand)) ([][MaxPlayers]gin.Card, []refPlay) {
	deck := Shuffled(rng)
	hands := make([][]gin.Card, n)
	per := TricksPerHand(n)
	leader := 0
	for s := range n {
		hands[s] = append([]gin.Card(nil), deck[s*per:(s+1)*per]...)
		if slices.Contains(hands[s], TwoOfClubs) {
			leader = s
		}
	}
	var tricks [][MaxPlayers]gin.Card
	var previous [][]gin.Card
	var verdicts []refPlay
	for t := range per {
		var cards [MaxPlayers]gin.Card
		var trick []gin.Card
		for i := range n {
			s := (leader + i) % n
			var legal []gin.Card
			for _, c := range hands[s] {
				if refValidPlay(c, hands[s], trick, previous) == "" {
					legal = append(legal, c)
				}
			}
			if observe != nil {
				sit := Situation{Held: gin.HandOf(hands[s]...), First: t == 0, Leads: i == 0}
				for _, p := range previous {
					sit.Broken = sit.Broken || slices.ContainsFunc(p, func(c gin.Card) bool { return c.Suit() == gin.Hearts })
				}
				if i > 0 {
					sit.Led = trick[0].Suit()
				}
				observe(sit, gin.HandOf(legal...))
			}
			choice := hands[s][rng.IntN(len(hands[s]))]
			if len(legal) > 0 && rng.Float64() < legalBias {
				choice = legal[rng.IntN(len(legal))]
			}
			if code := refValidPlay(choice, hands[s], trick, previous); code != "" {
				verdicts = append(verdicts, refPlay{t + 1, s, code})
			}
			hands[s] = slices.DeleteFunc(hands[s], func(c gin.Card) bool { return c == choice })
			cards[s] = choice
			trick = append(trick, choice)
		}
		leader = (leader + refWinner(trick)) % n
		tricks = append(tricks, cards)
		previous = append(previous, trick)
	}
	return tricks, verdicts
}

// refWinner returns the index in play order of the card that takes a trick
// given in play order: the highest of the led suit, ace high.
func refWinner(trick []gin.Card) int {
	order := []gin.Rank{gin.Two, gin.Three, gin.Four, gin.Five, gin.Six, gin.Seven, gin.Eight,
		gin.Nine, gin.Ten, gin.Jack, gin.Queen, gin.King, gin.Ace}
	rank := func(c gin.Card) int { return slices.Index(order, c.Rank()) }
	w := 0
	for i, c := range trick {
		if c.Suit() == trick[0].Suit() && rank(c) > rank(trick[w]) {
			w = i
		}
	}
	return w
}
