package logs

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// The codes of the deviations Verify finds besides the rules engine's
// (hearts.Codes). Stable: stored in the database.
const (
	CodeNoLegalOrder = "no-legal-order"      // no assignment of the cards to the players obeys the rules
	CodeEndUnknown   = "end-unknown"         // the points of a player without a file are not determined, so the end cannot be checked
	CodeFirst        = "first"               // the first field is not the pos of a highest total, or changes within the game
	CodeNotRecovered = "order-not-recovered" // the order search ran past its budget: the hand is not checked
)

// DeviationCodes lists every deviation code Verify reports, with what it
// means: the rules engine's (hearts.Codes) and the log reader's own.
var DeviationCodes = append(slices.Clone(hearts.Codes),
	[2]string{CodeNoLegalOrder, "no assignment of the cards to the players obeys the rules"},
	[2]string{CodeEndUnknown, "the scores of the players without a file leave the end of the game unchecked"},
	[2]string{CodeFirst, "the first field does not name a highest total, or changes within the game"},
	[2]string{CodeNotRecovered, "the order search ran past its budget: the hand's rules and scores are not checked"},
)

// Kind sorts deviations into what they mean.
type Kind string

// The kinds of deviation.
const (
	KindRule      Kind = "rule"      // a play breaks a rule
	KindScore     Kind = "score"     // a logged score the tricks do not give
	KindEnd       Kind = "end"       // the game ends too early (a truncated log) or goes on after its end
	KindQuirk     Kind = "quirk"     // a field the framework wrote otherwise than documented
	KindUnchecked Kind = "unchecked" // Verify gave up: the order search ran past its budget
)

// KindOf returns the kind of a deviation code.
func KindOf(code string) Kind {
	switch code {
	case hearts.CodeScore:
		return KindScore
	case hearts.CodeContinues, hearts.CodeUnfinished, CodeEndUnknown:
		return KindEnd
	case CodeFirst:
		return KindQuirk
	case CodeNotRecovered:
		return KindUnchecked
	}
	return KindRule
}

// Deviation is something Verify finds wrong with a game, located in its
// files: file:line:column: code: message. Hand counts from 1 in the game;
// Trick from 1 (0 for the hand as a whole); Pos is the player at fault, or
// -1.
type Deviation struct {
	File   string
	Line   int
	Column int
	Hand   int
	Trick  int
	Pos    int
	Code   string
	Msg    string
}

func (d *Deviation) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, d.Column, d.Code, d.Msg)
}

// HandReport is the verdict on one hand. A hand whose search ran past its
// budget (NotRecovered) is neither verified nor found wrong: Verified,
// Assignments and Determined are false and 0, and a deviation
// CodeNotRecovered says so.
type HandReport struct {
	Method       Method // how the players of the cards were read
	Verified     bool   // some assignment obeys every rule and gives every logged score
	Assignments  int    // how many do: 0, 1, or 2 for two or more
	Determined   bool   // exactly one does: Seats holds it
	NotRecovered bool   // the order search ran past its budget: nothing is known of the assignments
	States       int    // the states the order search explored (0 unless searched)
	Seats        [gin.NumCards]int8
	Points       [hearts.MaxPlayers]int // by pos: the logged score, or the rules' when every assignment agrees on it
	PointsKnown  bool                   // Points holds every pos's score
}

// Report is the verification of one game.
type Report struct {
	Method      Method
	Limit       int  // the limit the end was checked against
	LimitLo     int  // the limits under which the game ends where it does, when the totals are known
	LimitHi     int  // (LimitLo > LimitHi when none)
	TotalsKnown bool // every hand's points are known for every pos
	Totals      [hearts.MaxPlayers]int
	Hands       []HandReport
	Deviations  []Deviation
}

// Verified reports whether the game was read and every hand and its end
// check out.
func (r *Report) Verified() bool { return r.Method != MethodNone && len(r.Deviations) == 0 }

// Verifier verifies games. Its zero value is ready; it keeps the search's
// memory between games, so use one per goroutine.
type Verifier struct {
	s          searcher
	handStates int // HandStates, unless set (by tests)
	gameStates int // GameStates, unless set (by tests)
}

// The order search's budgets, in states explored (see the package doc):
// counted, so that a verdict never depends on the machine or its load. A
// state is the position after some tricks of one hand (the next leader,
// the cards each player may still hold, the points taken); exploring one
// costs about a microsecond of CPU and 80 to 130 bytes of memo, which the
// next hand reuses.
//
// A hand of the real logs needs at most 11,333 states, a game 35,901. A
// hand with one player's file needs the most, since the search then
// collects the other players' scores: 10,600 on average over 12,000
// simulated hands (14,800 for the hands of a bots' game), 245,000 at most.
// HandStates is four times that: about a CPU-second and 100 MB of memo.
// GameStates, about 15 CPU-seconds, lets a game of one player's file
// recover about 1,100 hands, and one with every file over 100,000.
const (
	HandStates = 1 << 20 // the most states the search of one hand explores: 1,048,576
	GameStates = 1 << 24 // the most states the searches of one game explore together: 16,777,216
)

// budgets returns the states a hand's search and a game's may explore.
func (v *Verifier) budgets() (hand, game int) {
	return cmp.Or(v.handStates, HandStates), cmp.Or(v.gameStates, GameStates)
}

// Verify verifies a game with Verifier's zero value.
func Verify(g *Game) *Report {
	var v Verifier
	return v.Verify(g)
}

// Verify replays every hand of g: it recovers who played each card (see
// the package doc), checks every play against the rules and every logged
// score against the tricks, moon included, then checks that the game ends
// exactly when the end rule first holds and that first names a highest
// total. A rejected game (with Errors) is not verified: its report has
// method none.
func (v *Verifier) Verify(g *Game) *Report {
	rep := &Report{Limit: hearts.DefaultLimit, Hands: make([]HandReport, len(g.Hands))}
	if len(g.Errors) > 0 || len(g.Hands) == 0 {
		return rep
	}
	var alts *alternatives
	switch {
	case g.Version == ByPlayer:
		rep.Method = MethodByPlayer
		alts = v.byPlayer(g, rep)
	default:
		rep.Method = MethodReversePlay
		var ok bool
		if alts, ok = v.reversePlay(g, rep); !ok {
			rep.Method = MethodSearched
			alts = v.searched(g, rep)
		}
	}
	checkEnd(g, rep, alts)
	return rep
}

// deviate records a deviation located at hand i (from 0) of g, in pos's
// file (or the first file of the hand), at the column col (0 for the
// line).
func (rep *Report) deviate(g *Game, i, trick, pos, col int, code, format string, args ...any) {
	f, row := g.Hands[i].Locate(max(pos, 0))
	rep.Deviations = append(rep.Deviations, Deviation{
		File: f.Name, Line: int(row.Line), Column: col, Hand: i + 1, Trick: trick, Pos: pos,
		Code: code, Msg: fmt.Sprintf(format, args...),
	})
}

func (v *Verifier) byPlayer(g *Game, rep *Report) *alternatives {
	n := g.Players
	alts := newAlternatives(g, 1)
	for i := range g.Hands {
		h := &g.Hands[i]
		lh := byPlayer(h, n)
		hr, vs := hearts.CheckHand(n, &lh)
		r := &rep.Hands[i]
		r.Method, r.Determined = MethodByPlayer, true
		r.Verified = len(vs) == 0
		if r.Verified {
			r.Assignments = 1
		}
		for k := range r.Seats {
			r.Seats[k] = int8(k % n)
		}
		alts.add(0, hearts.AddPoints([hearts.MaxPlayers]int{}, n, &lh, &hr))
		alts.done(g, i, r)
		for _, d := range vs {
			col := 0
			_, row := h.Locate(max(d.Seat, 0))
			switch {
			case d.Code == hearts.CodeScore:
				col = int(row.ScoreCol) // the pos's own file: only logged scores can mismatch
			case d.Trick > 0 && d.Seat >= 0:
				col = int(row.CardCol[(d.Trick-1)*n+d.Seat])
			}
			rep.deviate(g, i, d.Trick, d.Seat, col, d.Code, "%s", d.Msg)
		}
	}
	return alts
}

// reversePlay reads every hand in reverse play order; it reports false,
// changing nothing, unless every hand obeys the rules so and one seating of
// the players explains every hand's scores.
func (v *Verifier) reversePlay(g *Game, rep *Report) (*alternatives, bool) {
	n := g.Players
	readings := make([]reverseReading, len(g.Hands))
	cyc := ^uint32(0)
	for i := range g.Hands {
		readings[i] = readReverse(&g.Hands[i], n)
		if !readings[i].ok {
			return nil, false
		}
		cyc &= cycles(n, readings[i].seatings)
		if cyc == 0 {
			return nil, false
		}
	}
	// The seatings of one cyclic order go together: one coupling each.
	var classes []uint32
	for c := range perms[n] {
		if cyc&(1<<c) != 0 {
			classes = append(classes, 1<<c)
		}
	}
	alts := newAlternatives(g, len(classes))
	for i := range g.Hands {
		rd, r := &readings[i], &rep.Hands[i]
		seats := withCycles(n, rd.seatings, cyc)
		r.Method, r.Verified = MethodReversePlay, true
		r.Assignments = min(bits.OnesCount32(seats), 2)
		r.Determined = r.Assignments == 1
		for c, class := range classes {
			for j := range perms[n] {
				if withCycles(n, rd.seatings, class)&(1<<j) != 0 {
					alts.add(c, byPos(perms[n][j], rd.points, n))
				}
			}
		}
		alts.done(g, i, r)
		first := bits.TrailingZeros32(seats)
		for k := range r.Seats {
			r.Seats[k] = -1
			if r.Determined {
				r.Seats[k] = perms[n][first][rd.rel[k]]
			}
		}
	}
	return alts, true
}

// byPos returns points by relative seat as points by pos under seating p.
func byPos(p [hearts.MaxPlayers]int8, points [hearts.MaxPlayers]int, n int) [hearts.MaxPlayers]int {
	var out [hearts.MaxPlayers]int
	for rel := range n {
		out[p[rel]] = points[rel]
	}
	return out
}

func (v *Verifier) searched(g *Game, rep *Report) *alternatives {
	n := g.Players
	alts := newAlternatives(g, 1)
	handStates, left := v.budgets()
	for i := range g.Hands {
		h, r := &g.Hands[i], &rep.Hands[i]
		// Two assignments are enough to know a hand is not determined,
		// unless a player without a file makes its scores matter too.
		limit := uint64(2)
		for p := range n {
			if !h.Logged[p] {
				limit = math.MaxUint64
			}
		}
		budget := min(handStates, left)
		res := v.s.search(h, n, true, limit, limit == math.MaxUint64, budget)
		r.Method, r.States, left = MethodSearched, res.states, max(left-res.states, 0)
		r.Assignments = int(min(res.count, 2))
		r.Verified, r.Determined = res.count > 0, res.count == 1
		for k := range r.Seats {
			r.Seats[k] = -1
			if r.Determined {
				r.Seats[k] = res.seats[k]
			}
		}
		if limit < math.MaxUint64 {
			alts.add(0, h.Score) // every pos has a file: whatever the order
		} else if r.Verified && !res.scores.over {
			for _, x := range res.scores.list() {
				alts.add(0, x)
			}
		}
		alts.done(g, i, r)
		if res.exhausted {
			v.notRecovered(g, rep, i, budget == handStates)
			continue
		}
		if r.Verified {
			continue
		}
		_, row := h.Locate(0)
		budget = min(handStates-r.States, left)
		loose := v.s.search(h, n, false, 1, false, budget)
		r.States, left = r.States+loose.states, max(left-loose.states, 0)
		switch {
		case loose.exhausted:
			// The search with the scores was complete: the hand is wrong,
			// only whether its tricks can be played legally is not known.
			rep.deviate(g, i, 0, -1, int(row.CardCol[0]), hearts.CodeScore,
				"no legal reading gives the logged scores %v (whether any reading obeys the rules was not settled within the search's budget)", loggedScores(h, n))
		case loose.count > 0:
			rep.deviate(g, i, 0, -1, int(row.CardCol[0]), hearts.CodeScore,
				"the tricks can be played legally, but no legal reading gives the logged scores %v", loggedScores(h, n))
		default:
			rep.deviate(g, i, 0, -1, int(row.CardCol[0]), CodeNoLegalOrder,
				"no assignment of the cards to the %d players obeys the rules", n)
		}
	}
	return alts
}

// notRecovered records that the search of hand i ran past its budget: the
// hand's own (all of it when hand is true) or what was left of the game's.
// The hand has no verdict: not verified, and no deviation but this one.
func (v *Verifier) notRecovered(g *Game, rep *Report, i int, hand bool) {
	h := &g.Hands[i]
	rep.Hands[i].NotRecovered = true
	handStates, gameStates := v.budgets()
	budget := fmt.Sprintf("when the game's budget of %d states ran out", gameStates)
	if hand {
		budget = fmt.Sprintf("past the hand's budget of %d states", handStates)
	}
	_, row := h.Locate(0)
	rep.deviate(g, i, 0, -1, int(row.CardCol[0]), CodeNotRecovered,
		"who played each card was not recovered: the order search stopped %s, so the hand's rules and scores are not checked", budget)
}

func loggedScores(h *Hand, n int) string {
	s := ""
	for p := range n {
		if p > 0 {
			s += ","
		}
		if h.Logged[p] {
			s += fmt.Sprint(h.Score[p])
		} else {
			s += "?"
		}
	}
	return "[" + s + "]"
}

// VerifyAll verifies games on the given number of goroutines (at least
// one) and returns their reports in the games' order.
func VerifyAll(games []*Game, workers int) []*Report {
	reports := make([]*Report, len(games))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			var v Verifier
			for i := range next {
				reports[i] = v.Verify(games[i])
			}
		})
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	return reports
}
