package sim

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/bots"
	"github.com/ginlog/ginlog/gin"
)

// Bot returns the named baseline player as an entrant.
func Bot(name string) (Entrant, error) {
	if _, err := bots.New(name, nil); err != nil {
		return Entrant{}, err
	}
	return Entrant{Name: name, New: func(rng *rand.Rand) gin.Player {
		p, _ := bots.New(name, rng)
		return p
	}}, nil
}

// Bots returns two named baseline players, the logged one first.
func Bots(a, b string) ([2]Entrant, error) {
	var out [2]Entrant
	var err error
	for i, name := range []string{a, b} {
		if out[i], err = Bot(name); err != nil {
			return out, err
		}
	}
	return out, nil
}
