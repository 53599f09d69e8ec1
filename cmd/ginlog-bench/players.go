package main

import (
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
)

// defaultPlayers play every corpus unless --players names others.
const defaultPlayers = "meldable,memory"

// parsePlayers reads --players: two names separated by a comma, the same
// names ginlog simulate takes (players.Parse).
func parsePlayers(list string) ([2]sim.Entrant, error) {
	p, err := players.Parse(list)
	if err != nil {
		return p, usagef("--players: %v", err)
	}
	return p, nil
}
