package hearts

import (
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin"
)

// Trick is one trick of a hand: the seat that led it and the card each seat
// played (by seat; only the first Players entries are used).
type Trick struct {
	Leader int
	Cards  [MaxPlayers]gin.Card
}

// Winner returns the seat that takes the trick among n seats: the highest
// card of the led suit.
func (t *Trick) Winner(n int) int {
	led := t.Cards[t.Leader].Suit()
	w := t.Leader
	for s := range n {
		if Beats(t.Cards[s], t.Cards[w], led) {
			w = s
		}
	}
	return w
}

// Points returns what the trick's n cards score.
func (t *Trick) Points(n int) int {
	p := 0
	for _, c := range t.Cards[:n] {
		p += Points(c)
	}
	return p
}

// Deck is a deck order. Seat s is dealt cards s*T to s*T+T-1, T being the
// tricks of a hand.
type Deck [gin.NumCards]gin.Card

// Deal returns the hands that deck gives n seats.
func Deal(deck *Deck, n int) [MaxPlayers]gin.Hand {
	var hands [MaxPlayers]gin.Hand
	t := TricksPerHand(n)
	for s := range n {
		hands[s] = gin.HandOf(deck[s*t : (s+1)*t]...)
	}
	return hands
}

// ErrBadDeal reports hands that are not a deal: not 2 or 4 of them, or not
// the whole deck in equal shares.
var ErrBadDeal = errors.New("not a deal of the whole deck in equal hands to 2 or 4 players")

// HandState is a hand in play: what each seat holds, the tricks so far and
// the trick being played. Seats play in turn from the leader: s, s+1, ...
// modulo the number of players (the direction of play changes no rule).
type HandState struct {
	n      int
	dealt  [MaxPlayers]gin.Hand
	held   [MaxPlayers]gin.Hand
	played gin.Hand // cards of the finished tricks
	tricks []Trick
	cur    Trick
	inCur  int // cards played in cur
	taken  [MaxPlayers]int
}

// NewHand starts a hand with the given hands, one per seat: the holder of
// the two of clubs leads.
func NewHand(hands []gin.Hand) (*HandState, error) {
	n := len(hands)
	if !ValidPlayers(n) {
		return nil, fmt.Errorf("%w: %d hands", ErrBadDeal, n)
	}
	h := &HandState{n: n, tricks: make([]Trick, 0, TricksPerHand(n))}
	var all gin.Hand
	for s, cards := range hands {
		if cards.Len() != TricksPerHand(n) || all&cards != 0 {
			return nil, fmt.Errorf("%w: seat %d holds %d cards or shares some", ErrBadDeal, s, cards.Len())
		}
		all |= cards
		h.dealt[s], h.held[s] = cards, cards
		if cards.Has(TwoOfClubs) {
			h.cur.Leader = s
		}
	}
	return h, nil
}

// Clone returns a copy of the hand in play that plays on independently of
// h: what a player that looks ahead plays out.
func (h *HandState) Clone() *HandState {
	c := *h
	c.tricks = append(make([]Trick, 0, TricksPerHand(h.n)), h.tricks...)
	return &c
}

// Players returns the number of seats.
func (h *HandState) Players() int { return h.n }

// Done reports whether every trick has been played.
func (h *HandState) Done() bool { return len(h.tricks) == TricksPerHand(h.n) }

// ToMove returns the seat whose turn it is.
func (h *HandState) ToMove() int { return (h.cur.Leader + h.inCur) % h.n }

// Held returns the cards seat s holds.
func (h *HandState) Held(s int) gin.Hand { return h.held[s] }

// Tricks returns the finished tricks. The slice is the state's own: do not
// change it.
func (h *HandState) Tricks() []Trick { return h.tricks }

// Current returns the cards played so far in the current trick, in play
// order.
func (h *HandState) Current() []gin.Card {
	out := make([]gin.Card, h.inCur)
	for i := range out {
		out[i] = h.cur.Cards[(h.cur.Leader+i)%h.n]
	}
	return out
}

// Taken returns the points each seat has taken in the finished tricks.
func (h *HandState) Taken() [MaxPlayers]int { return h.taken }

// Situation returns what the rules of the next play depend on.
func (h *HandState) Situation() Situation {
	return Situation{
		Held:   h.held[h.ToMove()],
		First:  len(h.tricks) == 0,
		Broken: h.played&HeartCards != 0,
		Leads:  h.inCur == 0,
		Led:    h.cur.Cards[h.cur.Leader].Suit(),
	}
}

// Legal returns the cards the seat to move may play.
func (h *HandState) Legal() gin.Hand { return Legal(h.Situation()) }

// Play plays c for the seat to move. An illegal play changes nothing and
// returns a *RuleError.
func (h *HandState) Play(c gin.Card) error {
	if h.Done() {
		return errors.New("the hand is over")
	}
	seat := h.ToMove()
	if err := CheckPlay(c, h.Situation()); err != nil {
		return &RuleError{Seat: seat, Trick: len(h.tricks) + 1, Card: c, Err: err}
	}
	h.held[seat] = h.held[seat].Remove(c)
	h.cur.Cards[seat] = c
	h.inCur++
	if h.inCur < h.n {
		return nil
	}
	w := h.cur.Winner(h.n)
	h.taken[w] += h.cur.Points(h.n)
	for _, c := range h.cur.Cards[:h.n] {
		h.played = h.played.Add(c)
	}
	h.tricks = append(h.tricks, h.cur)
	h.cur, h.inCur = Trick{Leader: w}, 0
	return nil
}

// HandRecord is a finished hand.
type HandRecord struct {
	Number  int // from 1
	Players int
	Dealt   [MaxPlayers]gin.Hand
	Tricks  []Trick
	Taken   [MaxPlayers]int // points taken in tricks
	Points  [MaxPlayers]int // points scored, after the moon rule
	Moon    int             // the seat that shot the moon, or -1
}

// Record returns the finished hand as a record numbered number.
func (h *HandState) Record(number int) HandRecord {
	r := HandRecord{Number: number, Players: h.n, Dealt: h.dealt, Tricks: h.tricks, Taken: h.taken}
	r.Points, r.Moon = Score(h.n, h.taken)
	return r
}
