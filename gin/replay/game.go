// Package replay rebuilds every round of a stored game through the rules
// engine: it checks each play against the rules, explains each round's
// score from the final hands (exactly, or through a weaker declaration that
// the hands allow), and derives per-play features that describe each
// decision at the moment it was made.
//
// The package is pure: Check works on plain values and does no I/O. Its
// sibling package store reads the games from the database and
// writes what Check finds.
package replay

import (
	"errors"

	"github.com/ginlog/ginlog/gin"
)

// ErrNoGame reports a game id that names no stored game.
var ErrNoGame = errors.New("no game")

// Play is one stored play.
type Play struct {
	Seat       gin.Seat // the actor
	Hand       gin.Hand // the actor's ten cards after the play
	DrawnFirst bool     // the log lists the drawn card first, as the server did
	Top        gin.Card
	Drawn      gin.Card
	Discarded  gin.Card
}

// Before returns the actor's hand before the play.
func (p *Play) Before() gin.Hand { return gin.Before(p.Hand, p.Drawn, p.Discarded) }

// Round is one stored round: its plays and its score row.
type Round struct {
	Number int
	Plays  []Play
	// Listed holds, play by play, the actor's hand as the log lists it,
	// card by card: what feeds a player the hand it was shown (retrace).
	// Check does not need it, and a play stays small without it: the store
	// reads it only when asked (store.Filter.Listed), FromRecord fills it,
	// and it is nil otherwise.
	Listed [][gin.HandSize]gin.Card
	Points [2]int // points scored in the round, by seat
	Action gin.Call
	Caller gin.Seat // the seat the score row names (column 5)
}

// Hands returns both seats' hands after each play of the round, by seat.
// A seat's hand before its first play follows from that play, so the hand
// of the seat that has not played yet is known from the start.
func (r *Round) Hands() [][2]gin.Hand {
	var hands [2]gin.Hand
	var known [2]bool
	for i := range r.Plays {
		p := &r.Plays[i]
		if !known[p.Seat] {
			hands[p.Seat], known[p.Seat] = p.Before(), true
		}
	}
	out := make([][2]gin.Hand, len(r.Plays))
	for i, p := range r.Plays {
		hands[p.Seat] = p.Hand
		out[i] = hands
	}
	return out
}

// Game is a stored game.
type Game struct {
	ID     int64 // the database's game id
	LogTS  int64 // the log's timestamp (Unix seconds); 0 for a game not read from a log
	Rounds []Round
}

// Status is the verdict on a round's score.
type Status string

// The verdicts.
const (
	Exact      Status = "exact"      // the points follow from both players' optimal deadwood
	Explained  Status = "explained"  // they follow only from declarations worse than optimal
	Impossible Status = "impossible" // no declaration the hands allow gives them
)

// Statuses lists the verdicts in the order of the database's check_status
// enum, which is persisted: do not reorder.
var Statuses = []Status{Exact, Explained, Impossible}

// RoundCheck is the verdict on one round's score.
type RoundCheck struct {
	Round          int
	Status         Status
	BestYou        int // optimal deadwood of the final hands
	BestOpp        int
	DeclaredYou    int // the declared deadwood of the explanation (the best one when exact or impossible)
	DeclaredOpp    int
	LostYou        int // points each side lost by declaring worse than optimal
	LostOpp        int
	ExpectedYou    int // points with both sides declaring optimally
	ExpectedOpp    int
	Explanations   int // how many declaration pairs give the logged points
	FinalYou       gin.Hand
	FinalOpp       gin.Hand
	MeldedYou      gin.Hand // the cards of FinalYou in melds of an optimal arrangement
	MeldedOpp      gin.Hand
	StockDraws     int
	Plays          int
	EndedByStock   bool
	EndedByPlayCap bool
	FirstMover     gin.Seat
}

// Violation is a broken rule, located at a round and a ply (from 1; the
// ply of the round's last play for score problems).
type Violation struct {
	Round int
	Ply   int
	Code  string
	Msg   string
}

// The violation codes. Stable: stored in the database.
const (
	CodeNotAlternating = "not-alternating"  // the same player plays twice in a row
	CodeTopMismatch    = "top-mismatch"     // the top of the pile is not the previous discard
	CodeHandMismatch   = "hand-mismatch"    // the hand does not follow from the previous one plus drawn minus discarded
	CodeDrawnNotFirst  = "drawn-not-first"  // the drawn card is not listed first in the hand
	CodeDiscardDrawn   = "discard-drawn"    // the card just drawn was discarded
	CodeDiscardNotHeld = "discard-not-held" // the discarded card was not held, or is still in the hand
	CodeCardTwice      = "card-twice"       // a card in two places at once
	CodeStockTwice     = "stock-twice"      // a card drawn from the stock that was already seen
	CodeEarlyCall      = "early-call"       // Gin or Knock in the first two plays
	CodeCallNotLast    = "call-not-last"    // the caller of the score row did not make the last play
	CodeEarlyDrop      = "early-drop"       // a round ended without a call before the stock ran out or the cap
	CodeRoundTooLong   = "round-too-long"   // a play after the stock ran out or after the 201st play
	CodeImpossible     = "impossible-score" // no declaration the final hands allow gives the logged points
	CodeGameContinues  = "game-continues"   // a round after the game was won
	CodeGameUnfinished = "game-unfinished"  // the game ends before a player reached 100
)

// Codes lists the violation codes with what they mean.
var Codes = [][2]string{
	{CodeNotAlternating, "the same player plays twice in a row"},
	{CodeTopMismatch, "the top of the discard pile is not the previous discard"},
	{CodeHandMismatch, "the hand does not follow from the previous hand plus drawn minus discarded"},
	{CodeDrawnNotFirst, "the drawn card is not listed first in the hand"},
	{CodeDiscardDrawn, "the card just drawn was discarded"},
	{CodeDiscardNotHeld, "the discarded card was not held, or is still in the hand"},
	{CodeCardTwice, "a card in two places at once"},
	{CodeStockTwice, "a card drawn from the stock that was already seen"},
	{CodeEarlyCall, "Gin or Knock in the first two plays of a round"},
	{CodeCallNotLast, "the caller in the score file did not make the round's last play"},
	{CodeEarlyDrop, "a round ended without a call before the 31st stock draw and the 201-play cap"},
	{CodeRoundTooLong, "a play after the round should have ended"},
	{CodeImpossible, "no declaration the final hands allow gives the logged points"},
	{CodeGameContinues, "a round played after the game was won"},
	{CodeGameUnfinished, "the game ends before a player reached 100 with the totals apart"},
}
