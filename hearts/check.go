package hearts

import (
	"fmt"
	"slices"

	"github.com/ginlog/ginlog/gin"
)

// Log is a game as a log records it once the player of every card is known:
// for each hand, the card each seat played in each trick, and the points the
// log gives each seat.
type Log struct {
	Players int
	Limit   int // the total that ends the game; 0 means DefaultLimit
	Hands   []LogHand
}

// LogHand is one hand of a Log.
type LogHand struct {
	Tricks [][MaxPlayers]gin.Card // by seat
	Points [MaxPlayers]int        // as logged
	Logged [MaxPlayers]bool       // which seats' points the log holds
}

// The codes of the deviations Check finds besides rule violations (whose
// codes Code gives). Stable: stored in the database.
const (
	CodeNotADeal   = "not-a-deal"      // the tricks do not hold the whole deck once, one card per seat each
	CodeScore      = "score"           // logged points differ from what the tricks give, moon included
	CodeContinues  = "game-continues"  // a hand played after the game was over
	CodeUnfinished = "game-unfinished" // the game stops before it is over
)

// Codes lists every deviation code of Check with what it means.
var Codes = [][2]string{
	{"lead", ErrLead.Error()},
	{"bleeding", ErrBleeding.Error()},
	{"breaking", ErrBreaking.Error()},
	{"renege", ErrRenege.Error()},
	{CodeNotADeal, "the tricks do not hold the whole deck once, one card per seat each"},
	{CodeScore, "the logged points differ from what the tricks give, moon included"},
	{CodeContinues, "a hand was played after the game was over"},
	{CodeUnfinished, "the game stops before a total reached the limit with one player lowest"},
}

// Violation is a deviation from the rules, located at a hand (from 1), a
// trick (from 1; 0 for the hand's score or the game's end) and a seat (-1
// when no seat is at fault).
type Violation struct {
	Hand  int
	Trick int
	Seat  int
	Code  string
	Msg   string
}

// HandResult is what Check finds in one hand.
type HandResult struct {
	Leader int             // the seat that held the two of clubs
	Taken  [MaxPlayers]int // points taken in tricks
	Points [MaxPlayers]int // points scored by the rules, moon included
	Moon   int             // the seat that shot the moon, or -1
	Legal  bool            // every play followed the rules
	Scored bool            // every logged score is the rules' score
}

// Result is everything Check finds in a game.
type Result struct {
	Hands      []HandResult
	Violations []Violation
	Totals     [MaxPlayers]int // the running totals after the last hand
	Limit      int
}

// Verified reports whether the game broke no rule.
func (r *Result) Verified() bool { return len(r.Violations) == 0 }

// Check replays every hand of a log through the rules: each play against
// what its player held, each score against the tricks (moon included), and
// the end of the game against the limit. After a violation the replay
// carries on from what the log shows, so each defect is reported once,
// where it happens. The running totals use the logged points where the log
// has them and the rules' points elsewhere.
func Check(g *Log) Result {
	res := Result{Limit: g.Limit, Hands: make([]HandResult, len(g.Hands))}
	if res.Limit == 0 {
		res.Limit = DefaultLimit
	}
	n := g.Players
	if !ValidPlayers(n) {
		res.Violations = append(res.Violations, Violation{Hand: 1, Seat: -1, Code: CodeNotADeal, Msg: fmt.Sprintf("%d players: want 2 or 4", n)})
		return res
	}
	running := make([][MaxPlayers]int, len(g.Hands))
	for i := range g.Hands {
		h := &g.Hands[i]
		hr, vs := CheckHand(n, h)
		for _, v := range vs {
			v.Hand = i + 1
			res.Violations = append(res.Violations, v)
		}
		res.Hands[i] = hr
		res.Totals = AddPoints(res.Totals, n, h, &hr)
		running[i] = res.Totals
	}
	res.Violations = append(res.Violations, CheckEnd(running, n, res.Limit)...)
	slices.SortStableFunc(res.Violations, func(a, b Violation) int { return a.Hand - b.Hand })
	return res
}

// AddPoints returns totals plus a hand's points: the logged points where the
// log has them, the rules' points (hr) elsewhere.
func AddPoints(totals [MaxPlayers]int, n int, h *LogHand, hr *HandResult) [MaxPlayers]int {
	for s := range n {
		if h.Logged[s] {
			totals[s] += h.Points[s]
		} else {
			totals[s] += hr.Points[s]
		}
	}
	return totals
}

// CheckEnd checks where a game of n seats ends, given its running totals
// after each hand: over after the last hand with the limit, and not before.
func CheckEnd(running [][MaxPlayers]int, n, limit int) []Violation {
	var vs []Violation
	for i := 1; i < len(running); i++ {
		if GameOver(running[i-1][:n], limit) {
			vs = append(vs, Violation{Hand: i + 1, Seat: -1, Code: CodeContinues,
				Msg: fmt.Sprintf("the game was over after hand %d at %v", i, running[i-1][:n])})
		}
	}
	if k := len(running); k > 0 && !GameOver(running[k-1][:n], limit) {
		vs = append(vs, Violation{Hand: k, Seat: -1, Code: CodeUnfinished,
			Msg: fmt.Sprintf("the game stops at %v, not over with limit %d", running[k-1][:n], limit)})
	}
	return vs
}

// CheckHand replays one hand of n seats as Check does. Its violations leave
// Hand 0 for the caller to set.
func CheckHand(n int, h *LogHand) (HandResult, []Violation) {
	var vs []Violation
	hr := replayHand(n, h, func(trick, seat int, code, format string, args ...any) {
		vs = append(vs, Violation{Trick: trick, Seat: seat, Code: code, Msg: fmt.Sprintf(format, args...)})
	})
	return hr, vs
}

// Judge replays one hand as CheckHand does, but only says whether it is
// legal and scored right (HandResult.Legal and Scored), without describing
// its violations: the fast test of a reading.
func Judge(n int, h *LogHand) HandResult {
	return replayHand(n, h, nil)
}

// replayHand replays one hand and reports each violation to violate, when
// it is not nil.
func replayHand(n int, h *LogHand, violate func(trick, seat int, code, format string, args ...any)) HandResult {
	hr := HandResult{Legal: true, Scored: true, Moon: -1}
	var held [MaxPlayers]gin.Hand
	var all gin.Hand
	dup := false
	for _, t := range h.Tricks {
		for s := range n {
			dup = dup || all.Has(t[s])
			all = all.Add(t[s])
			held[s] = held[s].Add(t[s])
		}
	}
	if dup || all != gin.FullDeck || len(h.Tricks) != TricksPerHand(n) {
		if violate != nil {
			violate(0, -1, CodeNotADeal, "%d tricks holding %d distinct cards", len(h.Tricks), all.Len())
		}
		hr.Legal, hr.Scored = false, false
		return hr
	}
	for s := range n {
		if held[s].Has(TwoOfClubs) {
			hr.Leader = s
		}
	}
	leader := hr.Leader
	var played gin.Hand
	for ti, cards := range h.Tricks {
		t := Trick{Leader: leader, Cards: cards}
		led := cards[leader].Suit()
		for i := range n {
			s := (leader + i) % n
			sit := Situation{Held: held[s], First: ti == 0, Broken: played&HeartCards != 0, Leads: i == 0, Led: led}
			if err := CheckPlay(cards[s], sit); err != nil {
				hr.Legal = false
				if violate != nil {
					violate(ti+1, s, Code(err), "seat %d played %v holding %v: %v", s, cards[s], held[s], err)
				}
			}
			held[s] = held[s].Remove(cards[s])
		}
		for _, c := range cards[:n] {
			played = played.Add(c)
		}
		leader = t.Winner(n)
		hr.Taken[leader] += t.Points(n)
	}
	hr.Points, hr.Moon = Score(n, hr.Taken)
	for s := range n {
		if h.Logged[s] && h.Points[s] != hr.Points[s] {
			hr.Scored = false
			if violate != nil {
				violate(0, s, CodeScore, "seat %d logged %d points, the tricks give %d (taken %v)", s, h.Points[s], hr.Points[s], hr.Taken[:n])
			}
		}
	}
	return hr
}

// Log returns the game as its log would record it, every seat's points
// logged.
func (g *GameRecord) Log() Log {
	l := Log{Players: g.Players, Limit: g.Limit, Hands: make([]LogHand, len(g.Hands))}
	for i, h := range g.Hands {
		lh := &l.Hands[i]
		lh.Tricks = make([][MaxPlayers]gin.Card, len(h.Tricks))
		for j, t := range h.Tricks {
			lh.Tricks[j] = t.Cards
		}
		lh.Points = h.Points
		for s := range g.Players {
			lh.Logged[s] = true
		}
	}
	return l
}
