package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/extplayer"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/sim"
	"github.com/spf13/pflag"
)

// execPlayers resolves the exec:CMD players of one command: the flags that
// configure them, and the process pools to stop when the command ends.
type execPlayers struct {
	timeout   time.Duration
	stderrDir string
	pools     *poolSet // shared by the copies of the command's options
}

// poolSet is the pools of a command; a cancellation reads it from another
// goroutine.
type poolSet struct {
	mu    sync.Mutex
	pools []*extplayer.Pool
}

// set returns the pools, creating the set on first use.
func (ex *execPlayers) set() *poolSet {
	if ex.pools == nil {
		ex.pools = &poolSet{}
	}
	return ex.pools
}

const execHelp = `exec:CMD plays a program of yours that speaks ginlog's line protocol
(docs/protocol.md), for example a FIT2102 Player.hs built with the main
module of ginlog bridge haskell. CMD is split on spaces: exec:./mybot or
exec:"./mybot --fast". Its decisions are held to the server's rules: a
reply within --timeout, a memory of at most 10,000 characters, legal
moves; a violation forfeits the game (see the codes below).
`

// addFlags adds --timeout and --stderr-dir to f.
func (ex *execPlayers) addFlags(f *pflag.FlagSet) {
	f.DurationVar(&ex.timeout, "timeout", extplayer.DefaultTimeout, "time limit on one decision of an exec: player")
	f.StringVar(&ex.stderrDir, "stderr-dir", "", "keep what exec: players write on stderr in DIR/<timestamp>-<seat>.stderr, one file per game")
}

// entrant returns the entrant for name if it is exec:CMD; ok is false for
// any other name. A nil ex takes no exec: players.
func (ex *execPlayers) entrant(name string) (e sim.Entrant, ok bool, err error) {
	command, ok := strings.CutPrefix(name, "exec:")
	if !ok {
		return e, false, nil
	}
	if ex == nil {
		return e, true, errors.New("exec: players are not available in this command")
	}
	if ex.timeout <= 0 {
		return e, true, fmt.Errorf("--timeout: want a positive duration, got %v", ex.timeout)
	}
	pool, err := extplayer.NewPool(extplayer.Options{
		Command: strings.Fields(strings.Trim(command, `"'`)), Timeout: ex.timeout, StderrDir: ex.stderrDir,
	})
	if err != nil {
		return e, true, err
	}
	set := ex.set()
	set.mu.Lock()
	set.pools = append(set.pools, pool)
	set.mu.Unlock()
	return sim.Entrant{Name: name, New: func(*rand.Rand) gin.Player { return pool.Player() }}, true, nil
}

// watch kills every process of ex at once if ctx is cancelled, and
// returns the function that stops watching and closes the pools when the
// command ends.
func (ex *execPlayers) watch(ctx context.Context) func() {
	set := ex.set()
	each := func(f func(*extplayer.Pool)) {
		set.mu.Lock()
		defer set.mu.Unlock()
		for _, p := range set.pools {
			f(p)
		}
	}
	stop := context.AfterFunc(ctx, func() { each((*extplayer.Pool).Kill) })
	return func() {
		stop()
		each((*extplayer.Pool).Close)
	}
}

// forfeitCodesHelp lists the codes a forfeit can have.
func forfeitCodesHelp() string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, c := range append(append([][2]string{}, sim.Codes...), extplayer.Codes...) {
		if !seen[c[0]] {
			seen[c[0]] = true
			fmt.Fprintf(&b, "  %-17s %s\n", c[0], c[1])
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// forfeitLog collects the forfeits of a match, to print them in game
// order.
type forfeitLog struct {
	games []*sim.Game
}

func (l *forfeitLog) add(g *sim.Game) {
	if g.Forfeit != nil {
		l.games = append(l.games, g)
	}
}

// maxForfeitLines bounds the forfeits printed one by one.
const maxForfeitLines = 20

// write prints the forfeits, located as verify locates a violation: game
// (with its timestamp), round, ply, the offender, code and message.
func (l *forfeitLog) write(w io.Writer, players [2]sim.Entrant) {
	sort.Slice(l.games, func(i, j int) bool { return l.games[i].Index < l.games[j].Index })
	for i, g := range l.games {
		if i == maxForfeitLines {
			fmt.Fprintf(w, "... and %d more forfeits\n", len(l.games)-i)
			break
		}
		f := g.Forfeit
		fmt.Fprintf(w, "game %d (%d) round %d ply %d: %s (%s) forfeits: %s: %s\n",
			g.Index, g.Timestamp, f.Round, f.Ply, string(rune('A'+f.Seat)), players[f.Seat].Name, f.Code, f.Msg)
	}
}
