package players

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/model/habits"
	"github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/players/heartsmc"
	"github.com/ginlog/ginlog/sim"
)

// HeartsEntrant resolves one Hearts player name: a baseline bot, or
// exec:CMD, a program speaking the Hearts line protocol (HeartsPlayer of
// package players/external), whose processes ps starts.
func (ps *Resolver) HeartsEntrant(name string) (sim.HeartsEntrant, error) {
	command, ok := strings.CutPrefix(name, "exec:")
	if !ok {
		return NewHeartsEntrant(name)
	}
	pool, err := ps.pool(name, command, external.HeartsHello)
	if err != nil {
		return sim.HeartsEntrant{}, err
	}
	return sim.HeartsEntrant{Name: name, New: func(*rand.Rand) hearts.Player { return pool.HeartsPlayer() }}, nil
}

// HeartsMC is the name of the Monte Carlo Hearts player (package
// players/heartsmc), and HeartsMCUsage that of the Monte Carlo player
// weighing its deals by the habits in a weights file of ginlog fit --game
// hearts (package model/habits).
const (
	HeartsMC      = "mc"
	HeartsMCUsage = "mc:PATH"
)

// NewHeartsEntrant resolves a Hearts player name: one of the baseline
// bots of package hearts/bots, the Monte Carlo player (HeartsNames) or
// mc:PATH, exec:CMD excepted (see Resolver.HeartsEntrant).
func NewHeartsEntrant(name string) (sim.HeartsEntrant, error) {
	if name == HeartsMC {
		return sim.HeartsEntrant{Name: name, New: func(*rand.Rand) hearts.Player { return heartsmc.New() }}, nil
	}
	if path, ok := strings.CutPrefix(name, HeartsMC+":"); ok {
		w, err := LoadHeartsWeights(path)
		if err != nil {
			return sim.HeartsEntrant{}, fmt.Errorf("player %q: %w", name, err)
		}
		return sim.HeartsEntrant{Name: name, New: func(*rand.Rand) hearts.Player {
			p := heartsmc.New()
			p.Habits = w // read only: shared by every game
			return p
		}}, nil
	}
	if _, err := bots.New(name, nil); err != nil {
		return sim.HeartsEntrant{}, unknownHearts(name)
	}
	return sim.HeartsEntrant{Name: name, New: func(rng *rand.Rand) hearts.Player {
		p, _ := bots.New(name, rng) // the name was checked above
		return p
	}}, nil
}

// unknownHearts returns the error of a name that names no Hearts player:
// the names close to it (a mistyped mc: kept with its path: mcc:w.json,
// did you mean mc:w.json?), and every name.
func unknownHearts(name string) error {
	candidates := HeartsNames()
	if _, arg, ok := strings.Cut(name, ":"); ok && arg != "" {
		candidates = append(candidates, HeartsMC+":"+arg)
	}
	return fmt.Errorf("%w %q%s; want a Hearts player: %s", ErrUnknown, name,
		suggest.DidYouMean(name, candidates), suggest.OrList(append(HeartsNames(), HeartsMCUsage)))
}

// LoadHeartsWeights reads the Hearts habits at path (habits.Read), saying
// how to make one when there is none.
func LoadHeartsWeights(path string) (*habits.Weights, error) {
	if path == "" {
		return nil, fmt.Errorf("want %s, the habits of ginlog fit --game hearts --out PATH", HeartsMCUsage)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w (write one with ginlog fit --game hearts --out %s)", err, path)
	}
	defer f.Close()
	return habits.Read(f, path)
}

// HeartsNames lists the Hearts player names that take no argument.
func HeartsNames() []string { return append(slices.Clone(bots.Names), HeartsMC) }

// ParseHearts reads a comma-separated list of 2 or 4 Hearts player names,
// by seat, exec:CMD excepted (see Resolver.ParseHearts).
func ParseHearts(list string) ([]sim.HeartsEntrant, error) {
	return (*Resolver)(nil).ParseHearts(list)
}

// ParseHearts reads a comma-separated list of 2 or 4 Hearts player names,
// by seat, exec:CMD included: any mix of built-in and external players.
func (ps *Resolver) ParseHearts(list string) ([]sim.HeartsEntrant, error) {
	names := strings.Split(list, ",")
	if !hearts.ValidPlayers(len(names)) {
		return nil, fmt.Errorf("%d Hearts players in %q: want 2 or 4, separated by commas", len(names), list)
	}
	out := make([]sim.HeartsEntrant, len(names))
	for i, n := range names {
		e, err := ps.HeartsEntrant(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}

// HeartsForfeitCodes lists the codes a Hearts forfeit can have, with what
// they mean: the rules engine's, each with the 2019 framework's name of
// it, and the exec: players' own (a timeout being the framework's
// TimeError).
func HeartsForfeitCodes() [][2]string {
	var out [][2]string
	for _, err := range []error{hearts.ErrLead, hearts.ErrBleeding, hearts.ErrBreaking, hearts.ErrRenege, hearts.ErrNotHeld} {
		out = append(out, [2]string{hearts.Code(err), fmt.Sprintf("%v (%s)", err, hearts.FrameworkName(err))})
	}
	for _, c := range external.Codes {
		switch c[0] {
		case external.CodeBadMelds: // Gin's only
		case external.CodeTimeout:
			out = append(out, [2]string{c[0], c[1] + " (TimeError)"})
		default:
			out = append(out, c)
		}
	}
	return out
}
