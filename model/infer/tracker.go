package infer

import (
	"math/bits"

	"github.com/ginlog/ginlog/gin"
)

// Tracker is what one player knows of the round in play, for inferring the
// opponent's hand: its own hand, the discard pile, the cards the opponent
// took face up and still holds, the stock left, and per card the
// opponent's refusals and discards of cards that meld with it. A player
// updates it turn by turn, either from each gin.View with Sync, or play
// by play with Start, Own, Opponent and SetHand; each update costs in
// proportion to the plays it adds, not to the round so far.
//
// The zero Tracker is ready for Sync. A Tracker follows one seat; it
// holds no reference to the views it was given.
type Tracker struct {
	round     int
	plays     int            // public plays consumed
	lastPlay  gin.PublicPlay // the last of them, to tell a new round from the same one
	faceUp    gin.Card
	own       gin.Hand
	pile      gin.Hand
	known     gin.Hand
	stockLeft int
	oppPlays  int

	refused   [NumRelations][gin.NumCards]uint8
	discarded [NumRelations][gin.NumCards]uint8
	// the last card the opponent refused, and its last two discards
	lastRefused gin.Card
	anyRefused  bool
	discards    [2]gin.Card
	nDiscards   int

	problem   Problem
	z         [gin.NumCards]float64
	marginals [gin.NumCards]float64
}

// Start begins a round: the card turned face up and the player's ten
// cards.
func (t *Tracker) Start(round int, faceUp gin.Card, hand gin.Hand) {
	*t = Tracker{round: round, faceUp: faceUp, own: hand & gin.FullDeck, pile: card(faceUp), stockLeft: gin.StockSize}
}

// card returns the set of c alone, or the empty set when c is not a card
// of the deck: the tracker ignores such cards rather than fail.
func card(c gin.Card) gin.Hand {
	if !c.Valid() {
		return 0
	}
	return gin.HandOf(c)
}

// Own records one of the player's own plays: where it drew from, the top
// of the discard pile when its turn began, and its discard. A stock card
// it drew is not known from the play: SetHand tells it.
func (t *Tracker) Own(source gin.Pile, top, discarded gin.Card) {
	t.draw(source, top)
	if source == gin.DiscardPile {
		t.own |= card(top)
	}
	t.own &^= card(discarded)
	t.pile |= card(discarded)
}

// Opponent records one of the opponent's plays: where it drew from, the
// top of the discard pile when its turn began (taken, or refused when it
// drew from the stock), and its discard.
func (t *Tracker) Opponent(source gin.Pile, top, discarded gin.Card) {
	t.draw(source, top)
	t.oppPlays++
	switch {
	case source == gin.DiscardPile:
		t.known |= card(top)
	case top.Valid():
		count(&t.refused, top)
		t.lastRefused, t.anyRefused = top, true
	}
	if discarded.Valid() {
		t.known = t.known.Remove(discarded)
		t.pile = t.pile.Add(discarded)
		count(&t.discarded, discarded)
		t.discards[1], t.discards[0] = t.discards[0], discarded
		t.nDiscards++
	}
}

// draw takes the top of the pile, or a card of the stock.
func (t *Tracker) draw(source gin.Pile, top gin.Card) {
	if source == gin.DiscardPile {
		t.pile &^= card(top)
	} else if t.stockLeft > 0 {
		t.stockLeft--
	}
}

// count adds one to the counter of every card in each relation to x.
func count(counters *[NumRelations][gin.NumCards]uint8, x gin.Card) {
	for r := range NumRelations {
		for h := uint64(related[r][x]); h != 0; h &= h - 1 {
			c := bits.TrailingZeros64(h)
			if counters[r][c] < 255 {
				counters[r][c]++
			}
		}
	}
}

// SetHand sets the player's cards: its ten cards, or eleven after a draw.
func (t *Tracker) SetHand(hand gin.Hand) { t.own = hand & gin.FullDeck }

// Sync brings the tracker up to date with v, the view of the player it
// follows: it records the plays of v.History it has not seen yet (all of
// them when v is of another round than the last view) and takes v's hand.
// Before the discard, the player may add the drawn card with SetHand.
func (t *Tracker) Sync(v *gin.View) {
	n := t.plays
	if v.Round != t.round || v.FaceUp != t.faceUp || len(v.History) < n || n > 0 && v.History[n-1] != t.lastPlay {
		t.Start(v.Round, v.FaceUp, v.HandSet())
		n = 0
	}
	for _, p := range v.History[n:] {
		if p.Seat == v.Seat {
			t.Own(p.Source, p.Top, p.Discarded)
		} else {
			t.Opponent(p.Source, p.Top, p.Discarded)
		}
	}
	if len(v.History) > 0 {
		t.lastPlay = v.History[len(v.History)-1]
	}
	t.plays = len(v.History)
	t.SetHand(v.HandSet())
}

// Known returns the cards the opponent is known to hold: taken from the
// discard pile this round and not discarded since.
func (t *Tracker) Known() gin.Hand { return t.known }

// Seen returns the cards the opponent cannot hold: the player's own and
// those in the discard pile.
func (t *Tracker) Seen() gin.Hand { return t.own | t.pile }

// Unseen returns the cards whose place the player does not know: in the
// opponent's hand or in the stock.
func (t *Tracker) Unseen() gin.Hand { return gin.FullDeck &^ (t.own | t.pile | t.known) }

// Hidden returns how many of the opponent's ten cards are not known.
func (t *Tracker) Hidden() int { return max(0, gin.HandSize-t.known.Len()) }

// StockLeft returns the cards left in the stock.
func (t *Tracker) StockLeft() int { return t.stockLeft }

// OpponentPlays returns how many plays the opponent has made this round.
func (t *Tracker) OpponentPlays() int { return t.oppPlays }

// Problem is the inference problem at a decision: the unseen cards, how
// many of them the opponent holds, and each one's features.
type Problem struct {
	Count    int            // the opponent's cards among Cards
	Cards    []gin.Card     // the unseen cards, in card order
	Features []CardFeatures // Features[i] is the features of Cards[i]
	buf      [gin.NumCards]gin.Card
	fbuf     [gin.NumCards]CardFeatures
}

// Problem fills pr with the current inference problem.
func (t *Tracker) Problem(pr *Problem) {
	unseen := t.Unseen()
	pr.Count = t.Hidden()
	pr.Cards = pr.buf[:0]
	pr.Features = pr.fbuf[:0]
	x := t.context()
	for h := uint64(unseen); h != 0; h &= h - 1 {
		c := gin.Card(bits.TrailingZeros64(h))
		pr.Cards = append(pr.Cards, c)
		pr.Features = append(pr.Features, t.features(c, &x))
	}
}

// context is what the features of every card of a decision share.
type context struct {
	phase       int
	dead        gin.Hand    // the cards the opponent cannot hold or draw: the player's and the pile
	lastRefused [3]gin.Hand // the cards in each relation to the last refused card, if any
	lastDiscard [3]gin.Hand // the same for the last discard
	points      [2]int      // the points of the last two discards
	rank        int         // the rank of the last discard
	discards    int         // how many of the last two discards there are
}

func (t *Tracker) context() context {
	x := context{phase: Phase(t.stockLeft), dead: t.own | t.pile, discards: min(t.nDiscards, 2)}
	for r := range NumRelations {
		if t.anyRefused {
			x.lastRefused[r] = related[r][t.lastRefused]
		}
		if t.nDiscards > 0 {
			x.lastDiscard[r] = related[r][t.discards[0]]
		}
	}
	for k, d := range t.discards {
		x.points[k] = d.Points()
	}
	x.rank = int(t.discards[0].Rank())
	return x
}

// relation returns 1 + the relation of card c to the card whose related
// cards are rel, or 0 for none.
func relation(c gin.Card, rel *[3]gin.Hand) int {
	for r, h := range rel {
		if h.Has(c) {
			return 1 + r
		}
	}
	return noLast
}

// features returns card c's table entries in decision context x, in the
// order of the tables.
func (t *Tracker) features(c gin.Card, x *context) CardFeatures {
	live, completed := 0, 0
	if (related[SameRank][c] &^ x.dead).Len() >= 2 {
		live++ // a set is still possible
	}
	for _, m := range setPairs[c] {
		if m&t.known == m {
			completed++
		}
	}
	for _, m := range runs[c] {
		if m&x.dead == 0 {
			live++
		}
		if m&t.known == m {
			completed++
		}
	}
	open := min(live, numLiveBins-1)
	rank, points := int(c.Rank()), c.Points()
	var f CardFeatures
	f[0] = uint16(offRank + x.phase*gin.NumRanks + rank)
	f[1] = uint16(offLive + x.phase*(maxLive+1) + live)
	for r := range NumRelations {
		f[2+r] = uint16(offKnown + int(r)*numCounts + min((related[r][c]&t.known).Len(), numCounts-1))
	}
	f[5] = uint16(offKnown + knownMeld*numCounts + min(completed, numCounts-1))
	for r := range NumRelations {
		f[6+r] = uint16(offRefused + int(r)*numCounts + min(int(t.refused[r][c]), numCounts-1))
		f[9+r] = uint16(offDiscarded + int(r)*numCounts + min(int(t.discarded[r][c]), numCounts-1))
	}
	f[12] = uint16(offLast + relation(c, &x.lastRefused))
	f[13] = uint16(offLast + 1 + int(NumRelations) + relation(c, &x.lastDiscard))
	for k := range 2 {
		row := k*numDiffBins + diffBin(points-x.points[k], x.discards > k)
		f[14+k] = uint16(offDiscardPoints + row*numLiveBins + open)
	}
	f[16] = uint16(offDiscardRank + diffBin(rank-x.rank, x.discards > 0)*numLiveBins + open)
	return f
}
