package gin

import "slices"

// Pile is where a player draws from. Persisted: do not reorder.
type Pile uint8

// The two piles. NoPile stands for "no draw yet" in View.OppLastDraw.
const (
	StockPile Pile = iota
	DiscardPile
	NoPile
)

func (p Pile) String() string {
	switch p {
	case StockPile:
		return "stock"
	case DiscardPile:
		return "discard"
	}
	return "none"
}

// Player is a Gin Rummy strategy, modelled on the three functions of the
// original tournament bots: choose the pile to draw from seeing the top of
// the discard pile; then, seeing the drawn card, choose the discard and the
// call; and at the end of the round declare melds for the final ten cards.
//
// A Player sees the game only through the View, which holds what a player
// may know. A Player value serves one seat for one game and may keep state
// between calls; View.Round and View.Turn tell when a new round begins.
type Player interface {
	// Draw chooses the pile to draw from. v.Hand holds ten cards.
	Draw(v *View) Pile
	// Discard chooses the card to discard and the call, given the drawn
	// card (not in v.Hand). The discard may be any card of v.Hand.
	Discard(v *View, drawn Card) (Card, Call)
	// Declare returns the melds declared for v.Hand at the end of the round;
	// the cards not in a meld are deadwood.
	Declare(v *View) []Meld
}

// PublicPlay is a past play as both players saw it: the stock card a player
// drew is hidden from its opponent, so it is not recorded here.
type PublicPlay struct {
	Seat      Seat
	Source    Pile // where the card was drawn from
	Top       Card // the top of the discard pile when the turn began (taken when Source is DiscardPile)
	Discarded Card
	Call      Call
}

// View is what a player may know when it decides. It is valid only during
// the call that receives it; a Player must copy what it wants to keep.
type View struct {
	Seat        Seat         // the deciding player's seat
	Round       int          // the round number, from 1
	Turn        int          // plays made in this round before this one
	Hand        []Card       // the player's ten cards, in the order the log shows
	Top         Card         // the top of the discard pile (before the draw)
	FaceUp      Card         // the card turned face up when the round began
	StockLeft   int          // cards left in the stock
	Scores      [2]int       // totals as of the last round: own, then opponent's
	OppLastDraw Pile         // the opponent's last draw in this round, NoPile if none
	History     []PublicPlay // every play of this round so far, in order
}

// Clone returns a copy of the view that stays valid after the call that
// received it: its hand and history are copied.
func (v *View) Clone() View {
	c := *v
	c.Hand = slices.Clone(v.Hand)
	c.History = slices.Clone(v.History)
	return c
}

// HandSet returns the player's hand as a set.
func (v *View) HandSet() Hand { return HandOf(v.Hand...) }

// FirstTurn reports whether this is the deciding player's first turn of the
// round, when it may not call Gin or Knock.
func (v *View) FirstTurn() bool { return v.Turn < 2 }

// Seen returns the cards the player has seen this round besides its own
// hand: the face-up card and every card discarded or taken from the discard
// pile.
func (v *View) Seen() Hand {
	h := HandOf(v.FaceUp)
	for _, p := range v.History {
		h = h.Add(p.Top).Add(p.Discarded)
	}
	return h
}
