package logs

import (
	"github.com/ginlog/ginlog/hearts"
)

// alternatives are the scores each hand of a game may have given, for the
// end check, folded hand by hand, in order, into the totals the game may
// have reached: one set of totals per coupling. The readings of hands are
// independent except in reverse play order, where every hand of a game has
// one cyclic seating: there each seating cycle is a coupling.
//
// Nothing is kept per hand but the hand's Points, so memory does not grow
// with the hands: each coupling holds at most maxTotals totals, and spends
// at most maxEndSteps additions of a hand's vector to a total over the
// game. A coupling that would need more stops with its totals unknown, as
// does one given a hand whose scores are not known (a player without a
// file whose points the search did not collect, or a hand whose order was
// not recovered): the end is then checked only if the points of every hand
// are known after all, or under another coupling.
type alternatives struct {
	n, last int
	cur     [][][hearts.MaxPlayers]int // the current hand's vectors, by coupling
	follow  []follower                 // by coupling
	reasons endReasons                 // why no total ended the game right, gathered as they are followed
}

// maxTotals bounds the totals a coupling follows when the readings of the
// hands leave the totals open.
const maxTotals = 1 << 16

// maxEndSteps bounds the additions of a hand's score vector to a total
// that following one coupling makes over a game: about a second. The real
// logs' games need at most 6,000; simulated games of 8 to 26 hands with one
// player's file 2 to 14 million. The bound on maxTotals alone would let
// every hand cost maxTotals times the hand's vectors (up to 512), whatever
// the number of hands.
const maxEndSteps = 1 << 25

func newAlternatives(g *Game, couplings int) *alternatives {
	a := &alternatives{n: g.Players, last: len(g.Hands) - 1,
		cur: make([][][hearts.MaxPlayers]int, couplings), follow: make([]follower, couplings)}
	for c := range a.follow {
		a.follow[c].totals = map[[hearts.MaxPlayers]int]bool{{}: true}
	}
	return a
}

// add records that the current hand may have given x under coupling c.
func (a *alternatives) add(c int, x [hearts.MaxPlayers]int) {
	for _, y := range a.cur[c] {
		if y == x {
			return
		}
	}
	a.cur[c] = append(a.cur[c], x)
}

// done closes the current hand, hand i of g (the hands come in order),
// reported by r: it sets r's Points, known when every coupling gives the
// hand one and the same vector, the logged scores otherwise; then it folds
// the hand's vectors into each coupling's totals. A coupling given no
// vector leaves the hand's scores open.
func (a *alternatives) done(g *Game, i int, r *HandReport) {
	r.Points, r.PointsKnown = g.Hands[i].Score, len(a.cur) > 0
	for c := range a.cur {
		list := a.cur[c]
		if len(list) != 1 || list[0] != a.cur[0][0] {
			r.PointsKnown = false
			break
		}
	}
	if r.PointsKnown {
		r.Points = a.cur[0][0]
	}
	for c := range a.follow {
		a.follow[c].add(&a.reasons, a.cur[c], a.n, i < a.last)
		a.cur[c] = a.cur[c][:0]
	}
}

// follower follows the totals one coupling's readings of the hands give.
type follower struct {
	totals, next map[[hearts.MaxPlayers]int]bool // next is scratch space
	steps        int                             // additions made, at most maxEndSteps
	stopped      bool                            // the totals are unknown
}

// add adds a hand's vectors to every total; a total over before the last
// hand (more is true) is dropped.
func (f *follower) add(r *endReasons, list [][hearts.MaxPlayers]int, n int, more bool) {
	if f.stopped {
		return
	}
	work := len(f.totals) * len(list)
	if len(list) == 0 || f.steps+work > maxEndSteps {
		f.stop(r)
		return
	}
	f.steps += work
	if f.next == nil {
		f.next = make(map[[hearts.MaxPlayers]int]bool, min(len(f.totals)*len(list), maxTotals+1))
	}
	clear(f.next)
	for t := range f.totals {
		for _, x := range list {
			var u [hearts.MaxPlayers]int
			for p := range n {
				u[p] = t[p] + x[p]
			}
			if more && hearts.GameOver(u[:n], hearts.DefaultLimit) {
				r.continued = true
				continue
			}
			f.next[u] = true
			if len(f.next) > maxTotals {
				f.stop(r)
				return
			}
		}
	}
	f.totals, f.next = f.next, f.totals
}

// stop gives up following: the totals are not known.
func (f *follower) stop(r *endReasons) {
	r.unknown, f.stopped = true, true
	f.totals, f.next = nil, nil
}

// checkEnd checks that first is the same on every hand and that the game
// ends exactly when the end rule first holds, with first naming a highest
// total. When the totals are known it infers the limit; otherwise (players
// without a file whose scores the readings leave open) it asks whether
// some reading of every hand ends the game right with the default limit.
func checkEnd(g *Game, rep *Report, alts *alternatives) {
	n, last, first := g.Players, len(g.Hands)-1, g.Hands[0].First
	for i := range g.Hands {
		if g.Hands[i].First != first {
			_, row := g.Hands[i].Locate(0)
			rep.deviate(g, i, 0, -1, firstCol(row), CodeFirst, "first %d, but %d on the game's first hand", g.Hands[i].First, first)
			break
		}
	}
	known := true
	for i := range g.Hands {
		known = known && rep.Hands[i].PointsKnown
	}
	if known {
		checkKnownEnd(g, rep)
		return
	}
	reasons := alts.reasons
	for c := range alts.follow {
		if f := &alts.follow[c]; !f.stopped && reasons.endsRight(f.totals, n, first) {
			return
		}
	}
	_, row := g.Hands[last].Locate(0)
	switch {
	case reasons.unknown:
		rep.deviate(g, last, 0, -1, 0, CodeEndUnknown, "the scores of the players without a file are not known well enough to check the end")
	case reasons.overFirstLow:
		rep.deviate(g, last, 0, first, firstCol(row), CodeFirst, "under every reading of the hands that ends the game here, pos %d's total is not the highest", first)
	case reasons.open:
		rep.deviate(g, last, 0, -1, 0, hearts.CodeUnfinished, "under no reading of the hands is the game over with limit %d", rep.Limit)
	default:
		rep.deviate(g, last, 0, -1, 0, hearts.CodeContinues, "under every reading of the hands the game was over before its last hand")
	}
}

// endReasons gathers why no reading ended a game right.
type endReasons struct {
	unknown      bool // a hand's scores are not known at all, or too many totals
	overFirstLow bool // over at the end, but first is not a highest total
	open         bool // not over at the end
	continued    bool // over before the end
}

// endsRight reports whether one of the totals after the last hand ends
// the game there with first a highest total.
func (r *endReasons) endsRight(totals map[[hearts.MaxPlayers]int]bool, n, first int) bool {
	for t := range totals {
		if !hearts.GameOver(t[:n], hearts.DefaultLimit) {
			r.open = true
			continue
		}
		if highest(t[:n]) == t[first] {
			return true
		}
		r.overFirstLow = true
	}
	return false
}

func highest(totals []int) int {
	h := totals[0]
	for _, t := range totals[1:] {
		h = max(h, t)
	}
	return h
}

// checkKnownEnd checks the end of a game whose every score is known.
func checkKnownEnd(g *Game, rep *Report) {
	n, last, first := g.Players, len(g.Hands)-1, g.Hands[0].First
	running := make([][hearts.MaxPlayers]int, len(g.Hands))
	shares := make([][]int, len(g.Hands))
	var totals [hearts.MaxPlayers]int
	for i := range g.Hands {
		for p := range n {
			totals[p] += rep.Hands[i].Points[p]
		}
		running[i] = totals
		shares[i] = running[i][:n]
	}
	rep.TotalsKnown, rep.Totals = true, totals
	var ok bool
	rep.LimitLo, rep.LimitHi, ok = hearts.Limits(shares)
	if ok {
		rep.Limit = hearts.LikelyLimit(rep.LimitLo, rep.LimitHi)
	}
	for _, d := range hearts.CheckEnd(running, n, rep.Limit) {
		rep.deviate(g, d.Hand-1, 0, -1, 0, d.Code, "%s", d.Msg)
	}
	if high := highest(totals[:n]); totals[first] != high {
		_, row := g.Hands[last].Locate(0)
		rep.deviate(g, last, 0, first, firstCol(row), CodeFirst,
			"first names pos %d with %d points, but the highest total is %d (totals %v)", first, totals[first], high, totals[:n])
	}
}
