package replay

import (
	"fmt"
	"sort"

	"github.com/ginlog/ginlog/gin"
)

// Result is everything Check finds in a game.
type Result struct {
	Rounds     []RoundCheck
	Violations []Violation
	Features   []Feature
}

// Check replays g through the rules engine. Each play is checked against
// the state the previous plays left; after a violation the replay carries
// on from what the log shows, so one defect is reported once, where it
// happens.
func Check(g *Game) Result {
	var res Result
	var totals [2]int
	for i := range g.Rounds {
		r := &g.Rounds[i]
		if i > 0 && gin.GameOver(totals[gin.You], totals[gin.Opp]) {
			res.violate(r.Number, 1, CodeGameContinues, "the game was over after round %d (%d to %d)", g.Rounds[i-1].Number, totals[gin.You], totals[gin.Opp])
		}
		checkRound(r, &res)
		totals[gin.You] += r.Points[gin.You]
		totals[gin.Opp] += r.Points[gin.Opp]
	}
	if n := len(g.Rounds); n > 0 && !gin.GameOver(totals[gin.You], totals[gin.Opp]) {
		last := &g.Rounds[n-1]
		res.violate(last.Number, len(last.Plays), CodeGameUnfinished, "the game ends at %d to %d", totals[gin.You], totals[gin.Opp])
	}
	sort.SliceStable(res.Violations, func(i, j int) bool {
		a, b := res.Violations[i], res.Violations[j]
		return a.Round < b.Round || a.Round == b.Round && a.Ply < b.Ply
	})
	return res
}

func (res *Result) violate(round, ply int, code, format string, args ...any) {
	res.Violations = append(res.Violations, Violation{Round: round, Ply: ply, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// roundState is what the replay knows while it walks a round.
type roundState struct {
	hands     [2]gin.Hand
	deadwood  [2]int // the optimum of hands, when known
	known     [2]bool
	pile      gin.Hand // cards in the discard pile
	stockSeen gin.Hand // cards drawn from the stock
	stock     int      // stock draws so far
	turns     [2]int
	endPly    int      // the ply after which the round had to end, 0 while it may go on
	last      gin.Seat // the seat of the previous play
	top       gin.Card // the top of the pile before the next play
}

// checkRound replays r play by play into res, then checks how it ended.
func checkRound(r *Round, res *Result) {
	n := len(r.Plays)
	if n == 0 {
		return
	}
	st := roundState{top: r.Plays[0].Top}
	st.pile = gin.HandOf(st.top)
	rc := RoundCheck{Round: r.Number, Plays: n, FirstMover: r.Plays[0].Seat}
	for i := range r.Plays {
		st.play(r, i, res)
	}
	st.end(r, &rc, res)
	res.Rounds = append(res.Rounds, rc)
}

// checkSequence checks that the i-th play of r follows the one before: the
// other seat's turn, in a round not over yet, drawing from the pile the
// previous discard left, and listing the drawn card first.
func (st *roundState) checkSequence(r *Round, i int, res *Result) {
	p := &r.Plays[i]
	ply := i + 1
	a := p.Seat
	if i > 0 && a == st.last {
		res.violate(r.Number, ply, CodeNotAlternating, "%s plays twice in a row", a)
	}
	if st.endPly > 0 && ply == st.endPly+1 {
		res.violate(r.Number, ply, CodeRoundTooLong, "the round had to end after ply %d", st.endPly)
	}
	if i > 0 && p.Top != st.top {
		res.violate(r.Number, ply, CodeTopMismatch, "top of the pile %s, but %s was discarded last", p.Top, st.top)
	}
	if !p.DrawnFirst {
		res.violate(r.Number, ply, CodeDrawnNotFirst, "the drawn card %s is not listed first", p.Drawn)
	}
	if p.Drawn == p.Discarded {
		res.violate(r.Number, ply, CodeDiscardDrawn, "%s discarded the card it drew, %s", a, p.Drawn)
	}
}

// play replays the i-th play of r: it checks the play against the state
// the previous plays left, records the play's features, and carries on
// from what the log shows.
func (st *roundState) play(r *Round, i int, res *Result) {
	p := &r.Plays[i]
	ply := i + 1
	a := p.Seat
	st.checkSequence(r, i, res)
	fromDiscard := p.Drawn == p.Top
	stockLeft := gin.StockSize - st.stock
	before := st.hands[a]
	other := st.hands[a.Other()]
	if !st.known[a] {
		before = p.Before()
		if both := before & (other | st.pile); both != 0 {
			res.violate(r.Number, ply, CodeCardTwice, "%s held %s, already elsewhere", a, both)
		}
		st.known[a] = true
	}
	if fromDiscard {
		st.pile = st.pile.Remove(p.Top)
	} else {
		st.stock++
		if st.stock == gin.StockSize && st.endPly == 0 {
			st.endPly = ply
		}
		if seen := st.stockSeen | st.pile | other | before; seen.Has(p.Drawn) {
			res.violate(r.Number, ply, CodeStockTwice, "%s drawn from the stock was already seen", p.Drawn)
		}
		st.stockSeen = st.stockSeen.Add(p.Drawn)
	}
	if ply == gin.MaxPlays && st.endPly == 0 {
		st.endPly = ply
	}
	held := before.Add(p.Drawn)
	switch {
	case p.Drawn != p.Discarded && (!held.Has(p.Discarded) || p.Hand.Has(p.Discarded)):
		res.violate(r.Number, ply, CodeDiscardNotHeld, "%s discarded %s, which it did not hold", a, p.Discarded)
	case p.Drawn != p.Discarded && held.Remove(p.Discarded) != p.Hand:
		res.violate(r.Number, ply, CodeHandMismatch, "hand %s, but %s plus %s minus %s is %s",
			p.Hand, before, p.Drawn, p.Discarded, held.Remove(p.Discarded))
	}
	st.turns[a]++
	dwBefore := st.deadwood[a]
	if st.turns[a] == 1 {
		dwBefore = gin.Deadwood(before)
	}
	f := feature(r, ply, p, before, dwBefore, st.turns[a], stockLeft, i == len(r.Plays)-1)
	res.Features = append(res.Features, f)
	st.pile = st.pile.Add(p.Discarded)
	st.hands[a] = p.Hand // carry on from what the log shows
	st.deadwood[a] = f.DeadwoodAfter
	if held.Remove(p.Discarded) != p.Hand {
		st.deadwood[a] = gin.Deadwood(p.Hand)
	}
	st.top = p.Discarded
	st.last = a
}

// end checks how r ended, after its plays: called by the seat that played
// last, not on a player's first turn, and dropped only when the stock or
// the plays ran out. It fills in rc the round's end and the explanation of
// its score.
func (st *roundState) end(r *Round, rc *RoundCheck, res *Result) {
	n := len(r.Plays)
	lastPlay := r.Plays[n-1]
	switch {
	case r.Caller != lastPlay.Seat:
		res.violate(r.Number, n, CodeCallNotLast, "the score file names %s as the caller, but %s made the last play",
			r.Caller, lastPlay.Seat)
	case r.Action != gin.Drop && n <= 2:
		res.violate(r.Number, n, CodeEarlyCall, "%v on ply %d, a player's first turn", r.Action, n)
	case r.Action == gin.Drop && st.stock < gin.StockSize && n < gin.MaxPlays:
		res.violate(r.Number, n, CodeEarlyDrop, "the round ended without a call after %d stock draws and %d plays", st.stock, n)
	}
	rc.StockDraws = st.stock
	rc.EndedByStock = r.Action == gin.Drop && st.stock == gin.StockSize
	rc.EndedByPlayCap = r.Action == gin.Drop && n == gin.MaxPlays
	rc.FinalYou, rc.FinalOpp = st.hands[gin.You], st.hands[gin.Opp]
	rc.MeldedYou = rc.FinalYou &^ gin.Arrange(rc.FinalYou).Deadwood
	rc.MeldedOpp = rc.FinalOpp &^ gin.Arrange(rc.FinalOpp).Deadwood
	explain(r, rc)
	if rc.Status == Impossible {
		res.violate(r.Number, n, CodeImpossible, "%v by %s scored %d to %d: best deadwood %d (you) and %d (opp) allow no such score",
			r.Action, r.Caller, r.Points[gin.You], r.Points[gin.Opp], rc.BestYou, rc.BestOpp)
	}
}

// explain finds the declarations that give the logged score. The caller is
// column 5 of the score row; its declaration must be 0 for Gin and at most
// 10 for Knock.
func explain(r *Round, rc *RoundCheck) {
	c := r.Caller
	final := [2]gin.Hand{rc.FinalYou, rc.FinalOpp}
	best := [2]int{gin.Deadwood(final[gin.You]), gin.Deadwood(final[gin.Opp])}
	rc.BestYou, rc.BestOpp = best[gin.You], best[gin.Opp]
	logged := r.Points
	allowed := func(dc int) bool {
		return r.Action == gin.Drop || r.Action == gin.Gin && dc == 0 || r.Action == gin.Knock && dc <= gin.KnockLimit
	}
	exp := scoreOf(r.Action, c, best)
	rc.ExpectedYou, rc.ExpectedOpp = exp[gin.You], exp[gin.Opp]
	rc.DeclaredYou, rc.DeclaredOpp = best[gin.You], best[gin.Opp]
	if allowed(best[c]) && exp == logged {
		rc.Status, rc.Explanations = Exact, 1
		return
	}
	// net returns side s's lead in a round scored pts.
	net := func(s gin.Seat, pts [2]int) int { return pts[s] - pts[s.Other()] }
	reach := [2]gin.Values{gin.ReachableDeadwood(final[gin.You]), gin.ReachableDeadwood(final[gin.Opp])}
	found := false
	var bestLost, bestDev [2]int
	for _, dc := range reach[c].List() {
		if !allowed(dc) {
			continue
		}
		for _, do := range reach[c.Other()].List() {
			var decl [2]int
			decl[c], decl[c.Other()] = dc, do
			if scoreOf(r.Action, c, decl) != logged {
				continue
			}
			rc.Explanations++
			// What each side lost by its own declaration, the other
			// declaring as it did.
			var lost [2]int
			for _, s := range [...]gin.Seat{gin.You, gin.Opp} {
				opt := decl
				opt[s] = best[s]
				if s == c && !allowed(best[s]) {
					continue
				}
				lost[s] = max(0, net(s, scoreOf(r.Action, c, opt))-net(s, logged))
			}
			dev := [2]int{decl[gin.You] - best[gin.You], decl[gin.Opp] - best[gin.Opp]}
			if !found || lost[0]+lost[1] < bestLost[0]+bestLost[1] ||
				lost[0]+lost[1] == bestLost[0]+bestLost[1] && dev[0]+dev[1] < bestDev[0]+bestDev[1] {
				found, bestLost, bestDev = true, lost, dev
				rc.DeclaredYou, rc.DeclaredOpp = decl[gin.You], decl[gin.Opp]
				rc.LostYou, rc.LostOpp = lost[gin.You], lost[gin.Opp]
			}
		}
	}
	if found {
		rc.Status = Explained
		return
	}
	rc.Status = Impossible
}

// scoreOf scores a round with caller c and declarations decl per seat.
func scoreOf(call gin.Call, c gin.Seat, decl [2]int) [2]int {
	var pts [2]int
	pts[c], pts[c.Other()] = gin.RoundScore(call, decl[c], decl[c.Other()])
	return pts
}
