package bots

import (
	"github.com/ginlog/ginlog/gin"
)

// Meldable is the strategy of the "meldable" player report
// (seeds/player-report-meldable.md):
//
//   - it takes the face-up card when it is "meldable" with the hand: the
//     hand holds a card of the same rank (a pair, or a set with two) or a
//     card of the same suit one rank away (two in a row, or a run);
//     otherwise it draws from the stock;
//   - it discards its highest-ranked deadwood card as its own meld function
//     sees the eleven cards (the first in hand order among equal ranks);
//     when that is the drawn card, or nothing is deadwood, it discards its
//     highest card in the server's card order (suit S<C<D<H, then rank);
//   - it calls Gin when discarding that highest card leaves no deadwood, or
//     when the eleven cards had one deadwood card and none is left; it
//     knocks when its declared deadwood would be 10 or less; never on its
//     first turn;
//   - it declares melds with the report's meld function, reportMelds, which
//     is greedy and sometimes worse than optimal. The scores of its rounds
//     follow those declarations, as in the real logs.
type Meldable struct{}

// Draw takes the face-up card when it pairs or neighbours a held card: a
// card of its rank, or of its suit one rank away.
func (Meldable) Draw(v *gin.View) gin.Pile {
	if v.HandSet()&gin.Neighbours(v.Top, 1) != 0 {
		return gin.DiscardPile
	}
	return gin.StockPile
}

// Discard follows the report's playCard.
func (Meldable) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	highest := v.Hand[0]
	for _, c := range v.Hand {
		if c > highest {
			highest = c
		}
	}
	all := append(append(make([]gin.Card, 0, len(v.Hand)+1), v.Hand...), drawn)
	_, dead11 := reportMelds(all)
	discard := highest
	if len(dead11) > 0 {
		top := dead11[0]
		for _, c := range dead11[1:] {
			if c.Rank() > top.Rank() {
				top = c
			}
		}
		if top != drawn {
			discard = top
		}
	}
	if !v.FirstTurn() {
		if _, dead := reportMelds(append(without(v.Hand, highest), drawn)); len(dead) == 0 {
			return highest, gin.Gin
		}
		_, dead := reportMelds(without(all, discard))
		dw := gin.HandOf(dead...).Points()
		switch {
		case dw == 0 && len(dead11) == 1:
			return discard, gin.Gin
		case dw <= gin.KnockLimit:
			return discard, gin.Knock
		}
	}
	return discard, gin.Drop
}

// Declare declares with the report's meld function.
func (Meldable) Declare(v *gin.View) []gin.Meld {
	melds, _ := reportMelds(v.Hand)
	return melds
}

// reportMelds is the meld function of the meldable report (its makeMelds).
// It finds every set (each rank held three or four times, all its cards) and
// one run per suit (the longest consecutive prefix or suffix of the suit's
// sorted ranks, preferring a prefix on ties, split as splitRun does). It
// then forms the kind with more melds first (sets on a tie) and the other
// kind from the cards left. It returns the melds and the deadwood cards in
// the order of cards.
func reportMelds(cards []gin.Card) ([]gin.Meld, []gin.Card) {
	h := gin.HandOf(cards...)
	sets, runs := reportSets(h), reportRuns(h)
	var melds []gin.Meld
	switch {
	case len(sets) == 0 && len(runs) == 0:
		return nil, cards
	case len(sets) >= len(runs):
		melds = append(sets, reportRuns(h&^cover(sets))...)
	default:
		melds = append(runs, reportSets(h&^cover(runs))...)
	}
	used := cover(melds)
	var dead []gin.Card
	for _, c := range cards {
		if !used.Has(c) {
			dead = append(dead, c)
		}
	}
	return melds, dead
}

func cover(melds []gin.Meld) gin.Hand {
	var h gin.Hand
	for _, m := range melds {
		h |= gin.Hand(m)
	}
	return h
}

// reportSets returns, for each rank from ace to king held three or four
// times, the set of all its cards.
func reportSets(h gin.Hand) []gin.Meld {
	var sets []gin.Meld
	for r := gin.Ace; r <= gin.King; r++ {
		var set gin.Hand
		for s := gin.Suit(0); s < gin.NumSuits; s++ {
			if c := gin.NewCard(s, r); h.Has(c) {
				set = set.Add(c)
			}
		}
		if set.Len() >= 3 {
			sets = append(sets, gin.Meld(set))
		}
	}
	return sets
}

// reportRuns returns, for each suit, the longest run among the prefixes and
// suffixes of its sorted ranks (three cards or more, consecutive), split
// into melds.
func reportRuns(h gin.Hand) []gin.Meld {
	var runs []gin.Meld
	for s := gin.Suit(0); s < gin.NumSuits; s++ {
		ranks := sortedRanks(h, s)
		n := len(ranks)
		bestLow, bestLen := gin.Rank(0), 0
		// Suffixes, then prefixes, each by increasing length: the last of
		// the longest wins, as Haskell's maximumBy picks.
		for k := 1; k <= n; k++ {
			if suffix := ranks[n-k:]; consecutive(suffix) && k >= 3 && k >= bestLen {
				bestLow, bestLen = suffix[0], k
			}
		}
		for k := 1; k <= n; k++ {
			if prefix := ranks[:k]; consecutive(prefix) && k >= 3 && k >= bestLen {
				bestLow, bestLen = prefix[0], k
			}
		}
		runs = append(runs, splitRun(s, bestLow, bestLen)...)
	}
	return runs
}

func consecutive(ranks []gin.Rank) bool {
	return int(ranks[len(ranks)-1])-int(ranks[0]) == len(ranks)-1
}
