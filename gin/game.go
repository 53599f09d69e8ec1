package gin

import (
	"fmt"
	"math/rand/v2"
)

// MaxRounds bounds a game. Every round scores at least one point, so a game
// always ends, but well under this many rounds; the bound only guards
// against a broken Player.
const MaxRounds = 1000

// GameRecord is a finished game between the seats You and Opp.
type GameRecord struct {
	Rounds []RoundRecord
	Totals [2]int
}

// Winner returns the seat with the higher total.
func (g *GameRecord) Winner() Seat {
	if g.Totals[Opp] > g.Totals[You] {
		return Opp
	}
	return You
}

// Dealer gives the deck order and the first mover's seat of each round
// (numbered from 1).
type Dealer func(round int) (Deck, Seat)

// RandomDeals deals each round from a fresh shuffle with the first mover
// drawn at random, as the server did, both from rng.
func RandomDeals(rng *rand.Rand) Dealer {
	return func(int) (Deck, Seat) {
		d := Shuffled(rng)
		return d, Seat(rng.IntN(2))
	}
}

// PlayGame plays rounds dealt by deal until GameOver. It stops at the first
// illegal action with a *RuleError (wrapped with the round number).
func PlayGame(deal Dealer, players [2]Player) (GameRecord, error) {
	var g GameRecord
	for n := 1; !GameOver(g.Totals[0], g.Totals[1]); n++ {
		if n > MaxRounds {
			return g, fmt.Errorf("game not over after %d rounds", MaxRounds)
		}
		deck, first := deal(n)
		r, err := PlayRound(deck, n, first, players, g.Totals)
		if err != nil {
			return g, fmt.Errorf("round %d: %w", n, err)
		}
		g.Rounds = append(g.Rounds, r)
		g.Totals[0] += r.Points[0]
		g.Totals[1] += r.Points[1]
	}
	return g, nil
}
