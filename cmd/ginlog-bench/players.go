package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/sim"
)

// defaultPlayers play every corpus unless --players names others.
const defaultPlayers = "meldable,memory"

// parsePlayers reads --players: two names separated by a comma, each a
// baseline bot, tuned:PATH (the tuned player with the weights in PATH) or
// tuned:default (its default weights), the same names ginlog simulate
// takes.
func parsePlayers(players string) ([2]sim.Entrant, error) {
	var out [2]sim.Entrant
	names := strings.Split(players, ",")
	if len(names) != 2 {
		return out, usagef("--players: want two names separated by a comma, got %q", players)
	}
	for i, name := range names {
		var err error
		if out[i], err = entrant(strings.TrimSpace(name)); err != nil {
			return out, usagef("--players: %v", err)
		}
	}
	return out, nil
}

// entrant resolves one player name.
func entrant(name string) (sim.Entrant, error) {
	if path, ok := strings.CutPrefix(name, "tuned:"); ok {
		w := model.Defaults()
		if path != "default" {
			var err error
			if w, err = model.Load(path); err != nil {
				return sim.Entrant{}, err
			}
		}
		return sim.Entrant{Name: name, New: func(*rand.Rand) gin.Player { return model.NewPlayer(w) }}, nil
	}
	e, err := sim.Bot(name)
	if err != nil {
		return e, fmt.Errorf("%w, or tuned:PATH", err)
	}
	return e, nil
}
