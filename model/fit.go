package model

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay"
	"github.com/ginlog/ginlog/replay/store"
	"gonum.org/v1/gonum/optimize"
)

// FitOptions configure Fit.
type FitOptions struct {
	Filters       queries.Filters // the games, and (Who) whose draws the draw model learns
	L2            float64         // the draw model's L2 penalty (0 means 1)
	SchemaVersion int
}

// counts accumulates what Fit learns while it walks the games.
type counts struct {
	// the draw model: for each distinct feature vector, cases and trials
	draw map[[numDrawFeatures]int8][2]int
	// the keep values
	melded, held [NumRankGroups][NumRelations][NumPhases]int
	// the knock policy
	knockWon, knocks [11][NumPhases]int
	knockNet         [11][NumPhases]float64
	// the hand values: sums and counts of net round points
	valueSum [MaxValueDeadwood + 1][NumPhases]float64
	valueN   [MaxValueDeadwood + 1][NumPhases]int
	// the opponent's calls, by phase of the calling turn
	oppTurns, oppCalls, oppGins [NumPhases]int
	oppKnockDW                  [NumPhases]float64
	// gains
	oppGain, stockGain   float64
	oppGainN, stockGainN int
	games, rounds, plays int
}

// Fit fits weights from the verified games the filters select.
func Fit(ctx context.Context, db *sql.DB, opts FitOptions) (*Weights, error) {
	ids, err := queries.GameIDs(ctx, db, opts.Filters)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no games match the filters")
	}
	who := opts.Filters.Who
	if who == "" {
		who = "opp"
	}
	learnDraws := [2]bool{who != "opp", who != "you"} // by side: you, opp
	c := &counts{draw: map[[numDrawFeatures]int8][2]int{}}
	const chunk = 2000
	for i := 0; i < len(ids); i += chunk {
		games, err := store.Load(ctx, db, ids[i:min(i+chunk, len(ids))])
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			c.games++
			for r := range g.Rounds {
				c.round(&g.Rounds[r], learnDraws)
			}
		}
	}
	w := Defaults()
	w.Provenance = Provenance{Games: c.games, Rounds: c.rounds, Plays: c.plays, Filters: filterMap(opts.Filters, who),
		SchemaVersion: opts.SchemaVersion, CreatedAt: time.Now().UTC().Truncate(time.Second), Fitted: true}
	if err := c.fitDrawModel(&w.DrawModel, opts.L2); err != nil {
		return nil, err
	}
	c.fitKeepValues(&w.KeepValues)
	c.fitKnockPolicy(&w.KnockPolicy)
	c.fitHandValues(&w.HandValues)
	c.fitOpponent(&w.Opponent)
	if c.stockGainN > 0 {
		w.DrawPolicy.StockGain = c.stockGain / float64(c.stockGainN)
		w.DrawPolicy.Samples = c.stockGainN
	}
	return w, nil
}

func filterMap(f queries.Filters, who string) map[string]string {
	m := map[string]string{"who": who}
	if f.Opponent != "" {
		m["opponent"] = f.Opponent
	}
	if f.Source != "" {
		m["source"] = f.Source
	}
	if f.Since != 0 {
		m["since"] = fmt.Sprint(f.Since)
	}
	if f.Until != 0 {
		m["until"] = fmt.Sprint(f.Until)
	}
	if f.Game != 0 {
		m["game"] = fmt.Sprint(f.Game)
	}
	return m
}

// pending is a keep-value sample whose label is known at the round's end.
type pending struct {
	side int
	card gin.Card
	cell [3]int
}

// valueSample is a hand-value sample whose outcome is known at the round's
// end.
type valueSample struct {
	side, deadwood, phase int
}

// round walks one round, seeing each play as its actor did.
func (c *counts) round(r *replay.Round, learnDraws [2]bool) {
	if len(r.Plays) == 0 {
		return
	}
	c.rounds++
	var hands, known [2]gin.Hand
	var seen [2]bool
	stockLeft := gin.StockSize
	var samples []pending
	var values []valueSample
	x := make([]float64, numDrawFeatures)
	lastPhase := 0
	for _, p := range r.Plays {
		c.plays++
		a := int(p.Seat)
		before := hands[a]
		if !seen[a] {
			before, seen[a] = p.Hand.Remove(p.Drawn).Add(p.Discarded), true
		}
		phase := Phase(stockLeft)
		lastPhase = phase
		if learnDraws[a] {
			c.oppTurns[phase]++
		}
		took := p.Drawn == p.Top
		if learnDraws[a] {
			drawFeatures(x, p.Top, known[a], stockLeft)
			var key [numDrawFeatures]int8
			for i, v := range x {
				key[i] = int8(v)
			}
			n := c.draw[key]
			n[1]++
			if took {
				n[0]++
			}
			c.draw[key] = n
		}
		dwBefore := gin.Deadwood(before)
		arr := gin.Arrange(p.Hand)
		if took {
			if learnDraws[a] {
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
		hands[a] = p.Hand
		values = append(values, valueSample{a, min(arr.Points(), MaxValueDeadwood), phase})
		for _, card := range arr.Deadwood.Cards() {
			samples = append(samples, pending{a, card, [3]int{rankGroup(card.Rank()), cardRelation(card, p.Hand), phase}})
		}
	}
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
	net := [2]float64{float64(r.Points[gin.You] - r.Points[gin.Opp]), float64(r.Points[gin.Opp] - r.Points[gin.You])}
	for _, v := range values {
		c.valueSum[v.deadwood][v.phase] += net[v.side]
		c.valueN[v.deadwood][v.phase]++
	}
	caller := int(r.Caller)
	if r.Action != gin.Drop && learnDraws[caller] {
		c.oppCalls[lastPhase]++
		if r.Action == gin.Gin {
			c.oppGins[lastPhase]++
		} else {
			c.oppKnockDW[lastPhase] += float64(gin.Deadwood(hands[caller]))
		}
	}
	if r.Action == gin.Knock {
		dw := gin.Deadwood(hands[caller])
		if dw <= gin.KnockLimit {
			c.knocks[dw][lastPhase]++
			c.knockNet[dw][lastPhase] += net[caller]
			if r.Points[caller] > 0 {
				c.knockWon[dw][lastPhase]++
			}
		}
	}
}

// fitKeepValues smooths each cell's share towards its rank group's overall
// share (add-one counts of a pseudo-sample of weight 2).
func (c *counts) fitKeepValues(k *KeepValues) {
	for g := range k.MeldProbability {
		var gm, gh int
		for rel := range c.held[g] {
			for ph := range c.held[g][rel] {
				gm += c.melded[g][rel][ph]
				gh += c.held[g][rel][ph]
			}
		}
		prior := (float64(gm) + 1) / (float64(gh) + 2)
		for rel := range k.MeldProbability[g] {
			for ph := range k.MeldProbability[g][rel] {
				m, h := c.melded[g][rel][ph], c.held[g][rel][ph]
				k.MeldProbability[g][rel][ph] = (float64(m) + 2*prior) / (float64(h) + 2)
				k.Samples[g][rel][ph] = h
			}
		}
	}
}

// fitKnockPolicy estimates each cell's win probability with a Beta(1,1)
// prior, and its value shrunk towards the phase's mean with the weight of
// 20 knocks.
func (c *counts) fitKnockPolicy(k *KnockPolicy) {
	const shrinkN = 20
	for ph := 0; ph < NumPhases; ph++ {
		var sum, n float64
		for d := range c.knocks {
			sum += c.knockNet[d][ph]
			n += float64(c.knocks[d][ph])
		}
		mean := 0.0
		if n > 0 {
			mean = sum / n
		}
		for d := range k.WinProbability {
			k.WinProbability[d][ph] = (float64(c.knockWon[d][ph]) + 1) / (float64(c.knocks[d][ph]) + 2)
			k.Samples[d][ph] = c.knocks[d][ph]
			k.Value[d][ph] = (c.knockNet[d][ph] + shrinkN*mean) / (float64(c.knocks[d][ph]) + shrinkN)
		}
	}
}

// fitOpponent estimates the modelled player's call rate, Gin share and
// knock deadwood by phase.
func (c *counts) fitOpponent(o *Opponent) {
	for ph := 0; ph < NumPhases; ph++ {
		o.Turns[ph] = c.oppTurns[ph]
		if c.oppTurns[ph] > 0 {
			o.CallRate[ph] = float64(c.oppCalls[ph]) / float64(c.oppTurns[ph])
		}
		if c.oppCalls[ph] > 0 {
			o.GinShare[ph] = float64(c.oppGins[ph]) / float64(c.oppCalls[ph])
		}
		if knocks := c.oppCalls[ph] - c.oppGins[ph]; knocks > 0 {
			o.KnockDeadwood[ph] = c.oppKnockDW[ph] / float64(knocks)
		}
	}
}

// fitHandValues shrinks each cell's mean towards a least-squares line over
// the phase's cells, with the weight of shrinkN samples.
func (c *counts) fitHandValues(h *HandValues) {
	const shrinkN = 20
	for ph := 0; ph < NumPhases; ph++ {
		var sw, sx, sy, sxx, sxy float64
		for d := range c.valueN {
			n := float64(c.valueN[d][ph])
			if n == 0 {
				continue
			}
			y := c.valueSum[d][ph] / n
			x := float64(d)
			sw += n
			sx += n * x
			sy += n * y
			sxx += n * x * x
			sxy += n * x * y
		}
		a, b := 0.0, -1.0
		if den := sw*sxx - sx*sx; sw > 0 && den != 0 {
			b = (sw*sxy - sx*sy) / den
			a = (sy - b*sx) / sw
		}
		var ys, ws [MaxValueDeadwood + 1]float64
		for d := range h.Value {
			line := a + b*float64(d)
			n := float64(c.valueN[d][ph])
			ys[d] = (c.valueSum[d][ph] + shrinkN*line) / (n + shrinkN)
			ws[d] = n + shrinkN
			h.Samples[d][ph] = c.valueN[d][ph]
		}
		for d, v := range decreasing(ys[:], ws[:]) {
			h.Value[d][ph] = v
		}
	}
}

// decreasing returns the weighted least-squares fit to ys that does not
// increase (pool adjacent violators): less deadwood is never worth less.
func decreasing(ys, ws []float64) []float64 {
	type block struct {
		sum, w float64
		n      int
	}
	var blocks []block
	for i, y := range ys {
		blocks = append(blocks, block{y * ws[i], ws[i], 1})
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/a.w >= b.sum/b.w {
				break
			}
			blocks = append(blocks[:len(blocks)-2], block{a.sum + b.sum, a.w + b.w, a.n + b.n})
		}
	}
	out := make([]float64, 0, len(ys))
	for _, b := range blocks {
		for range b.n {
			out = append(out, b.sum/b.w)
		}
	}
	return out
}

// fitDrawModel fits the logistic regression by L-BFGS on the distinct
// feature vectors, weighted by their counts; the intercept is not penalised.
func (c *counts) fitDrawModel(m *DrawModel, l2 float64) error {
	if l2 <= 0 {
		l2 = 1
	}
	m.L2 = l2
	type row struct {
		x        [numDrawFeatures]float64
		cases, n float64
	}
	var rows []row
	total := 0
	for key, n := range c.draw {
		var r row
		for i, v := range key {
			r.x[i] = float64(v)
		}
		r.cases, r.n = float64(n[0]), float64(n[1])
		total += n[1]
		rows = append(rows, r)
	}
	m.Samples = total
	if c.oppGainN > 0 {
		m.OpponentGain = c.oppGain / float64(c.oppGainN)
	}
	if total == 0 {
		return nil
	}
	nll := func(b []float64, grad []float64) float64 {
		f := 0.0
		for i := range grad {
			grad[i] = 0
		}
		for _, r := range rows {
			z := 0.0
			for i, v := range r.x {
				z += b[i] * v
			}
			p := 1 / (1 + math.Exp(-z))
			// -[cases*log p + (n-cases)*log(1-p)], stably
			f += r.n*softplus(z) - r.cases*z
			for i, v := range r.x {
				grad[i] += (r.n*p - r.cases) * v
			}
		}
		for i := 1; i < len(b); i++ {
			f += 0.5 * l2 * b[i] * b[i]
			grad[i] += l2 * b[i]
		}
		return f
	}
	problem := optimize.Problem{
		Func: func(b []float64) float64 { return nll(b, make([]float64, len(b))) },
		Grad: func(grad, b []float64) { nll(b, grad) },
	}
	res, err := optimize.Minimize(problem, make([]float64, numDrawFeatures), nil, &optimize.LBFGS{})
	if err != nil && res == nil {
		return fmt.Errorf("fit the draw model: %w", err)
	}
	m.Coefficients = res.X
	return nil
}

func softplus(z float64) float64 {
	if z > 30 {
		return z
	}
	return math.Log1p(math.Exp(z))
}
