package model

// GameTarget is the total that ends a game (RULES.md: the game ends after
// the round in which a player's total reaches it, the totals unequal).
const GameTarget = 100

// GameValue holds the chance that the player wins the game from the start
// of a round, for every pair of totals below GameTarget, given how many
// points a round brings each side: a race to 100. The rollout player
// values a round's outcome by the change in that chance.
type GameValue struct {
	win [GameTarget][GameTarget]float64
	// slope is what a point is worth at the start of a game: the change
	// in the chance per point over ten points either way.
	slope float64
}

// NewGameValue computes the table from the round points of the weights:
// the player's rounds are Other (the modelled player's opponent), its
// opponent's Modelled. Rounds are taken as independent draws from those
// counts. It returns nil when either side has no rounds, or when the
// counts cannot tell a point's worth: a point at the start of a game
// changes the chance of winning it by less than minSlope.
func NewGameValue(rp *RoundPoints) *GameValue {
	if rp == nil {
		return nil
	}
	own, opp := 0, 0
	for x := 1; x <= MaxRoundPoints; x++ {
		own += rp.Other[x]
		opp += rp.Modelled[x]
	}
	if own == 0 || opp == 0 {
		return nil
	}
	g := raceTable(rp, own+opp)
	if g.slope = (g.at(10, 0) - g.at(0, 10)) / 20; !(g.slope >= minSlope) {
		return nil
	}
	return g
}

// minSlope is the least worth of a point at the start of a game, in
// chances of winning it, for which NewGameValue values rounds by the
// game. Even rounds give about 0.01; a point worth less means that one
// side wins about every round, and the values would be noise divided by
// almost nothing: Points stays within 1/minSlope of zero, and the sums and
// squares the rollout player takes of it finite.
const minSlope = 1e-6

// raceTable fills the chances from rp, whose rounds number total.
func raceTable(rp *RoundPoints, total int) *GameValue {
	g := &GameValue{}
	// Every round scores at least a point, so the states a state reaches
	// have larger totals: fill from the highest down.
	for a := GameTarget - 1; a >= 0; a-- {
		for b := GameTarget - 1; b >= 0; b-- {
			w := 0.0
			for x := 1; x <= MaxRoundPoints; x++ {
				if n := rp.Other[x]; n > 0 {
					w += float64(n) * g.at(a+x, b)
				}
				if n := rp.Modelled[x]; n > 0 {
					w += float64(n) * g.at(a, b+x)
				}
			}
			g.win[a][b] = w / float64(total)
		}
	}
	return g
}

// at is the chance of winning the game from totals own and opp.
func (g *GameValue) at(own, opp int) float64 {
	switch {
	case own >= GameTarget:
		return 1
	case opp >= GameTarget:
		return 0
	}
	return g.win[own][opp]
}

// Points is the worth of a round that ends with net points for the player
// (negative: the opponent scores -net) from totals own and opp: the change
// in the chance of winning the game, in points of the start of a game. At
// the start of a game a point is worth about a point; near the end a round
// that wins the game is worth no more for more points.
func (g *GameValue) Points(own, opp, net int) float64 {
	before := g.at(own, opp)
	after := before
	switch {
	case net > 0:
		after = g.at(own+net, opp)
	case net < 0:
		after = g.at(own, opp-net)
	}
	return (after - before) / g.slope
}

// At is the chance of winning the game from totals own and opp: 1 once
// own reaches GameTarget, else 0 once opp does.
func (g *GameValue) At(own, opp int) float64 { return g.at(own, opp) }

// Slope is the chance of winning that a point is worth near the start of a
// game: Points divides by it.
func (g *GameValue) Slope() float64 { return g.slope }
