package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/sim"
	"github.com/spf13/pflag"
)

const execHelp = `exec:CMD plays a program of yours that speaks ginlog's line protocol
(docs/protocol.md), for example a FIT2102 Player.hs built with the main
module of ginlog bridge haskell. CMD is split on spaces: exec:./mybot or
exec:"./mybot --fast". Its decisions are held to the server's rules: a
reply within --timeout, a memory of at most 10,000 characters, legal
moves; a violation forfeits the game (see the codes below).
`

// addExecFlags adds --timeout and --stderr-dir, the options of the exec:
// players ps starts.
func addExecFlags(f *pflag.FlagSet, ps *players.Resolver) {
	f.DurationVar(&ps.Timeout, "timeout", external.DefaultTimeout, "time limit on one decision of an exec: player")
	f.StringVar(&ps.StderrDir, "stderr-dir", "", "keep what exec: players write on stderr in DIR/<timestamp>-<seat>.stderr, one file per game, cut after its first MiB")
}

// parsePlayers reads a --players flag (list): two player names separated
// by a comma, the logged one first, resolved by ps (nil: no exec: players).
func parsePlayers(list string, ps *players.Resolver) ([2]sim.Entrant, error) {
	if err := checkExecFlags(ps); err != nil {
		return [2]sim.Entrant{}, usagef("--players: %v", err)
	}
	p, err := ps.Parse(list)
	if err != nil {
		return p, usagef("--players: %v", err)
	}
	return p, nil
}

// entrant resolves one player name with ps.
func entrant(name string, ps *players.Resolver) (sim.Entrant, error) {
	if err := checkExecFlags(ps); err != nil {
		return sim.Entrant{}, err
	}
	return ps.Entrant(name)
}

// checkExecFlags checks the flags of exec: players.
func checkExecFlags(ps *players.Resolver) error {
	if ps != nil && ps.Timeout <= 0 {
		return fmt.Errorf("--timeout: want a positive duration, got %v", ps.Timeout)
	}
	return nil
}

// makeStderrDir creates the --stderr-dir folder if it is missing: a file,
// or a link to one, there is a usage error.
func makeStderrDir(ps *players.Resolver) error {
	if ps.StderrDir == "" {
		return nil
	}
	if err := safefile.MakeDir(ps.StderrDir); err != nil {
		return outError("--stderr-dir", err)
	}
	return nil
}

// matchError makes a refusal to write a match's files, where a link, pipe
// or folder is in the way, a usage error of the flag that named their
// folder: --stderr-dir for a bot's stderr, --out for the logs.
func matchError(err error) error {
	if errors.Is(err, external.ErrStderr) {
		return outError("--stderr-dir", err)
	}
	return outError("--out", err)
}

// forfeitCodesHelp lists the codes a forfeit can have.
func forfeitCodesHelp() string {
	var b strings.Builder
	for _, c := range players.ForfeitCodes() {
		fmt.Fprintf(&b, "  %-17s %s\n", c[0], c[1])
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
