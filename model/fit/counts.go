package fit

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
)

// drawKey is a draw-model feature vector.
type drawKey [model.NumDrawFeatures]int8

// The tables whose samples are counted by game, for Support.
const (
	tableKeep       = iota // cards held as deadwood after a play
	tableKnock             // knocks at deadwood 0 to 10
	tableHandValues        // plays
	tableCalls             // the modelled player's calls
	tableOppKnocks         // the modelled player's knocks
	tableRace              // plays, by the other side's deadwood too
	tableTakes             // face-up cards offered to the modelled player
	tableHandCalls         // the modelled player's turns where it could call
	numTables
)

// counts accumulates what Fit learns while it walks the games. Its size
// does not grow with the games but for draw, one entry per distinct
// feature vector (at most a few thousand).
type counts struct {
	learn [2]bool // by side (you, opp): whose draws and calls are learnt
	// the draw model: for each distinct feature vector, takes and offers
	draw map[drawKey][2]int
	// the keep values
	melded, held [model.NumRankGroups][model.NumRelations][model.NumPhases]int
	// the knock policy
	knockWon, knocks [model.NumKnockDeadwoods][model.NumPhases]int
	knockNet         [model.NumKnockDeadwoods][model.NumPhases]float64
	// the hand values: sums and counts of net round points
	valueSum [model.MaxValueDeadwood + 1][model.NumPhases]float64
	valueN   [model.MaxValueDeadwood + 1][model.NumPhases]int
	// the modelled player's calls, by phase of the calling turn
	oppTurns, oppCalls, oppGins, oppKnocks [model.NumPhases]int
	oppKnockDW                             [model.NumPhases]float64
	// the race values: sums and counts of net round points
	raceSum [model.MaxValueDeadwood + 1][model.NumRaceBuckets][model.NumPhases]float64
	raceN   [model.MaxValueDeadwood + 1][model.NumRaceBuckets][model.NumPhases]int
	// the hand policy of the modelled player: takes, calls and discards
	// that left the least deadwood, out of their opportunities
	takes, offers          [model.NumTakeRelations][model.NumPhases]int
	calls, callChances     [model.NumKnockDeadwoods][model.NumPhases]int
	bestDiscards, discards [model.NumPhases]int
	// the rounds by side (you, opp) and the points it scored in them
	roundPoints [2][model.MaxRoundPoints + 1]int
	// gains
	oppGain, stockGain   float64
	oppGainN, stockGainN int
	games, rounds, plays int
	// samples counts each table's samples, and gamesWith the games that
	// gave it at least one
	samples, gamesWith [numTables]int
	x                  []float64 // scratch for the draw features
}

func newCounts(learn [2]bool) *counts {
	return &counts{learn: learn, draw: map[drawKey][2]int{}, x: make([]float64, model.NumDrawFeatures)}
}

// game counts one game.
func (c *counts) game(g *replay.Game) {
	before := c.samples
	c.games++
	for r := range g.Rounds {
		c.round(&g.Rounds[r])
	}
	for t := range numTables {
		if c.samples[t] > before[t] {
			c.gamesWith[t]++
		}
	}
}

// pending is a keep-value sample whose label is known at the round's end.
type pending struct {
	side int
	card gin.Card
	cell [3]int
}

// valueSample is a hand-value sample whose outcome is known at the round's
// end: the player's deadwood after a play, and the bucket of its
// opponent's then (-1 when that hand is not known).
type valueSample struct {
	side, deadwood, phase, bucket int
}

// round walks one round, seeing each play as its actor did.
func (c *counts) round(r *replay.Round) {
	if len(r.Plays) == 0 {
		return
	}
	c.rounds++
	w := c.walkPlays(r)
	c.keepValues(w.hands, w.samples)
	for s, pts := range r.Points {
		if pts > 0 {
			c.roundPoints[s][min(pts, model.MaxRoundPoints)]++
		}
	}
	net := [2]float64{float64(r.Points[0] - r.Points[1]), float64(r.Points[1] - r.Points[0])}
	c.handValues(w.values, net)
	c.roundEnd(r, w.hands[r.Caller], w.lastPhase, net)
}

// roundPlays is what the plays of a round leave to count at its end.
type roundPlays struct {
	hands     [2]gin.Hand // each side's hand after its last play
	lastPhase int         // the phase of the last play
	samples   []pending
	values    []valueSample
}

// walkPlays counts the plays of r, each as its actor saw it, and returns the
// samples whose labels the round's end gives.
func (c *counts) walkPlays(r *replay.Round) roundPlays {
	var w roundPlays
	var known [2]gin.Hand
	var seen [2]bool
	stockLeft := gin.StockSize
	both := r.Hands()
	var turns [2]int
	for i, p := range r.Plays {
		c.plays++
		a := int(p.Seat)
		before := w.hands[a]
		if !seen[a] {
			before, seen[a] = p.Before(), true
		}
		phase := model.Phase(stockLeft)
		w.lastPhase = phase
		took := p.Drawn == p.Top
		if c.learn[a] {
			c.handPolicy(&p, before, phase, turns[a] > 0, i == len(r.Plays)-1 && r.Action != gin.Drop)
			c.oppTurns[phase]++
			c.drawChoice(p.Top, known[a], stockLeft, took)
		}
		dwBefore := gin.Deadwood(before)
		arr := gin.Arrange(p.Hand)
		if took {
			if c.learn[a] {
				c.oppGain += float64(dwBefore - arr.Points())
				c.oppGainN++
			}
			known[a] = known[a].Add(p.Top)
		} else {
			d := gin.BestDiscards(before.Add(p.Drawn), gin.HandOf(p.Drawn))
			best, _ := d.Best()
			c.stockGain += float64(dwBefore - best)
			c.stockGainN++
			stockLeft--
		}
		known[a] = known[a].Remove(p.Discarded)
		w.hands[a] = p.Hand
		bucket := -1
		if other := both[i][1-a]; other.Len() == gin.HandSize {
			bucket = model.RaceBucket(gin.Deadwood(other))
		}
		turns[a]++
		w.values = append(w.values, valueSample{a, min(arr.Points(), model.MaxValueDeadwood), phase, bucket})
		for _, card := range arr.Deadwood.Cards() {
			w.samples = append(w.samples, pending{a, card, [3]int{model.RankGroup(card.Rank()), model.CardRelation(card, p.Hand), phase}})
		}
	}
	return w
}

// drawChoice counts a face-up card top offered to the modelled player,
// who was known to hold known with stockLeft cards in the stock, and
// whether it took it.
func (c *counts) drawChoice(top gin.Card, known gin.Hand, stockLeft int, took bool) {
	model.DrawFeatures(c.x, top, known, stockLeft)
	var key drawKey
	for i, v := range c.x {
		key[i] = int8(v)
	}
	n := c.draw[key]
	n[1]++
	if took {
		n[0]++
	}
	c.draw[key] = n
}

// keepValues counts each card held as deadwood after a play, and whether
// it was in a meld of its side's final hand.
func (c *counts) keepValues(hands [2]gin.Hand, samples []pending) {
	var melded [2]gin.Hand
	for s := range 2 {
		melded[s] = hands[s] &^ gin.Arrange(hands[s]).Deadwood
	}
	for _, s := range samples {
		c.held[s.cell[0]][s.cell[1]][s.cell[2]]++
		if melded[s.side].Has(s.card) {
			c.melded[s.cell[0]][s.cell[1]][s.cell[2]]++
		}
	}
	c.samples[tableKeep] += len(samples)
}

// handValues adds the round's net points, net by side, to the deadwood and
// phase of each play's value sample, and to the other side's deadwood
// bucket when that is known.
func (c *counts) handValues(values []valueSample, net [2]float64) {
	for _, v := range values {
		c.valueSum[v.deadwood][v.phase] += net[v.side]
		c.valueN[v.deadwood][v.phase]++
		if v.bucket >= 0 {
			c.raceSum[v.deadwood][v.bucket][v.phase] += net[v.side]
			c.raceN[v.deadwood][v.bucket][v.phase]++
			c.samples[tableRace]++
		}
	}
	c.samples[tableHandValues] += len(values)
}

// roundEnd counts how r ended, in lastPhase: the modelled player's calls,
// and a knock's deadwood (that of callerHand), outcome and net points.
func (c *counts) roundEnd(r *replay.Round, callerHand gin.Hand, lastPhase int, net [2]float64) {
	caller := int(r.Caller)
	if r.Action != gin.Drop && c.learn[caller] {
		c.oppCalls[lastPhase]++
		c.samples[tableCalls]++
		if r.Action == gin.Gin {
			c.oppGins[lastPhase]++
		}
	}
	if r.Action != gin.Knock {
		return
	}
	// A knock at more than 10 breaks the rules: verified games have none.
	if dw := gin.Deadwood(callerHand); dw <= gin.KnockLimit {
		if c.learn[caller] {
			c.oppKnockDW[lastPhase] += float64(dw)
			c.oppKnocks[lastPhase]++
			c.samples[tableOppKnocks]++
		}
		c.knocks[dw][lastPhase]++
		c.knockNet[dw][lastPhase] += net[caller]
		c.samples[tableKnock]++
		if r.Points[caller] > 0 {
			c.knockWon[dw][lastPhase]++
		}
	}
}

// handPolicy counts a play of the modelled player for the hand policy:
// the face-up card's relation to the hand before it, whether it was
// taken, whether the discard left the least deadwood, and, on a turn
// where it could call at deadwood 10 or less, whether it called.
func (c *counts) handPolicy(p *replay.Play, before gin.Hand, phase int, mayCall, called bool) {
	rel := model.TakeRelation(p.Top, before)
	c.offers[rel][phase]++
	c.samples[tableTakes]++
	if p.Drawn == p.Top {
		c.takes[rel][phase]++
	}
	dd := gin.BestDiscards(before.Add(p.Drawn), gin.HandOf(p.Drawn))
	best, _ := dd.Best()
	if after, ok := dd.After(p.Discarded); ok {
		c.discards[phase]++
		if after == best {
			c.bestDiscards[phase]++
		}
	}
	if dw := gin.Deadwood(p.Hand); mayCall && dw <= gin.KnockLimit {
		c.callChances[dw][phase]++
		c.samples[tableHandCalls]++
		if called {
			c.calls[dw][phase]++
		}
	}
}

// fitRoundPoints fills rp from the rounds counted: the modelled side's
// points in Modelled, its opponent's in Other, and with both sides
// modelled every round in both.
func (c *counts) fitRoundPoints(rp *model.RoundPoints) {
	for s := range 2 {
		for x, n := range c.roundPoints[s] {
			if c.learn[s] {
				rp.Modelled[x] += n
			}
			if !c.learn[s] || c.learn[1-s] {
				rp.Other[x] += n
			}
		}
	}
}
