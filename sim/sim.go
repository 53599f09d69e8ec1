// Package sim plays matches between two players and writes their games in
// the tournament server's log format. A player of a match is an Entrant, a
// name and a constructor: sim knows no player by name, package players
// resolves the names commands take into entrants.
//
// Every game is reproducible on its own: game i of a match with seed S is
// dealt from a random stream keyed by (S, i), or with mirroring by
// (S, i/2), the odd game of each pair replaying the even one's deals with
// the other player moving first and holding the first mover's cards. So the
// games can be played by any number of workers in any order and the output
// is the same.
//
// A game ends at the first illegal move, as on the tournament server: the
// offender forfeits it (Game.Forfeit) and the match goes on. The server
// wrote no log for such a game, and neither does WriteGame.
package sim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginlog/ginlog/gin"
)

// Entrant is a player of a match: a name for reports and a constructor
// called once per game.
type Entrant struct {
	Name string
	New  func(rng *rand.Rand) gin.Player
}

// Config describes a match. Players[0] is seat 0, the logged player ("you").
type Config struct {
	Players [2]Entrant
	Games   int
	Seed    uint64
	Mirror  bool  // play each deal twice, the first mover's cards going to the other player
	Start   int64 // the timestamp of game 0; game i gets Start+i
	Workers int   // goroutines; 0 means one per CPU; at most one per game and MaxWorkers
}

// MaxWorkers caps Config.Workers: more goroutines than this only add
// memory (each holds two players), not speed.
const MaxWorkers = 256

// Game is a finished game of a match.
type Game struct {
	Index     int
	Timestamp int64
	Record    gin.GameRecord // the rounds finished before a forfeit
	Forfeit   *Forfeit       // the illegal move that ended the game, or nil
}

// Winner returns the seat that won the game: the other seat when it was
// forfeited, else the seat with the higher total.
func (g *Game) Winner() gin.Seat {
	if g.Forfeit != nil {
		return g.Forfeit.Seat.Other()
	}
	return g.Record.Winner()
}

// Forfeit is the illegal move that ended a game, located like a violation
// of verify: the round and its ply (from 1), with a stable code.
type Forfeit struct {
	Seat  gin.Seat
	Round int
	Ply   int
	Code  string
	Msg   string
}

func (f *Forfeit) Error() string {
	return fmt.Sprintf("round %d ply %d: %s: %s", f.Round, f.Ply, f.Code, f.Msg)
}

// The codes of the rules engine's violations. Stable: users grep for them.
// A player's own violations (a timeout, a crash) come with the player's
// code, through Faulter.
const (
	CodeBadPile        = "bad-pile"         // a draw from no pile
	CodeDiscardDrawn   = "discard-drawn"    // the card just drawn was discarded
	CodeDiscardNotHeld = "discard-not-held" // the discarded card was not held
	CodeBadCall        = "bad-call"         // a call that is not Gin, Knock or Drop
	CodeEarlyCall      = "early-call"       // Gin or Knock on the player's first turn
	CodeBadMelds       = "bad-melds"        // an invalid meld declaration
	CodeBadGin         = "bad-gin"          // Gin with declared deadwood
	CodeBadKnock       = "bad-knock"        // Knock with declared deadwood over 10
)

// Codes lists the rules engine's codes with what they mean.
var Codes = [][2]string{
	{CodeBadPile, "a draw from neither the stock nor the discard pile"},
	{CodeDiscardDrawn, "the card just drawn was discarded"},
	{CodeDiscardNotHeld, "the discarded card was not held"},
	{CodeBadCall, "a call that is not Gin, Knock or Drop"},
	{CodeEarlyCall, "Gin or Knock on the player's first turn"},
	{CodeBadMelds, "an invalid meld declaration, or one that does not cover the hand"},
	{CodeBadGin, "Gin with declared deadwood"},
	{CodeBadKnock, "Knock with declared deadwood over 10"},
}

var ruleCodes = map[error]string{
	gin.ErrBadPile:        CodeBadPile,
	gin.ErrDiscardDrawn:   CodeDiscardDrawn,
	gin.ErrDiscardNotHeld: CodeDiscardNotHeld,
	gin.ErrBadCall:        CodeBadCall,
	gin.ErrEarlyCall:      CodeEarlyCall,
	gin.ErrBadDeclaration: CodeBadMelds,
	gin.ErrInvalidGin:     CodeBadGin,
	gin.ErrInvalidKnock:   CodeBadKnock,
}

// A Player may implement these to hold resources for a game (an external
// program, say) and to say why it broke a rule. Play calls StartGame before
// the game and EndGame after it; an error from either stops the match.
type (
	GameStarter interface {
		StartGame(index int, timestamp int64, seat int) error
	}
	GameEnder interface{ EndGame() error }
	// Faulter reports the violation that made the player's move illegal
	// (a timeout, a crash, a bad reply), or nil. Its error may have a
	// Code() string method, used as the forfeit's code.
	Faulter interface{ Fault() error }
)

// forfeitOf turns a rule error of the engine into a forfeit, taking the
// offender's own account of it when it has one.
func forfeitOf(re *gin.RuleError, round int, players [2]gin.Player) *Forfeit {
	f := &Forfeit{Seat: re.Seat, Round: round, Ply: re.Ply, Code: ruleCodes[re.Err], Msg: re.Err.Error()}
	if re.Msg != "" {
		f.Msg += ": " + re.Msg
	}
	if code, msg, ok := faultOf(players[re.Seat]); ok {
		f.Code, f.Msg = code, msg
	}
	return f
}

// faultOf returns the offender's own account of its forfeit, when player
// is a Faulter that has one: the code its error names (Code), else
// "fault", and the message without that code.
func faultOf(player any) (code, msg string, ok bool) {
	fp, ok := player.(Faulter)
	if !ok {
		return "", "", false
	}
	err := fp.Fault()
	if err == nil {
		return "", "", false
	}
	code, msg = "fault", err.Error()
	var c interface{ Code() string }
	if errors.As(err, &c) {
		code = c.Code()
		msg = strings.TrimPrefix(msg, code+": ")
	}
	return code, msg, true
}

// dealer returns game i's deal stream.
func (c *Config) dealer(i int) gin.Dealer {
	if !c.Mirror {
		return gin.RandomDeals(rand.New(rand.NewPCG(c.Seed, uint64(i))))
	}
	deals := gin.RandomDeals(rand.New(rand.NewPCG(c.Seed, uint64(i/2))))
	if i%2 == 0 {
		return deals
	}
	return func(round int) (gin.Deck, gin.Seat) {
		d, first := deals(round)
		return d, first.Other()
	}
}

// playerSeed keys the players' own randomness apart from the deals.
const playerSeed = 0x9e3779b97f4a7c15

// Play plays game i of the match. A game that ends on an illegal move is
// returned with its Forfeit; an error is what stops the match (a player
// that cannot start, a game that never ends).
func (c *Config) Play(i int) (game *Game, err error) {
	var players [2]gin.Player
	for s, e := range c.Players {
		players[s] = e.New(rand.New(rand.NewPCG(c.Seed^playerSeed, uint64(2*i+s))))
	}
	ts := c.Start + int64(i)
	where := func(err error) error {
		return fmt.Errorf("game %d (%s vs %s): %w", i, c.Players[0].Name, c.Players[1].Name, err)
	}
	for s, p := range players {
		if gs, ok := p.(GameStarter); ok {
			if err := gs.StartGame(i, ts, s); err != nil {
				endGame(players[:s])
				return nil, where(err)
			}
		}
	}
	defer func() {
		if e := endGame(players[:]); e != nil && err == nil {
			game, err = nil, where(e)
		}
	}()
	rec, err := gin.PlayGame(c.dealer(i), players)
	g := &Game{Index: i, Timestamp: ts, Record: rec}
	var re *gin.RuleError
	switch {
	case errors.As(err, &re):
		g.Forfeit = forfeitOf(re, len(rec.Rounds)+1, players)
	case err != nil:
		return nil, where(err)
	}
	return g, nil
}

// endGame calls EndGame on the players that have it and returns the first
// error.
func endGame[P any](players []P) error {
	var first error
	for _, p := range players {
		if ge, ok := any(p).(GameEnder); ok {
			if err := ge.EndGame(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// Run plays every game of the match on the configured workers and passes
// each finished game to sink, from several goroutines at once and in no
// particular order. It stops at the first error of a game or of sink, or
// when ctx is cancelled.
func Run(ctx context.Context, c Config, sink func(*Game) error) error {
	if c.Mirror && c.Games%2 != 0 {
		return fmt.Errorf("mirrored matches need an even number of games, not %d", c.Games)
	}
	return runGames(ctx, c.Games, c.Workers, c.Play, sink)
}
