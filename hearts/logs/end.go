package logs

import (
	"github.com/ginlog/ginlog/hearts"
)

// alternatives are the scores each hand of a game may have given, for the
// end check: scores[c][i] lists the score vectors (points by pos) that hand
// i may have given under coupling c. The readings of hands are independent
// except in reverse play order, where every hand of a game has one cyclic
// seating: there each seating cycle is a coupling. An empty list means the
// hand's scores are not known.
type alternatives struct {
	scores [][][][hearts.MaxPlayers]int
}

func newAlternatives(couplings, hands int) alternatives {
	a := alternatives{scores: make([][][][hearts.MaxPlayers]int, couplings)}
	for c := range a.scores {
		a.scores[c] = make([][][hearts.MaxPlayers]int, hands)
	}
	return a
}

// add records that hand i may have given x under coupling c.
func (a *alternatives) add(c, i int, x [hearts.MaxPlayers]int) {
	for _, y := range a.scores[c][i] {
		if y == x {
			return
		}
	}
	a.scores[c][i] = append(a.scores[c][i], x)
}

// fill sets each hand's Points: known when every coupling gives the hand
// one and the same vector, the logged scores otherwise.
func (a *alternatives) fill(g *Game, rep *Report) {
	for i := range g.Hands {
		r := &rep.Hands[i]
		r.Points, r.PointsKnown = g.Hands[i].Score, len(a.scores) > 0
		for c := range a.scores {
			list := a.scores[c][i]
			if len(list) != 1 || list[0] != a.scores[0][i][0] {
				r.PointsKnown = false
				break
			}
		}
		if r.PointsKnown {
			r.Points = a.scores[0][i][0]
		}
	}
}

// maxTotals bounds the totals the end check follows when the readings of
// the hands leave the totals open.
const maxTotals = 1 << 16

// checkEnd checks that first is the same on every hand and that the game
// ends exactly when the end rule first holds, with first naming a highest
// total. When the totals are known it infers the limit; otherwise (players
// without a file whose scores the readings leave open) it asks whether
// some reading of every hand ends the game right with the default limit.
func checkEnd(g *Game, rep *Report, alts alternatives) {
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
	var reasons endReasons
	for c := range alts.scores {
		if reasons.follow(alts.scores[c], n, first) {
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

// follow follows every total that the score vectors of the hands can give,
// and reports whether one of them ends the game at its last hand with
// first a highest total.
func (r *endReasons) follow(hands [][][hearts.MaxPlayers]int, n, first int) bool {
	totals := map[[hearts.MaxPlayers]int]bool{{}: true}
	for i, list := range hands {
		if len(list) == 0 {
			r.unknown = true
			return false
		}
		next := make(map[[hearts.MaxPlayers]int]bool, len(totals)*len(list))
		for t := range totals {
			for _, x := range list {
				var u [hearts.MaxPlayers]int
				for p := range n {
					u[p] = t[p] + x[p]
				}
				if i < len(hands)-1 && hearts.GameOver(u[:n], hearts.DefaultLimit) {
					r.continued = true
					continue
				}
				next[u] = true
			}
		}
		if len(next) > maxTotals {
			r.unknown = true
			return false
		}
		totals = next
	}
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
