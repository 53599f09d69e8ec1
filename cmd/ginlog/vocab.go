package main

import (
	"fmt"
	"strconv"

	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

// The vocabulary every command shares:
//
//	--game KIND   the game kind: gin or hearts (ingest, simulate, export, games)
//	--game-id N   one game of the database (the filters, verify, retrace)
//
// Their old spellings still work, hidden, and say on stderr what to use
// instead: games' --kind, and --game N for a game id. TestGameVocabulary
// walks the tree and fails on a flag that names a kind or an id otherwise.

// gameKinds lists the values of --game, the game kind.
var gameKinds = []string{queries.GameGin, queries.GameHearts}

// oneOf checks that got is one of valid, as the value of flag ("--format"):
// otherwise a usage error of one line that suggests the close values and
// lists them all: `--format: no format "jsno" (did you mean json?); want
// table, csv, json or markdown`. noun names what the values are.
func oneOf(flag, noun, got string, valid ...string) error {
	for _, v := range valid {
		if v == got {
			return nil
		}
	}
	return &usageError{err: fmt.Errorf("%s: %w", flag, suggest.NoSuch(noun, got, valid))}
}

// checkKind checks the value of --game, the game kind.
func checkKind(kind string, kinds ...string) error {
	if len(kinds) == 0 {
		kinds = gameKinds
	}
	return oneOf("--game", "game kind", kind, kinds...)
}

// gameFlag is the value of --game. On a command that takes a game kind it
// holds the kind; a number given to it on a command that also takes a game
// id is the old spelling of --game-id, which it sets after saying so. On a
// command that takes no kind, --game is only that old spelling, hidden.
type gameFlag struct {
	cmd  *cobra.Command
	kind *string // nil: the command takes no game kind
	id   *int64  // nil: the command takes no game id
}

func (g *gameFlag) String() string {
	switch {
	case g.kind != nil:
		return *g.kind
	case g.id != nil && *g.id != 0:
		return strconv.FormatInt(*g.id, 10)
	}
	return ""
}

func (g *gameFlag) Type() string { return "string" }

func (g *gameFlag) Set(s string) error {
	if g.id != nil {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			fmt.Fprintf(g.cmd.ErrOrStderr(), "--game N is now --game-id; use --game-id %s\n", s)
			*g.id = n
			return nil
		}
	}
	if g.kind == nil {
		return usagef("--game: %s takes no game kind, got %q; a game id is --game-id N", g.cmd.CommandPath(), s)
	}
	*g.kind = s
	return nil
}

// kindAlias is the value of --kind, the old spelling of --game KIND.
type kindAlias struct {
	cmd  *cobra.Command
	kind *string
}

func (k *kindAlias) String() string { return *k.kind }

func (k *kindAlias) Type() string { return "string" }

func (k *kindAlias) Set(s string) error {
	fmt.Fprintf(k.cmd.ErrOrStderr(), "--kind is now --game; use --game %s\n", s)
	*k.kind = s
	return nil
}

// gameOf returns cmd's --game value, registering it (hidden, as the old
// spelling of --game-id) when cmd has none yet.
func gameOf(cmd *cobra.Command) *gameFlag {
	if f := cmd.Flags().Lookup("game"); f != nil {
		return f.Value.(*gameFlag)
	}
	g := &gameFlag{cmd: cmd}
	f := cmd.Flags().VarPF(g, "game", "", "a game id: now --game-id")
	f.Hidden = true
	return g
}

// gameKindFlag registers --game, the game kind, storing it in p with the
// default def, and --kind, its old spelling, hidden. kinds are the values
// allowed (gin and hearts when none is given), which it completes.
func gameKindFlag(cmd *cobra.Command, p *string, def, usage string, kinds ...string) {
	if len(kinds) == 0 {
		kinds = gameKinds
	}
	*p = def
	g := gameOf(cmd)
	g.kind = p
	f := cmd.Flags().Lookup("game")
	f.Hidden, f.Usage, f.DefValue = false, usage, def
	mustComplete(cmd, "game", fixedCompletion(kinds...))
	alias := cmd.Flags().VarPF(&kindAlias{cmd: cmd, kind: p}, "kind", "", "the game kind: now --game")
	alias.Hidden = true
}

// gameIDFlag registers --game-id, one game of the database, storing it in
// p, and --game N, its old spelling (a hidden flag of its own on a command
// that takes no game kind).
func gameIDFlag(cmd *cobra.Command, p *int64, usage string) {
	cmd.Flags().Int64Var(p, "game-id", 0, usage)
	mustComplete(cmd, "game-id", cobra.NoFileCompletions)
	gameOf(cmd).id = p
}
