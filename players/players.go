// Package players names every player of every game: the names a command
// takes (--players, completion, help texts) resolve here, in one place, to
// the entrants package sim plays matches between.
//
// A Gin Rummy player is a baseline bot of package gin/bots (bots.Names),
// a broken player of the same package (bots.BrokenNames: simple with one
// deliberate flaw, to calibrate the review of one's play), or PREFIX:ARG for the players that take an argument: tuned:PATH,
// sampled:PATH and rollout:PATH, the players of package players/tuned
// with the weights in PATH, and exec:CMD, a program speaking the line
// protocol (package players/external), which only a Resolver starts. A
// Hearts player is a baseline bot of package hearts/bots, or exec:CMD, a
// program speaking the Hearts line protocol, which a Resolver starts too.
//
// The packages of players sit below this one and know nothing of it;
// sim runs matches between entrants and knows no player by name.
package players

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/sim"
)

// Prefix is a kind of player named PREFIX:ARG.
type Prefix struct {
	Name  string // the prefix, before the colon
	Usage string // the name with its argument, for help texts: tuned:PATH
	Doc   string // what the player is, for help texts
	// New returns the constructor of the player named by arg, checking
	// the argument once, before any game.
	New func(arg string) (func(rng *rand.Rand) gin.Player, error)
}

// prefixes lists the players that take an argument; a new kind of player
// is a new entry.
var prefixes = []Prefix{
	{Name: "tuned", Usage: "tuned:PATH", Doc: "the tuned player with the weights in PATH (tuned:default: its default weights)", New: newTuned},
	{Name: "sampled", Usage: "sampled:PATH", Doc: "the tuned player playing each decision out against opponent hands drawn from the inference model in PATH (weights of format version 3 or later)", New: newSampled},
	{Name: "rollout", Usage: "rollout:PATH", Doc: "the tuned player checking its discards and knocks by playing the rest of the round out against opponent hands and stock orders drawn from the inference model in PATH (weights of format version 3 or later; from version 4 it values a round by the chance of winning the game)", New: newRollout},
}

// NewEntrant resolves a Gin Rummy player name: a baseline bot, or
// PREFIX:ARG, exec:CMD excepted (see Resolver).
func NewEntrant(name string) (sim.Entrant, error) {
	if prefix, arg, ok := strings.Cut(name, ":"); ok {
		for _, p := range prefixes {
			if p.Name != prefix {
				continue
			}
			if arg == "" {
				return sim.Entrant{}, fmt.Errorf("player %q: want %s", name, p.Usage)
			}
			newPlayer, err := p.New(arg)
			if err != nil {
				return sim.Entrant{}, fmt.Errorf("player %q: %w", name, err)
			}
			return sim.Entrant{Name: name, New: newPlayer}, nil
		}
	}
	return Bot(name)
}

// Parse reads two Gin Rummy player names separated by a comma, the logged
// one first, as --players gives them, exec:CMD excepted (see Resolver).
func Parse(list string) ([2]sim.Entrant, error) {
	return (*Resolver)(nil).Parse(list)
}

// Names lists the Gin Rummy player names Resolver.Entrant takes: the
// baseline bots, the broken players, then PREFIX:ARG for each kind of
// player that takes an argument (tuned:PATH, ..., exec:CMD).
func Names() []string {
	names := append(append([]string(nil), bots.Names...), bots.BrokenNames...)
	for _, p := range prefixes {
		names = append(names, p.Usage)
	}
	return append(names, ExecUsage)
}

// ErrUnknown reports a name that names no player.
var ErrUnknown = errors.New("no player")

// unknown returns the error for name, which names no Gin Rummy player:
// it suggests the names close to it, a mistyped prefix kept with its
// argument (tunde:w.json: did you mean tuned:w.json?), and lists them all.
func unknown(name string) error {
	candidates := append(append([]string(nil), bots.Names...), bots.BrokenNames...)
	prefix, arg, ok := strings.Cut(name, ":")
	for _, p := range append(slices.Clone(prefixes), Prefix{Name: "exec", Usage: ExecUsage}) {
		switch {
		case ok && arg != "" && p.Name != prefix:
			candidates = append(candidates, p.Name+":"+arg)
		case !ok:
			candidates = append(candidates, p.Usage)
		}
	}
	return fmt.Errorf("%w %q%s; want %s", ErrUnknown, name, suggest.DidYouMean(name, candidates), suggest.OrList(Names()))
}

// Completions lists the Gin Rummy player names shell completion offers:
// the baseline bots, the broken players, the tuned player with its default weights, and the
// prefixes tuned: and exec:.
func Completions() []string {
	names := append(append([]string(nil), bots.Names...), bots.BrokenNames...)
	return append(names, "tuned:"+DefaultWeights, "tuned:", "exec:")
}

// Help describes the Gin Rummy players Resolver.Entrant takes, a line
// each, for help texts.
func Help() string {
	rows := [][2]string{{strings.Join(bots.Names, ", "), "the baseline bots"},
		{strings.Join(bots.BrokenNames, ", "), "simple with one deliberate flaw (never knocks but still calls Gin; always discards its highest card; never takes the face-up card), to calibrate the review of one's play"}}
	for _, p := range prefixes {
		rows = append(rows, [2]string{p.Usage, p.Doc})
	}
	rows = append(rows, [2]string{ExecUsage, ExecDoc})
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = fmt.Sprintf("  %-*s  %s", width, r[0], r[1])
	}
	return strings.Join(lines, "\n")
}

func isBot(name string) bool {
	return slices.Contains(bots.Names, name) || slices.Contains(bots.BrokenNames, name)
}

// Bot returns the named baseline or broken Gin Rummy player as an
// entrant.
func Bot(name string) (sim.Entrant, error) {
	if !isBot(name) {
		return sim.Entrant{}, unknown(name)
	}
	return sim.Entrant{Name: name, New: func(rng *rand.Rand) gin.Player {
		p, _ := bots.New(name, rng) // the name was checked above
		return p
	}}, nil
}

// Bots returns two named baseline Gin Rummy players, the logged one
// first.
func Bots(a, b string) ([2]sim.Entrant, error) {
	var out [2]sim.Entrant
	var err error
	for i, name := range []string{a, b} {
		if out[i], err = Bot(name); err != nil {
			return out, err
		}
	}
	return out, nil
}

// DefaultWeights names the tuned player's default weights where a weights
// file is expected: tuned:default, export --weights default.
const DefaultWeights = "default"

// LoadWeights reads the weights file at path, or returns the default
// weights for DefaultWeights.
func LoadWeights(path string) (*model.Weights, error) {
	if path == DefaultWeights {
		return model.Defaults(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return model.Read(f, path)
}

// newTuned returns the tuned player with the weights at path, shared by
// every game (the player only reads them).
func newTuned(path string) (func(*rand.Rand) gin.Player, error) {
	w, err := LoadWeights(path)
	if err != nil {
		return nil, err
	}
	return func(*rand.Rand) gin.Player { return tuned.NewPlayer(w) }, nil
}

// newSampled returns the sampled player with the weights at path, which
// must hold the inference model; each game gets its own player (it keeps
// per-decision state).
func newSampled(path string) (func(*rand.Rand) gin.Player, error) {
	w, err := LoadWeights(path)
	if err != nil {
		return nil, err
	}
	first, err := tuned.NewSampledPlayer(w)
	if err != nil {
		return nil, err
	}
	return func(*rand.Rand) gin.Player { return first.Fresh() }, nil
}

// newRollout returns the rollout player with the weights at path, which
// must hold the inference model; each game gets its own player (it keeps
// per-decision state).
func newRollout(path string) (func(*rand.Rand) gin.Player, error) {
	w, err := LoadWeights(path)
	if err != nil {
		return nil, err
	}
	first, err := tuned.NewRolloutPlayer(w, tuned.DefaultRolloutConfig)
	if err != nil {
		return nil, err
	}
	return func(*rand.Rand) gin.Player { return first.Fresh() }, nil
}
