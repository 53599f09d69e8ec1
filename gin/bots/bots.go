// Package bots holds the baseline players that ginlog's own player is
// measured against. Each implements gin.Player, sees only the gin.View, and
// keeps no state between calls: what a bot "remembers" it rebuilds from the
// view's public history of the round.
//
// The players are named as on the command line:
//
//	random    a uniformly random legal player
//	simple    the standard yardstick of Gin Rummy research, adapted to these rules
//	meldable  the strategy of the "meldable" player report, with its greedy meld function
//	memory    the strategy of the "memory" player report, which tracks the cards seen
//
// and the broken players (broken.go), simple with one deliberate flaw, which
// calibrate the review of one's play: broken:never-knock,
// broken:high-discard and broken:never-take.
package bots

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/gin"
)

// Names lists the baseline players.
var Names = []string{"random", "simple", "meldable", "memory"}

// New returns the named baseline player, drawing whatever randomness it
// needs from rng.
func New(name string, rng *rand.Rand) (gin.Player, error) {
	switch name {
	case "random":
		return &Random{rng: rng}, nil
	case "simple":
		return &Simple{rng: rng}, nil
	case "meldable":
		return Meldable{}, nil
	case "memory":
		return Memory{}, nil
	}
	if p := newBroken(name, rng); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("unknown player %q: want one of %s", name, strings.Join(append(slices.Clone(Names), BrokenNames...), ", "))
}

// optimalMelds declares an optimal arrangement of the hand.
func optimalMelds(v *gin.View) []gin.Meld { return gin.Arrange(v.HandSet()).Melds }

// call returns the strongest legal call for a hand left with deadwood dw:
// Gin at 0, Knock at 10 or less, never on the player's first turn.
func call(v *gin.View, dw int) gin.Call {
	switch {
	case v.FirstTurn():
		return gin.Drop
	case dw == 0:
		return gin.Gin
	case dw <= gin.KnockLimit:
		return gin.Knock
	}
	return gin.Drop
}

// without returns cards with c removed, keeping the order.
func without(cards []gin.Card, c gin.Card) []gin.Card {
	out := make([]gin.Card, 0, len(cards))
	for _, x := range cards {
		if x != c {
			out = append(out, x)
		}
	}
	return out
}

// pickRandom returns one of the cards of h, uniformly.
func pickRandom(rng *rand.Rand, h gin.Hand) gin.Card {
	cards := h.Cards()
	return cards[rng.IntN(len(cards))]
}

// sortedRanks returns the ranks of the cards of suit s in h, ascending.
func sortedRanks(h gin.Hand, s gin.Suit) []gin.Rank {
	var ranks []gin.Rank
	for _, c := range h.Cards() {
		if c.Suit() == s {
			ranks = append(ranks, c.Rank())
		}
	}
	slices.Sort(ranks)
	return ranks
}

// splitRun declares a consecutive run of n cards of one suit (from rank
// low) as the reports' bots did: 3 to 5 cards as one run, 6 as 3+3, 7 as
// 4+3, 8 as 4+4, 9 as 5+4, 10 as 5+5; longer runs as nothing.
func splitRun(s gin.Suit, low gin.Rank, n int) []gin.Meld {
	var sizes []int
	switch {
	case n >= 3 && n <= 5:
		sizes = []int{n}
	case n >= 6 && n <= 10:
		sizes = []int{(n + 1) / 2, n / 2}
	}
	var melds []gin.Meld
	r := low
	for _, size := range sizes {
		var m gin.Hand
		for i := 0; i < size; i++ {
			m = m.Add(gin.NewCard(s, r))
			r++
		}
		melds = append(melds, gin.Meld(m))
	}
	return melds
}
