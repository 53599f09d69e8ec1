// Package review judges every decision a side made in logged Gin Rummy
// games, the way a chess game review does: for each decision the value of
// what was played and of the best alternative, both asked of an evaluator
// from the player's own view at that moment (its hand, the cards it has
// seen, the public history: never the hidden cards the log reveals), the
// loss between them in points of expected round result, a class by that
// loss, and an accuracy per game; then the losses grouped into leaks
// (leaks.go).
//
// A turn holds up to three decisions: the draw (take the face-up card or
// refuse it), the discard, and the call (knock, Gin or play on) when more
// than one call was legal. The evaluator judges the draw alone and the
// discard and the call together, as (card, call) pairs; the pair's loss is
// split in two: the call's, the best pair's value less the best pair with
// the call played, and the discard's, that best pair with the call played
// less the pair played. The two add up to the pair's loss.
//
// A game whose replay finds a violation of the rules is reviewed up to
// its first violation: the plays from that one on are not trusted.
//
// The package is pure: it reads replay.Game values and asks an Evaluator,
// and its caller stores what it finds (Value) and hands it back (Stored)
// so that a second review asks the evaluator nothing.
package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/ordered"
	"github.com/ginlog/ginlog/players/tuned"
)

// The thresholds of the classes, in net points of expected round result
// lost against the best alternative. A round's result is worth 10 to 40
// net points (a knock wins its deadwood difference, Gin 25 more, an
// undercut 25 to the defender), and the rollouts' standard error on a
// difference of two moves is about half a point with the default deals:
// below a point a loss is noise, and nothing is said. A point is a card's
// worth of deadwood in one round: an inaccuracy. Three points is what a
// routine discard choice between two close cards can be worth at most: past
// that the move is a mistake. Six points is what a whole round's typical
// knock margin is worth, or a quarter of a Gin bonus: a blunder.
const (
	Inaccuracy = 1.0
	Mistake    = 3.0
	Blunder    = 6.0
)

// Kind is a kind of decision. Its String is stored (review_decisions.kind):
// do not rename.
type Kind int

// The kinds of decision.
const (
	Draw    Kind = iota // take the face-up card or refuse it
	Discard             // the card discarded
	Call                // knock, Gin or play on, when more than one was legal
	NumKinds
)

var kindNames = [NumKinds]string{"draw", "discard", "call"}

func (k Kind) String() string { return kindNames[k] }

// ParseKind returns the kind named s.
func ParseKind(s string) (Kind, bool) {
	for k, name := range kindNames {
		if name == s {
			return Kind(k), true
		}
	}
	return 0, false
}

// Class is a decision's class by its loss.
type Class int

// The classes, by the thresholds above.
const (
	Good Class = iota // less than Inaccuracy lost: within the evaluator's noise
	ClassInaccuracy
	ClassMistake
	ClassBlunder
	NumClasses
)

var classNames = [NumClasses]string{"good", "inaccuracy", "mistake", "blunder"}

func (c Class) String() string { return classNames[c] }

// classSymbols are the classes' marks, as a chess annotator writes them.
var classSymbols = [NumClasses]string{"", "?!", "?", "??"}

// Symbol returns the class's mark: "?!" for an inaccuracy, "?" for a
// mistake, "??" for a blunder, "" for a good decision.
func (c Class) Symbol() string { return classSymbols[c] }

// Classify returns the class of a loss in net points.
func Classify(loss float64) Class {
	switch {
	case loss >= Blunder:
		return ClassBlunder
	case loss >= Mistake:
		return ClassMistake
	case loss >= Inaccuracy:
		return ClassInaccuracy
	}
	return Good
}

// Option and Judgement are the evaluator's answer (tuned.Judge's): every
// legal alternative of a decision valued in net points of the round (and
// in the change of the chance of winning the game), the one played, the
// best, the standard error of their difference and the deals.
type (
	Option    = tuned.Option
	Judgement = tuned.Judgement
)

// Evaluator values the alternatives of a decision from the deciding
// player's view: tuned.Judge, or a test's. An Evaluator is used by one
// goroutine at a time.
type Evaluator interface {
	Draw(v *gin.View, played gin.Pile) Judgement
	Discard(v *gin.View, drawn, played gin.Card, call gin.Call) Judgement
}

// Key names a decision of a review run (whose side and evaluator are
// fixed).
type Key struct {
	Game  int64 // the database's game id
	Round int
	Ply   int
	Kind  Kind
}

// Value is what the evaluator said of one decision: what the caller
// stores, and hands back in Options.Stored.
type Value struct {
	Played, Best       string  // the moves as text: take or refuse, a card, play on, knock or Gin
	Points, BestPoints float64 // expected net points of the round after each
	Win, BestWin       float64 // the chance of winning the game after each
	SE                 float64
	Deals              int
}

// Loss returns the net points the played move lost against the best:
// the best alternative's advantage as the evaluator measured it again on
// deals of its own (tuned.Judge's second opinion, free of the winner's
// curse), when that advantage is beyond two standard errors of it; else
// 0. Counting every positive difference would count noise: a move as good
// as the best loses by chance half the time, and those small losses summed
// over a game's hundred decisions would read as tens of points.
func (v *Value) Loss() float64 {
	if d := v.BestPoints - v.Points; d > 0 && d > 2*v.SE {
		return d
	}
	return 0
}

// WinLoss returns the chance of winning the game the played move lost,
// counted when its Loss is.
func (v *Value) WinLoss() float64 {
	if v.Loss() == 0 {
		return 0
	}
	return max(0, v.BestWin-v.Win)
}

// Decision is one reviewed decision.
type Decision struct {
	Key
	LogTS int64 // the log's timestamp
	Value
	Situation Situation
}

// Class returns the decision's class.
func (d *Decision) Class() Class { return Classify(d.Loss()) }

// Game is the review of one game for one side.
type Game struct {
	ID, LogTS int64
	Decisions []Decision
	// Violation is the game's first violation of the rules, where its
	// review stopped; nil for a game reviewed to its end.
	Violation *replay.Violation
	// Evaluated counts the judgements asked of the evaluator (the others
	// were Stored).
	Evaluated int
}

// Accuracy returns the share of the game's decisions that lost less than
// Inaccuracy, and 1 for a game without decisions.
func (g *Game) Accuracy() float64 {
	if len(g.Decisions) == 0 {
		return 1
	}
	good := 0
	for i := range g.Decisions {
		if g.Decisions[i].Class() == Good {
			good++
		}
	}
	return float64(good) / float64(len(g.Decisions))
}

// Options are a review run's settings.
type Options struct {
	Side gin.Seat
	// Evaluator returns an evaluator for one worker: each worker asks its
	// own, in the order of its games.
	Evaluator func() Evaluator
	// Stored holds the values of decisions already reviewed, read-only: a
	// turn whose draw and discard are both stored asks the evaluator
	// nothing.
	Stored map[Key]Value
	// Workers is the number of games reviewed at once (0: one per CPU).
	Workers int
	// Done, when set, is called after each game, from the worker that
	// reviewed it.
	Done func(*Game)
}

// Run reviews games, several at once, and returns their reviews in the
// order of games. It stops when ctx is cancelled; a panic of the
// evaluator is returned as an error carrying its stack.
func Run(ctx context.Context, games []*replay.Game, opts Options) ([]*Game, error) {
	out := make([]*Game, len(games))
	job := func() func(i int) (*Game, error) {
		ev := opts.Evaluator()
		return func(i int) (*Game, error) {
			r := Review(games[i], opts.Side, ev, opts.Stored)
			if opts.Done != nil {
				opts.Done(r)
			}
			return r, nil
		}
	}
	err := ordered.Run(ctx, len(games), ordered.Options{Workers: opts.Workers}, job, func(i int, r *Game) error {
		out[i] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// JudgeSuffix ends the name of every evaluator of the current judge's
// method (tuned.JudgeVersion): stored values under other names are of an
// earlier method, and judged again.
func JudgeSuffix() string { return fmt.Sprintf("/judge=%d", tuned.JudgeVersion) }

// DescribeEvaluator says in words which evaluator a key names: "the
// default weights, 192 deals a move" or "weights 2b3f0bd9…, 64 deals a
// move".
func DescribeEvaluator(key string) string {
	weights, settings, _ := strings.Cut(key, "/")
	what := "the default weights"
	if !strings.HasPrefix(weights, "default:") {
		what = "the weights of SHA-256 " + weights[:min(len(weights), 12)] + "…"
	}
	for _, s := range strings.Split(settings, "/") {
		if n, ok := strings.CutPrefix(s, "deals="); ok {
			what += ", " + n + " deals a move"
		}
	}
	if !strings.HasSuffix(key, JudgeSuffix()) {
		what += ", by an earlier ginlog"
	}
	return what
}

// Review reviews game g for side, asking ev what stored does not hold;
// with a nil ev, the turns stored does not hold are left out.
func Review(g *replay.Game, side gin.Seat, ev Evaluator, stored map[Key]Value) *Game {
	res := &Game{ID: g.ID, LogTS: g.LogTS}
	if vs := replay.Check(g).Violations; len(vs) > 0 {
		res.Violation = &vs[0]
	}
	var totals [2]int
	for i := range g.Rounds {
		r := &g.Rounds[i]
		if res.Violation != nil && r.Number > res.Violation.Round {
			break
		}
		_, ok := r.Walk(side, totals, func(t *replay.Turn) bool {
			if res.Violation != nil && r.Number == res.Violation.Round && t.Ply >= res.Violation.Ply {
				return false
			}
			res.turn(r.Number, t, ev, stored)
			return true
		})
		if !ok {
			break
		}
		totals[gin.You] += r.Points[gin.You]
		totals[gin.Opp] += r.Points[gin.Opp]
	}
	return res
}

// turn reviews one turn of the side: its draw, its discard and, when more
// than one call was legal, its call.
func (g *Game) turn(round int, t *replay.Turn, ev Evaluator, stored map[Key]Value) {
	key := func(k Kind) Key { return Key{Game: g.ID, Round: round, Ply: t.Ply, Kind: k} }
	sit := situations(t)
	draw, okDraw := stored[key(Draw)]
	discard, okDiscard := stored[key(Discard)]
	call, okCall := stored[key(Call)]
	if !okDraw || !okDiscard {
		if ev == nil {
			return
		}
		draw = drawValue(ev.Draw(t.View, t.Pile))
		discard, call, okCall = discardValues(ev.Discard(t.View, t.Play.Drawn, t.Play.Discarded, t.Call))
		g.Evaluated += 2
	}
	add := func(k Kind, v Value) {
		g.Decisions = append(g.Decisions, Decision{Key: key(k), LogTS: g.LogTS, Value: v, Situation: sit[k]})
	}
	add(Draw, draw)
	add(Discard, discard)
	if okCall {
		add(Call, call)
	}
}
