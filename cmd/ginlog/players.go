package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

type playersOptions struct {
	format  render.Format
	merge   []string
	as      string
	unmerge []string
}

func newPlayersCmd(a *app) *cobra.Command {
	var (
		opts   playersOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "players",
		Short: "List the Hearts players, and merge or unmerge their identities",
		Long: `Players lists the players of the Hearts games: the name the Hearts queries
give each, the qualified ids it stands for, the ids (folder names) in the
logs, its games, its hands whose points are known (verified games), its
points per hand over them, and the origins its games came from.

A Hearts player's id in the logs is the name of its folder, so player 1 of
two repositories would be one player. ginlog qualifies it by where its game
came from, the origin: the import's --source, or else the name of the
folder given to ingest; then the path from there to the folder holding the
player folders. ingest ../hearts with repoA/logs/1/<stamp>.csv in it gives
the player hearts/repoA/logs/1; with --source fit2102, fit2102/repoA/logs/1.

--merge says that the players named (qualified ids, or names already
merged) are one player, named --as (the first one's name without it); every
Hearts query, the report and the export then count them as one, and ingest
applies the merge to the games it loads later. --unmerge undoes the merges
of a name (or of one merged id). Both are stored in the database.

Gin Rummy games have no players besides the logged player ("you") and its
opponent, whose names are the opponent tags: ginlog opponents lists those.
Exit status 5 means the database holds no Hearts games.`,
		Example: `  ginlog players
  ginlog players --format csv
  ginlog players --merge repoA/logs/1 repoB/logs/alice --as alice
  ginlog players --unmerge alice
  ginlog query hearts-points                 # per player, merged players as one`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			f := cmd.Flags()
			switch {
			case len(opts.merge) > 0 && len(opts.unmerge) > 0:
				return usagef("--merge and --unmerge: choose one")
			case f.Changed("as") && len(opts.merge) == 0:
				return usagef("--as names the player of a --merge: give --merge too")
			case f.Changed("as") && opts.as == "":
				return usagef("--as: give a name")
			case len(opts.merge) == 1 && !f.Changed("as"):
				return usagef("--merge: name two players or more, or one and --as to rename it")
			}
			if opts.as != "" {
				if err := checkLabel("--as", opts.as); err != nil {
					return err
				}
			}
			return runPlayers(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	formatFlag(cmd, &format, "output format")
	columnsFlag(cmd)
	f.StringSliceVar(&opts.merge, "merge", nil, "the players to merge into one: qualified ids or merged names (a,b or repeated)")
	f.StringVar(&opts.as, "as", "", "the name of the merged player (default the first player's)")
	f.StringSliceVar(&opts.unmerge, "unmerge", nil, "undo the merges of these names or merged ids")
	return cmd
}

func runPlayers(ctx context.Context, a *app, opts playersOptions) error {
	switch {
	case len(opts.merge) > 0:
		return runMerge(ctx, a, opts)
	case len(opts.unmerge) > 0:
		return runUnmerge(ctx, a, opts)
	}
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	players, err := queries.HeartsIdentities(ctx, db.DB, selection.Filters{})
	if errors.Is(err, selection.ErrNoGames) {
		return fmt.Errorf("%w; Gin games have no players but you and the opponent tags, which ginlog opponents lists", err)
	}
	if err != nil {
		return err
	}
	return a.writeTable(opts.format, playersTable(players))
}

// playersTable lays out the Hearts players.
func playersTable(players []queries.HeartsIdentity) *render.Table {
	t := &render.Table{Columns: render.Cols("player", "identities", "ids", "games", "hands", "points_per_hand", "origins")}
	for _, p := range players {
		var pph any
		if p.PointsPerHand != nil {
			pph = *p.PointsPerHand
		}
		t.Append(p.Player, p.Identities, p.IDs, int64(p.Games), int64(p.Hands), pph, p.Origins)
	}
	return t
}

func runMerge(ctx context.Context, a *app, opts playersOptions) error {
	db, err := a.openExisting(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	as := opts.as
	if as == "" {
		as = opts.merge[0]
	}
	m, err := organise.Merge(ctx, db.DB, opts.merge, as)
	if err != nil {
		return playersError(err)
	}
	fmt.Fprintf(a.out, "merged %s as %s: %s\n", plural(len(m.Identities), "player"), m.Name, strings.Join(m.Identities, ", "))
	return nil
}

func runUnmerge(ctx context.Context, a *app, opts playersOptions) error {
	db, err := a.openExisting(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	ms, err := organise.Unmerge(ctx, db.DB, opts.unmerge)
	if err != nil {
		return playersError(err)
	}
	for _, m := range ms {
		fmt.Fprintf(a.out, "unmerged %s: %s, each a player of its own again\n", m.Name, strings.Join(m.Identities, ", "))
	}
	return nil
}

// playersError makes a name that names no player, or no merge, a usage
// error.
func playersError(err error) error {
	if errors.Is(err, organise.ErrNoPlayer) || errors.Is(err, organise.ErrNotMerged) || errors.Is(err, organise.ErrBadLabel) {
		return usagef("%v", err)
	}
	return err
}
