package hearts

import (
	"fmt"
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
)

// Player is a Hearts strategy: it chooses a card to play, seeing the game
// only through the View. A Player value serves one seat for one game and
// may keep state between calls.
type Player interface {
	Play(v *View) gin.Card
}

// View is what a player may know when it plays. It is valid only during the
// call that receives it; a Player must copy what it wants to keep.
type View struct {
	Seat    int
	Players int
	Hand    int      // the hand's number in the game, from 1
	Held    gin.Hand // the player's cards
	Legal   gin.Hand // the cards it may play
	Led     bool     // the trick has been led: false when the player leads it
	Trick   []gin.Card
	Leader  int             // the seat that led the current trick
	Tricks  []Trick         // this hand's finished tricks, in order
	Taken   [MaxPlayers]int // points taken in this hand so far, by seat
	Totals  [MaxPlayers]int // game totals before this hand, by seat
	Played  gin.Hand        // cards of this hand's finished tricks
}

// Dealer gives the deck order of each hand (numbered from 1).
type Dealer func(hand int) Deck

// Shuffled returns a deck order drawn uniformly at random from rng.
func Shuffled(rng *rand.Rand) Deck {
	var d Deck
	for i := range d {
		d[i] = gin.Card(i)
	}
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d
}

// RandomDeals deals each hand from a fresh shuffle drawn from rng.
func RandomDeals(rng *rand.Rand) Dealer {
	return func(int) Deck { return Shuffled(rng) }
}

// PlayHand plays one hand numbered number from deck among players, with the
// game totals before it. It stops at the first illegal play with a
// *RuleError.
func PlayHand(deck *Deck, number int, players []Player, totals [MaxPlayers]int) (HandRecord, error) {
	n := len(players)
	if !ValidPlayers(n) {
		return HandRecord{}, fmt.Errorf("%w: %d players", ErrBadDeal, n)
	}
	dealt := Deal(deck, n)
	h, err := NewHand(dealt[:n])
	if err != nil {
		return HandRecord{}, err
	}
	for !h.Done() {
		v := h.View(number, totals)
		if err := h.Play(players[v.Seat].Play(&v)); err != nil {
			return h.Record(number), err
		}
	}
	return h.Record(number), nil
}

// View returns what the seat to move may know, in the hand numbered
// number of a game whose totals before the hand are totals.
func (h *HandState) View(number int, totals [MaxPlayers]int) View {
	seat := h.ToMove()
	return View{
		Seat: seat, Players: h.n, Hand: number, Held: h.Held(seat), Legal: h.Legal(),
		Led: h.inCur > 0, Trick: h.Current(), Leader: h.cur.Leader, Tricks: h.Tricks(),
		Taken: h.Taken(), Totals: totals, Played: h.played,
	}
}

// GameRecord is a finished game.
type GameRecord struct {
	Players int
	Limit   int
	Hands   []HandRecord
	Totals  [MaxPlayers]int
}

// MaxHands bounds a game. A game always ends, but a broken player could tie
// for the lowest total forever; the bound guards against that.
const MaxHands = 100000

// PlayGame plays hands dealt by deal among players until GameOver with the
// given limit. It stops at the first illegal play with a *RuleError (wrapped
// with the hand number).
func PlayGame(deal Dealer, players []Player, limit int) (GameRecord, error) {
	n := len(players)
	g := GameRecord{Players: n, Limit: limit}
	if limit <= 0 {
		return g, fmt.Errorf("limit %d: want a positive total", limit)
	}
	for k := 1; !GameOver(g.Totals[:n], limit); k++ {
		if k > MaxHands {
			return g, fmt.Errorf("game not over after %d hands", MaxHands)
		}
		deck := deal(k)
		r, err := PlayHand(&deck, k, players, g.Totals)
		if err != nil {
			return g, fmt.Errorf("hand %d: %w", k, err)
		}
		g.Hands = append(g.Hands, r)
		for s := range n {
			g.Totals[s] += r.Points[s]
		}
	}
	return g, nil
}

// Winner returns the seat with the lowest total.
func (g *GameRecord) Winner() int {
	w := 0
	for s := 1; s < g.Players; s++ {
		if g.Totals[s] < g.Totals[w] {
			w = s
		}
	}
	return w
}
