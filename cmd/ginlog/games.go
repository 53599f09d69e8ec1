package main

import (
	"context"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

type gamesOptions struct {
	filters selection.Filters
	format  render.Format
	game    string
}

func newGamesCmd(a *app) *cobra.Command {
	var (
		opts   gamesOptions
		ff     filterFlags
		format string
	)
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games in the database",
		Long: `Games lists every game the filters select, verified or not (games logged by
the other player of a game already loaded are left out), with its final
score, its winner and its verify verdict: ok, the number of violations, or
"not verified" for a game verify has not seen yet. The game_id column is
what show, verify --game-id and the --game-id filter take. Exit status 5
means the filters select no games. --game hearts lists the Hearts games
instead:
their players by pos, hands, how the card order was read, determined
hands, final totals and verify verdict.`,
		Example: `  ginlog games
  ginlog games --opponent bot7 --since 2020-11-07 --format csv
  ginlog games --game hearts`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			if err := checkKind(opts.game); err != nil {
				return err
			}
			return runGames(cmd.Context(), a, opts)
		},
	}
	formatFlag(cmd, &format, "output format")
	columnsFlag(cmd)
	gameKindFlag(cmd, &opts.game, queries.GameGin, "the games to list: gin or hearts")
	ff.register(a, cmd, 0)
	return cmd
}

func runGames(ctx context.Context, a *app, opts gamesOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	list := queries.Games
	if opts.game == queries.GameHearts {
		list = queries.HeartsGames
	}
	res, err := list(ctx, db.DB, opts.filters)
	if err != nil {
		return err
	}
	return a.writeTable(opts.format, resultTable(res))
}
