package fit

import "github.com/ginlog/ginlog/model"

// shrink returns the mean of n samples summing to sum, shrunk towards
// prior with the weight of m samples.
func shrink(sum float64, n int, m, prior float64) float64 {
	return (sum + m*prior) / (float64(n) + m)
}

// support describes a table whose cells, with the given sample counts,
// are shrunk towards priors of weight m.
func support(table, unit string, cells []int, m float64, games int) Support {
	s := Support{Table: table, Unit: unit, Games: games, PriorShare: 1}
	prior := 0.0
	for _, n := range cells {
		s.Samples += n
		prior += float64(n) * m / (float64(n) + m)
	}
	if s.Samples > 0 {
		s.PriorShare = prior / float64(s.Samples)
	}
	return s
}

// fitKeepValues shrinks each cell's share towards that of its rank group
// and relation over all phases, itself shrunk towards its rank group's
// (see the doc of model.KeepValues).
func (c *counts) fitKeepValues(k *model.KeepValues) Support {
	const m = model.KeepPrior
	var cells []int
	for g := range k.MeldProbability {
		var gm, gh int
		for rel := range c.held[g] {
			for ph := range c.held[g][rel] {
				gm += c.melded[g][rel][ph]
				gh += c.held[g][rel][ph]
			}
		}
		group := (float64(gm) + 1) / (float64(gh) + 2)
		for rel := range k.MeldProbability[g] {
			var rm, rh int
			for ph := range c.held[g][rel] {
				rm += c.melded[g][rel][ph]
				rh += c.held[g][rel][ph]
			}
			relation := shrink(float64(rm), rh, m, group)
			for ph := range k.MeldProbability[g][rel] {
				h := c.held[g][rel][ph]
				k.MeldProbability[g][rel][ph] = shrink(float64(c.melded[g][rel][ph]), h, m, relation)
				k.Samples[g][rel][ph] = h
				cells = append(cells, h)
			}
		}
	}
	return support("keep_values.meld_probability", "deadwood cards held", cells, m, c.gamesWith[tableKeep])
}

// fitKnockPolicy estimates each cell's win probability shrunk towards the
// deadwood's over all phases, itself shrunk towards every knock's; makes
// it non-increasing in deadwood; and sets Gin's to 1. Each cell's value is
// shrunk towards the phase's mean (see the doc of model.KnockPolicy).
func (c *counts) fitKnockPolicy(k *model.KnockPolicy) []Support {
	const m, mv = model.KnockPrior, model.KnockValuePrior
	var won, all int
	for dw := 1; dw < model.NumKnockDeadwoods; dw++ {
		for ph := range model.NumPhases {
			won += c.knockWon[dw][ph]
			all += c.knocks[dw][ph]
		}
	}
	pooled := (float64(won) + 1) / (float64(all) + 2)
	var raw, weights [model.NumPhases][model.NumKnockDeadwoods - 1]float64
	var winCells []int
	for dw := 1; dw < model.NumKnockDeadwoods; dw++ {
		var dwWon, dwAll int
		for ph := range model.NumPhases {
			dwWon += c.knockWon[dw][ph]
			dwAll += c.knocks[dw][ph]
		}
		prior := shrink(float64(dwWon), dwAll, m, pooled)
		for ph := range model.NumPhases {
			n := c.knocks[dw][ph]
			raw[ph][dw-1] = shrink(float64(c.knockWon[dw][ph]), n, m, prior)
			weights[ph][dw-1] = float64(n) + m
			winCells = append(winCells, n)
		}
	}
	var valueCells []int
	for ph := range model.NumPhases {
		k.WinProbability[0][ph] = 1 // Gin cannot be undercut
		for i, p := range decreasing(raw[ph][:], weights[ph][:]) {
			k.WinProbability[i+1][ph] = p
		}
		var sum float64
		var n int
		for dw := range c.knocks {
			sum += c.knockNet[dw][ph]
			n += c.knocks[dw][ph]
		}
		mean := 0.0
		if n > 0 {
			mean = sum / float64(n)
		}
		for dw := range k.Value {
			k.Samples[dw][ph] = c.knocks[dw][ph]
			k.Value[dw][ph] = shrink(c.knockNet[dw][ph], c.knocks[dw][ph], mv, mean)
			valueCells = append(valueCells, c.knocks[dw][ph])
		}
	}
	return []Support{
		support("knock_policy.win_probability", "knocks", winCells, m, c.gamesWith[tableKnock]),
		support("knock_policy.value", "knocks", valueCells, mv, c.gamesWith[tableKnock]),
	}
}

// fitOpponent estimates the modelled player's call rate, and its Gin share
// and knock deadwood shrunk towards their values over all phases.
func (c *counts) fitOpponent(o *model.Opponent) []Support {
	const m = model.OpponentPrior
	var calls, gins, knocks int
	var knockDW float64
	for ph := range model.NumPhases {
		calls += c.oppCalls[ph]
		gins += c.oppGins[ph]
		knocks += c.oppKnocks[ph]
		knockDW += c.oppKnockDW[ph]
	}
	var ginShare, meanDW float64
	if calls > 0 {
		ginShare = float64(gins) / float64(calls)
	}
	if knocks > 0 {
		meanDW = knockDW / float64(knocks)
	}
	for ph := range model.NumPhases {
		o.Turns[ph] = c.oppTurns[ph]
		if c.oppTurns[ph] > 0 {
			o.CallRate[ph] = float64(c.oppCalls[ph]) / float64(c.oppTurns[ph])
		}
		o.GinShare[ph] = shrink(float64(c.oppGins[ph]), c.oppCalls[ph], m, ginShare)
		o.KnockDeadwood[ph] = shrink(c.oppKnockDW[ph], c.oppKnocks[ph], m, meanDW)
	}
	return []Support{
		support("opponent.gin_share", "calls", c.oppCalls[:], m, c.gamesWith[tableCalls]),
		support("opponent.knock_deadwood", "knocks", c.oppKnocks[:], m, c.gamesWith[tableOppKnocks]),
	}
}

// fitHandValues shrinks each cell's mean towards a weighted least-squares
// line over the phase's cells, and makes the phase non-increasing in
// deadwood.
func (c *counts) fitHandValues(h *model.HandValues) Support {
	const m = model.HandValuePrior
	var cells []int
	for ph := range model.NumPhases {
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
		var ys, ws [model.MaxValueDeadwood + 1]float64
		for d := range h.Value {
			n := c.valueN[d][ph]
			ys[d] = shrink(c.valueSum[d][ph], n, m, a+b*float64(d))
			ws[d] = float64(n) + m
			h.Samples[d][ph] = n
			cells = append(cells, n)
		}
		for d, v := range decreasing(ys[:], ws[:]) {
			h.Value[d][ph] = v
		}
	}
	return support("hand_values.value", "plays", cells, m, c.gamesWith[tableHandValues])
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

// fitHandPolicy shrinks each rate towards its row's over all phases,
// itself shrunk towards the default policy's with the weight of one
// sample (see the doc of model.HandPolicy).
func (c *counts) fitHandPolicy(hp *model.HandPolicy) []Support {
	const m = model.HandPolicyPrior
	def := model.DefaultHandPolicy()
	row := func(cases, n []int, defaults []float64, out []float64, samples []int) []int {
		var rc, rn int
		for ph := range n {
			rc += cases[ph]
			rn += n[ph]
		}
		q := (float64(rc) + defaults[0]) / (float64(rn) + 1)
		for ph := range n {
			out[ph] = shrink(float64(cases[ph]), n[ph], m, q)
			samples[ph] = n[ph]
		}
		return n
	}
	var takeCells, callCells []int
	for rel := range hp.TakeRate {
		takeCells = append(takeCells, row(c.takes[rel][:], c.offers[rel][:], def.TakeRate[rel][:], hp.TakeRate[rel][:], hp.TakeSamples[rel][:])...)
	}
	for dw := range hp.CallRate {
		callCells = append(callCells, row(c.calls[dw][:], c.callChances[dw][:], def.CallRate[dw][:], hp.CallRate[dw][:], hp.CallSamples[dw][:])...)
	}
	discardCells := row(c.bestDiscards[:], c.discards[:], def.BestDiscardRate[:], hp.BestDiscardRate[:], hp.BestDiscardSamples[:])
	return []Support{
		support("hand_policy.take_rate", "offers", takeCells, m, c.gamesWith[tableTakes]),
		support("hand_policy.call_rate", "turns where it could call", callCells, m, c.gamesWith[tableHandCalls]),
		support("hand_policy.best_discard_rate", "discards", discardCells, m, c.gamesWith[tableTakes]),
	}
}

// fitRaceValues shrinks each cell's mean towards the hand value of its
// deadwood and phase plus the bucket's mean difference from the hand
// values in that phase, and makes each bucket and phase non-increasing in
// deadwood.
func (c *counts) fitRaceValues(rv *model.RaceValues, hv *model.HandValues) Support {
	const m = model.RacePrior
	var cells []int
	for ph := range model.NumPhases {
		for b := range model.NumRaceBuckets {
			var diff float64
			var n int
			for d := range c.raceN {
				if k := c.raceN[d][b][ph]; k > 0 {
					diff += c.raceSum[d][b][ph] - float64(k)*hv.Value[d][ph]
					n += k
				}
			}
			offset := shrink(diff, n, m, 0)
			var ys, ws [model.MaxValueDeadwood + 1]float64
			for d := range rv.Value {
				k := c.raceN[d][b][ph]
				ys[d] = shrink(c.raceSum[d][b][ph], k, m, hv.Value[d][ph]+offset)
				ws[d] = float64(k) + m
				rv.Samples[d][b][ph] = k
				cells = append(cells, k)
			}
			for d, v := range decreasing(ys[:], ws[:]) {
				rv.Value[d][b][ph] = v
			}
		}
	}
	return support("race_values.value", "plays", cells, m, c.gamesWith[tableRace])
}
