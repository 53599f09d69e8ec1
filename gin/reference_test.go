package gin

import (
	"math/rand/v2"
	"slices"
)

// The brute-force reference: the obvious definition of melds applied to
// every subset of 3 to 5 cards, and every set of disjoint melds enumerated.
// It shares nothing with the solver but the Card and Hand types.

// refIsMeld reports whether cards form a set or a run, by the definition.
func refIsMeld(cards []Card) bool {
	if len(cards) < 3 || len(cards) > 5 {
		return false
	}
	sameRank, sameSuit := true, true
	for _, c := range cards[1:] {
		sameRank = sameRank && c.Rank() == cards[0].Rank()
		sameSuit = sameSuit && c.Suit() == cards[0].Suit()
	}
	if sameRank {
		return len(cards) <= 4
	}
	if !sameSuit {
		return false
	}
	ranks := make([]int, len(cards))
	for i, c := range cards {
		ranks[i] = int(c.Rank())
	}
	slices.Sort(ranks)
	for i := 1; i < len(ranks); i++ {
		if ranks[i] != ranks[i-1]+1 {
			return false
		}
	}
	return true
}

// refMelds lists every meld that can be made of the cards of h.
func refMelds(h Hand) []Hand {
	cards := h.Cards()
	var out []Hand
	var pick func(start int, chosen []Card)
	pick = func(start int, chosen []Card) {
		if refIsMeld(chosen) {
			out = append(out, HandOf(chosen...))
		}
		if len(chosen) == 5 {
			return
		}
		for i := start; i < len(cards); i++ {
			pick(i+1, append(chosen, cards[i]))
		}
	}
	pick(0, nil)
	return out
}

// refCombos calls f with the cards of every set of disjoint melds.
func refCombos(melds []Hand, f func(used Hand)) {
	var walk func(i int, used Hand)
	walk = func(i int, used Hand) {
		if i == len(melds) {
			f(used)
			return
		}
		walk(i+1, used)
		if melds[i]&used == 0 {
			walk(i+1, used|melds[i])
		}
	}
	walk(0, 0)
}

// refReach returns every declarable deadwood of h.
func refReach(h Hand) map[int]bool {
	out := map[int]bool{}
	refCombos(refMelds(h), func(used Hand) { out[(h &^ used).Points()] = true })
	return out
}

// refMin returns the minimum deadwood of h.
func refMin(h Hand) int {
	best := h.Points()
	refCombos(refMelds(h), func(used Hand) { best = min(best, (h &^ used).Points()) })
	return best
}

// refDiscards returns the minimum deadwood after each allowed discard.
func refDiscards(h, forbidden Hand) map[Card]int {
	out := map[Card]int{}
	for _, c := range (h &^ forbidden).Cards() {
		out[c] = refMin(h.Remove(c))
	}
	return out
}

// randomHand deals n cards uniformly.
func randomHand(rng *rand.Rand, n int) Hand {
	d := NewDeck()
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return HandOf(d[:n]...)
}

// richHand deals n cards from a small pool of neighbouring cards, so that
// most cards can join several sets and runs: either a window of ranks in all
// four suits, or a longer window in two or three suits.
func richHand(rng *rand.Rand, n int) Hand {
	var pool []Card
	if rng.IntN(2) == 0 {
		width := 4 + rng.IntN(2)
		low := rng.IntN(NumRanks - width + 1)
		for s := Suit(0); s < NumSuits; s++ {
			for r := low; r < low+width; r++ {
				pool = append(pool, NewCard(s, Rank(r)))
			}
		}
	} else {
		suits := rng.Perm(NumSuits)[:2+rng.IntN(2)]
		width := 6 + rng.IntN(3)
		low := rng.IntN(NumRanks - width + 1)
		for _, s := range suits {
			for r := low; r < low+width; r++ {
				pool = append(pool, NewCard(Suit(s), Rank(r)))
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for len(pool) < n { // a pool too small for n: top up at random
		c := Card(rng.IntN(NumCards))
		if !slices.Contains(pool, c) {
			pool = append(pool, c)
		}
	}
	return HandOf(pool[:n]...)
}
