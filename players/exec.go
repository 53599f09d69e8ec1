package players

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/sim"
)

// ExecUsage and ExecDoc describe the exec:CMD players for help texts.
const (
	ExecUsage = "exec:CMD"
	ExecDoc   = "a program of yours speaking ginlog's line protocol (docs/protocol.md); CMD is split on spaces"
)

// Resolver resolves the player names of one command, exec:CMD included.
// An exec: player is a pool of processes started with the options below;
// Watch kills them when the command is cancelled and closes them when it
// ends. A nil *Resolver resolves every name but exec:CMD.
type Resolver struct {
	Timeout   time.Duration // the time limit on one decision of an exec: player (0: external.DefaultTimeout)
	StderrDir string        // keep exec: players' stderr here, one file per game ("": not kept)

	mu    sync.Mutex
	pools []*external.Pool
	names []string // each pool's player name
}

// ErrNoExec reports an exec: player where a command cannot run one.
var ErrNoExec = errors.New("exec: players are not available in this command")

// Entrant resolves one player name.
func (ps *Resolver) Entrant(name string) (sim.Entrant, error) {
	command, ok := strings.CutPrefix(name, "exec:")
	if !ok {
		return NewEntrant(name)
	}
	pool, err := ps.pool(name, command, external.Hello)
	if err != nil {
		return sim.Entrant{}, err
	}
	return sim.Entrant{Name: name, New: func(*rand.Rand) gin.Player { return pool.Player() }}, nil
}

// pool makes the pool of the exec: player name running command, which
// speaks the protocol of the game hello names.
func (ps *Resolver) pool(name, command, hello string) (*external.Pool, error) {
	if ps == nil {
		return nil, ErrNoExec
	}
	timeout := ps.Timeout
	if timeout == 0 {
		timeout = external.DefaultTimeout
	}
	if timeout < 0 {
		return nil, fmt.Errorf("player %q: a time limit of %v: want a positive duration", name, timeout)
	}
	pool, err := external.NewPool(external.Options{
		Command: strings.Fields(strings.Trim(command, `"'`)), Timeout: timeout, StderrDir: ps.StderrDir, Hello: hello,
	})
	if err != nil {
		return nil, err // it names the command
	}
	ps.mu.Lock()
	ps.pools = append(ps.pools, pool)
	ps.names = append(ps.names, name)
	ps.mu.Unlock()
	return pool, nil
}

// Parse reads two player names separated by a comma, the logged one
// first, as --players gives them.
func (ps *Resolver) Parse(list string) ([2]sim.Entrant, error) {
	var out [2]sim.Entrant
	names := strings.Split(list, ",")
	if len(names) != 2 {
		return out, fmt.Errorf("want two names separated by a comma, got %q", list)
	}
	for i, name := range names {
		var err error
		if out[i], err = ps.Entrant(strings.TrimSpace(name)); err != nil {
			return out, err
		}
	}
	return out, nil
}

// ExecStats is how close one exec: player ran to the server's limits.
type ExecStats struct {
	Name string // the player's name, exec:CMD
	external.Stats
}

// Stats returns the decision times and longest memory of each exec:
// player resolved so far, in the order they were resolved (one entry per
// Entrant call, so a name given twice has two).
func (ps *Resolver) Stats() []ExecStats {
	if ps == nil {
		return nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	out := make([]ExecStats, len(ps.pools))
	for i, p := range ps.pools {
		out[i] = ExecStats{Name: ps.names[i], Stats: p.Stats()}
	}
	return out
}

// Watch kills every exec: process at once if ctx is cancelled, and
// returns the function that stops watching and closes the pools, to call
// when the command ends.
func (ps *Resolver) Watch(ctx context.Context) (stop func()) {
	each := func(f func(*external.Pool)) {
		ps.mu.Lock()
		defer ps.mu.Unlock()
		for _, p := range ps.pools {
			f(p)
		}
	}
	unwatch := context.AfterFunc(ctx, func() { each((*external.Pool).Kill) })
	return func() {
		unwatch()
		each((*external.Pool).Close)
	}
}

// ForfeitCodes lists the codes a forfeit can have, the rules engine's and
// the exec: players' own, with what they mean.
func ForfeitCodes() [][2]string {
	var out [][2]string
	seen := map[string]bool{}
	for _, c := range append(append([][2]string{}, sim.Codes...), external.Codes...) {
		if !seen[c[0]] {
			seen[c[0]] = true
			out = append(out, c)
		}
	}
	return out
}
