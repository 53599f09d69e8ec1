package gin

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Deal sizes of RULES.md.
const (
	HandSize  = 10
	StockSize = NumCards - 2*HandSize - 1 // 31
	MaxPlays  = 201                       // a round ends after more than 200 plays
)

// Deck is a deck order. The first mover gets cards 1-10, the other player
// cards 11-20, card 21 is turned face up and the remaining 31 are the stock,
// drawn in order.
type Deck [NumCards]Card

// NewDeck returns the deck in card order.
func NewDeck() Deck {
	var d Deck
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// Shuffled returns a deck order drawn uniformly at random from rng.
func Shuffled(rng *rand.Rand) Deck {
	d := NewDeck()
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d
}

// The rule violations a round can end with. A *RuleError wraps one of them.
var (
	ErrBadPile        = errors.New("draw from an unknown pile")
	ErrDiscardDrawn   = errors.New("discarding the card just drawn")
	ErrDiscardNotHeld = errors.New("discarding a card not held")
	ErrBadCall        = errors.New("unknown call")
	ErrEarlyCall      = errors.New("Gin or Knock on the player's first turn")
	ErrBadDeclaration = errors.New("invalid meld declaration")
	ErrInvalidGin     = errors.New("Gin with declared deadwood")
	ErrInvalidKnock   = errors.New("Knock with declared deadwood over 10")
)

// RuleError is an illegal action: which seat, at which ply of the round
// (from 1), and the violation it wraps.
type RuleError struct {
	Seat Seat
	Ply  int
	Err  error
	Msg  string
}

func (e *RuleError) Error() string {
	s := fmt.Sprintf("seat %d, ply %d: %v", e.Seat, e.Ply, e.Err)
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

func (e *RuleError) Unwrap() error { return e.Err }

// PlayRecord is one play as the server logs it.
type PlayRecord struct {
	Seat      Seat
	Hand      []Card // the ten cards after the play, the drawn card first
	Top       Card   // the top of the discard pile when the turn began
	Drawn     Card
	Source    Pile
	Discarded Card
	Call      Call
}

// End says why a round ended.
type End uint8

// How a round ends. Persisted: do not reorder.
const (
	EndCalled     End = iota // Gin or Knock
	EndStockEmpty            // after the 31st stock draw
	EndPlayCap               // after the 201st play
)

func (e End) String() string {
	return [...]string{"called", "stock empty", "play cap"}[e]
}

// RoundRecord is a finished round.
type RoundRecord struct {
	Number   int  // from 1
	First    Seat // the seat that moved first
	Deck     Deck
	Plays    []PlayRecord
	End      End
	Call     Call // Gin, Knock, or Drop when the round ended without a call
	Caller   Seat // the seat of the last play
	Melds    [2][]Meld
	Declared [2]int // declared deadwood per seat
	Points   [2]int // points scored per seat in this round
}

// Undercut reports whether the round was won by undercutting the caller.
func (r *RoundRecord) Undercut() bool {
	return Undercut(r.Call, r.Declared[r.Caller], r.Declared[1-r.Caller])
}

// round is a round in play: the hidden state and the public history.
type round struct {
	rec       RoundRecord
	players   [2]Player
	totals    [2]int
	hands     [2][]Card
	sets      [2]Hand
	stock     []Card
	stockUsed int
	top       Card
	history   []PublicPlay
	lastDraw  [2]Pile
}

// view returns what seat may know before its next decision.
func (r *round) view(seat Seat) View {
	return View{
		Seat: seat, Round: r.rec.Number, Turn: len(r.rec.Plays), Hand: r.hands[seat],
		Top: r.top, FaceUp: r.rec.Deck[2*HandSize], StockLeft: StockSize - r.stockUsed,
		Scores:      [2]int{r.totals[seat], r.totals[1-seat]},
		OppLastDraw: r.lastDraw[1-seat], History: r.history,
	}
}

// PlayRound plays one round from the given deck order with first to move,
// the totals before the round, and returns its record. It stops at the first
// illegal action with a *RuleError.
func PlayRound(deck Deck, number int, first Seat, players [2]Player, totals [2]int) (RoundRecord, error) {
	r := round{
		rec:     RoundRecord{Number: number, First: first, Deck: deck},
		players: players, totals: totals,
		top: deck[2*HandSize], stock: deck[2*HandSize+1:],
		history:  make([]PublicPlay, 0, 64),
		lastDraw: [2]Pile{NoPile, NoPile},
	}
	r.hands[first] = append([]Card(nil), deck[:HandSize]...)
	r.hands[1-first] = append([]Card(nil), deck[HandSize:2*HandSize]...)
	for s := range r.sets {
		r.sets[s] = HandOf(r.hands[s]...)
	}
	for seat := first; ; seat = seat.Other() {
		end, err := r.play(seat)
		if err != nil {
			return r.rec, err
		}
		if end {
			return r.rec, r.finish(seat)
		}
	}
}

// play makes seat's turn and reports whether the round is over.
func (r *round) play(seat Seat) (bool, error) {
	ply := len(r.rec.Plays) + 1
	fail := func(err error, format string, args ...any) (bool, error) {
		return false, &RuleError{Seat: seat, Ply: ply, Err: err, Msg: fmt.Sprintf(format, args...)}
	}
	v := r.view(seat)
	pile := r.players[seat].Draw(&v)
	var drawn Card
	switch pile {
	case StockPile:
		drawn = r.stock[r.stockUsed]
		r.stockUsed++
	case DiscardPile:
		drawn = r.top
	default:
		return fail(ErrBadPile, "pile %d", pile)
	}
	r.lastDraw[seat] = pile
	discard, call := r.players[seat].Discard(&v, drawn)
	switch {
	case call > Gin:
		return fail(ErrBadCall, "%v", call)
	case discard == drawn:
		return fail(ErrDiscardDrawn, "%v", discard)
	case !r.sets[seat].Has(discard):
		return fail(ErrDiscardNotHeld, "%v", discard)
	case call != Drop && ply <= 2:
		return fail(ErrEarlyCall, "%v", call)
	}
	hand := make([]Card, 0, HandSize)
	hand = append(hand, drawn)
	for _, c := range r.hands[seat] {
		if c != discard {
			hand = append(hand, c)
		}
	}
	r.hands[seat] = hand
	r.sets[seat] = r.sets[seat].Remove(discard).Add(drawn)
	r.rec.Plays = append(r.rec.Plays, PlayRecord{
		Seat: seat, Hand: hand, Top: r.top, Drawn: drawn, Source: pile,
		Discarded: discard, Call: call,
	})
	r.history = append(r.history, PublicPlay{Seat: seat, Source: pile, Top: r.top, Discarded: discard, Call: call})
	r.top = discard
	switch {
	case call != Drop:
		r.rec.End = EndCalled
	case r.stockUsed == StockSize:
		r.rec.End = EndStockEmpty
	case ply == MaxPlays:
		r.rec.End = EndPlayCap
	default:
		return false, nil
	}
	r.rec.Call, r.rec.Caller = call, seat
	return true, nil
}

// finish collects both declarations, checks them and scores the round ended
// by caller's play.
func (r *round) finish(caller Seat) error {
	ply := len(r.rec.Plays)
	for _, seat := range [...]Seat{You, Opp} {
		v := r.view(seat)
		melds := r.players[seat].Declare(&v)
		dw, err := CheckDeclaration(r.sets[seat], melds)
		if err != nil {
			return &RuleError{Seat: seat, Ply: ply, Err: ErrBadDeclaration, Msg: err.Error()}
		}
		r.rec.Melds[seat], r.rec.Declared[seat] = melds, dw
	}
	rec := &r.rec
	switch {
	case rec.Call == Gin && rec.Declared[caller] != 0:
		return &RuleError{Seat: caller, Ply: ply, Err: ErrInvalidGin, Msg: fmt.Sprintf("declared deadwood %d", rec.Declared[caller])}
	case rec.Call == Knock && rec.Declared[caller] > KnockLimit:
		return &RuleError{Seat: caller, Ply: ply, Err: ErrInvalidKnock, Msg: fmt.Sprintf("declared deadwood %d", rec.Declared[caller])}
	}
	rec.Points[caller], rec.Points[1-caller] = RoundScore(rec.Call, rec.Declared[caller], rec.Declared[1-caller])
	return nil
}

// Before returns the hand the seat held before the play.
func (p *PlayRecord) Before() Hand { return Before(HandOf(p.Hand...), p.Drawn, p.Discarded) }
