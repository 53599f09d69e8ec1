package bots

import (
	"slices"

	"github.com/ginlog/ginlog/gin"
)

// Memory is the strategy of the "memory" player report
// (seeds/player-report-memory.txt). It remembers every card it has seen in
// the round (its own cards, the face-up card, every discard and every card
// taken from the discard pile) and the height of the stock:
//
//   - it arranges its cards runs first, then sets (runsFirst), and pairs the
//     cards left over: two of a suit in a row ("straight pair"), two of a
//     rank ("set pair"), or a single;
//   - it takes the face-up card only if it completes a meld with one of
//     those pairs; otherwise it draws from the stock;
//   - it discards a leftover card whose neighbours (the cards that could
//     still meld with it) have all been seen, taking the leftovers in the
//     report's order of priority: singles of rank 8 to K, singles of ace to
//     5, singles of 6 and 7, set pairs, straight pairs of 8 to K, of ace to
//     5, then with a 6 or 7, higher ranks first within a group; if no
//     leftover is dead it discards the first leftover in that order; if
//     everything is melded, its lowest card. Never the drawn card;
//   - it calls Gin as soon as it can, drops with deadwood over 10, knocks
//     with deadwood under 5 or when fewer than 16 cards are left in the
//     stock, and drops otherwise; never on its first turn;
//   - it declares runsFirst's melds.
type Memory struct{}

// leftover is a group of unmelded cards: a pair or a single.
type leftover struct {
	cards    []gin.Card // one or two, ascending
	straight bool       // a straight pair (same suit, adjacent ranks)
}

// Draw takes the face-up card when it completes a meld with a pair.
func (Memory) Draw(v *gin.View) gin.Pile {
	_, rest := runsFirst(v.HandSet())
	for _, l := range leftovers(rest) {
		if len(l.cards) == 2 && slices.Contains(l.completers(), v.Top) {
			return gin.DiscardPile
		}
	}
	return gin.StockPile
}

// Discard throws the dead leftover of lowest priority and calls by the
// report's deadwood and stock-height rules.
func (Memory) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	all := v.HandSet().Add(drawn)
	_, rest := runsFirst(all)
	seen := all | v.Seen()
	var order []gin.Card // leftover cards, lowest priority first
	lefts := leftovers(rest)
	slices.SortStableFunc(lefts, func(a, b leftover) int { return a.priority() - b.priority() })
	for _, l := range lefts {
		// From a pair, the higher card goes first.
		for i := len(l.cards) - 1; i >= 0; i-- {
			if l.cards[i] != drawn {
				order = append(order, l.cards[i])
			}
		}
	}
	discard := gin.Card(255)
	for _, l := range lefts {
		if l.dead(seen) {
			for i := len(l.cards) - 1; i >= 0 && discard == 255; i-- {
				if l.cards[i] != drawn {
					discard = l.cards[i]
				}
			}
		}
	}
	switch {
	case discard != 255:
	case len(order) > 0:
		discard = order[0]
	default:
		discard = v.HandSet().Cards()[0]
	}
	if v.FirstTurn() {
		return discard, gin.Drop
	}
	_, dead := runsFirst(all.Remove(discard))
	switch dw := dead.Points(); {
	case dw == 0:
		return discard, gin.Gin
	case dw > gin.KnockLimit:
		return discard, gin.Drop
	case dw < 5 || v.StockLeft < 16:
		return discard, gin.Knock
	}
	return discard, gin.Drop
}

// Declare declares runs first, then sets.
func (Memory) Declare(v *gin.View) []gin.Meld {
	melds, _ := runsFirst(v.HandSet())
	return melds
}

// runsFirst arranges h the memory report's way: every maximal run of three
// or more cards of a suit (split as splitRun does), then every rank held
// three or four times among the cards left. It returns the melds and the
// cards left over.
func runsFirst(h gin.Hand) ([]gin.Meld, gin.Hand) {
	var melds []gin.Meld
	for s := gin.Suit(0); s < gin.NumSuits; s++ {
		ranks := sortedRanks(h, s)
		for i := 0; i < len(ranks); {
			j := i + 1
			for j < len(ranks) && ranks[j] == ranks[j-1]+1 {
				j++
			}
			melds = append(melds, splitRun(s, ranks[i], j-i)...)
			i = j
		}
	}
	rest := h &^ cover(melds)
	for _, m := range reportSets(rest) {
		melds = append(melds, m)
		rest &^= gin.Hand(m)
	}
	return melds, rest
}

// leftovers pairs the unmelded cards: each card, in card order, with the
// next unpaired card of its suit one rank up, else with an unpaired card of
// its rank, else alone.
func leftovers(rest gin.Hand) []leftover {
	var out []leftover
	free := rest
	for _, c := range rest.Cards() {
		if !free.Has(c) {
			continue
		}
		free = free.Remove(c)
		if up := c + 1; c.Rank() < gin.King && free.Has(up) {
			free = free.Remove(up)
			out = append(out, leftover{cards: []gin.Card{c, up}, straight: true})
			continue
		}
		l := leftover{cards: []gin.Card{c}}
		for s := c.Suit() + 1; s < gin.NumSuits; s++ {
			if o := gin.NewCard(s, c.Rank()); free.Has(o) {
				free = free.Remove(o)
				l.cards = append(l.cards, o)
				break
			}
		}
		out = append(out, l)
	}
	return out
}

// completers returns the cards that would make a meld with a pair.
func (l leftover) completers() []gin.Card {
	a, b := l.cards[0], l.cards[1]
	if l.straight {
		var out []gin.Card
		if a.Rank() > gin.Ace {
			out = append(out, a-1)
		}
		if b.Rank() < gin.King {
			out = append(out, b+1)
		}
		return out
	}
	var out []gin.Card
	for s := gin.Suit(0); s < gin.NumSuits; s++ {
		if s != a.Suit() && s != b.Suit() {
			out = append(out, gin.NewCard(s, a.Rank()))
		}
	}
	return out
}

// neighbours returns the cards that could still meld with a leftover: a
// pair's completers, or for a single every other card of its rank and its
// two neighbours in its suit.
func (l leftover) neighbours() gin.Hand {
	if len(l.cards) == 2 {
		return gin.HandOf(l.completers()...)
	}
	return gin.Neighbours(l.cards[0], 1)
}

// dead reports whether every neighbour of the leftover has been seen.
func (l leftover) dead(seen gin.Hand) bool { return l.neighbours()&^seen == 0 }

// priority orders leftovers for discarding, lowest first, as the report's
// Ord instance does; within a group higher ranks come first.
func (l leftover) priority() int {
	hasMiddle, low := false, l.cards[0].Rank()
	for _, c := range l.cards {
		if c.Rank() == gin.Six || c.Rank() == gin.Seven {
			hasMiddle = true
		}
	}
	var group int
	switch {
	case len(l.cards) == 1 && hasMiddle:
		group = 2
	case len(l.cards) == 1 && low >= gin.Eight:
		group = 0
	case len(l.cards) == 1:
		group = 1
	case !l.straight:
		group = 3
	case hasMiddle:
		group = 6
	case low >= gin.Eight:
		group = 4
	default:
		group = 5
	}
	return group*gin.NumRanks + (gin.NumRanks - 1 - int(low))
}
