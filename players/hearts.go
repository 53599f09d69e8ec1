package players

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/sim"
)

// NewHeartsEntrant resolves a Hearts player name: one of the baseline
// bots of package hearts/bots (HeartsNames). Another name gives an error
// wrapping ErrUnknown that suggests the close ones.
func NewHeartsEntrant(name string) (sim.HeartsEntrant, error) {
	if !slices.Contains(bots.Names, name) {
		return sim.HeartsEntrant{}, fmt.Errorf("%w %q%s; want a Hearts player: %s", ErrUnknown, name,
			suggest.DidYouMean(name, bots.Names), suggest.OrList(bots.Names))
	}
	return sim.HeartsEntrant{Name: name, New: func(rng *rand.Rand) hearts.Player {
		p, _ := bots.New(name, rng) // the name was checked above
		return p
	}}, nil
}

// HeartsNames lists the Hearts player names.
func HeartsNames() []string { return bots.Names }

// ParseHearts reads a comma-separated list of 2 or 4 Hearts player names,
// by seat.
func ParseHearts(list string) ([]sim.HeartsEntrant, error) {
	names := strings.Split(list, ",")
	if !hearts.ValidPlayers(len(names)) {
		return nil, fmt.Errorf("%d Hearts players in %q: want 2 or 4, separated by commas", len(names), list)
	}
	out := make([]sim.HeartsEntrant, len(names))
	for i, n := range names {
		e, err := NewHeartsEntrant(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}
