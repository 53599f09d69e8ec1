package main

import (
	"context"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

// gamesSQL lists the selected games with their verdicts; it reads the
// filtered views of the queries package.
const gamesSQL = `SELECT g.game_id, g.log_ts, strftime(g.played_at, '%Y-%m-%d %H:%M') AS played_at,
       g.opponent, g.source, g.rounds, g.plays, g.you_total AS you, g.opp_total AS opp, g.winner::VARCHAR AS winner,
       CASE WHEN c.game_id IS NULL THEN 'not verified'
            WHEN c.violations > 0 THEN c.violations::VARCHAR || ' violations'
            ELSE 'ok' END AS verified,
       c.explained AS explained_rounds
FROM sel_games g LEFT JOIN game_checks c USING (game_id)
ORDER BY g.log_ts, g.game_id`

func newGamesCmd(a *app) *cobra.Command {
	var (
		ff     filterFlags
		format string
	)
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games in the database",
		Long: `Games lists the games the filters select (games logged by the other player
of a game already loaded are left out), with their final score, their
winner and the verify verdict. The game_id column is what show, verify
--game and the --game filters take.`,
		Example: `  ginlog games
  ginlog games --opponent bot7 --since 2020-11-07 --format csv`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := render.ParseFormat(format)
			if err != nil {
				return usagef("--format: %v", err)
			}
			filters, err := ff.parse()
			if err != nil {
				return err
			}
			return runGames(cmd.Context(), a, filters, f)
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	ff.register(cmd)
	return cmd
}

func runGames(ctx context.Context, a *app, f queries.Filters, format render.Format) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	res, err := queries.Run(ctx, db.DB, queries.Query{Name: "games", SQL: gamesSQL}, f)
	if err != nil {
		return err
	}
	return render.Write(a.out, format, resultTable(res), a.isTerminal(a.out))
}
