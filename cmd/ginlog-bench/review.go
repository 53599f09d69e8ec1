package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type reviewOptions struct {
	cfg    bench.ReviewConfig
	format render.Format
}

// defaultReviewed are the players review calibrates on: the broken
// players, the player they break, and ginlog's best.
const defaultReviewed = "simple,broken:never-knock,broken:high-discard,broken:never-take,rollout:default"

func newReviewCmd(a *app) *cobra.Command {
	var (
		opts         reviewOptions
		list, format string
		quiet        bool
	)
	cmd := &cobra.Command{
		Use:   "review",
		Short: "Calibrate ginlog review on players with known flaws",
		Long: `Review plays --games games of each of --players against --opponent on the
same deals (the same --seed), writes their logs, imports them and reviews
every decision of the first seat as ginlog review does, with the default
weights unless --weights names others. For each player it reports the
review's speed (decisions a second, all cores), accuracy, blunders, points
lost a game and top leak.

For the broken players (simple with one deliberate flaw: never knocks,
always discards its highest card, never takes the face-up card) it prices
the flaw twice, in net points a round: by the review (the losses it finds
in the flaw's kind of decision less those it finds in the games of
--fixed, the player without the flaw) and by the games (--fixed's net
points a round less the broken player's, round by round on the same
deals). Each has a 95% interval from resampling the games; "gap" is the
first less the second, and the calibration holds where its interval
holds 0.`,
		Example: `  ginlog-bench review --games 200 --seed 2626
  ginlog-bench review --players simple,broken:never-knock --deals 64 --format markdown`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			if opts.cfg.Games < 1 || opts.cfg.Deals < 1 {
				return usagef("--games and --deals: want at least 1")
			}
			for _, name := range strings.Split(list, ",") {
				if _, err := players.NewEntrant(name); err != nil {
					return usagef("--players: %v", err)
				}
				opts.cfg.Players = append(opts.cfg.Players, name)
			}
			if !quiet {
				opts.cfg.Log = a.err
			}
			return runReview(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&list, "players", defaultReviewed, "the reviewed players, comma-separated, each in the logged seat")
	f.StringVar(&opts.cfg.Fixed, "fixed", "simple", "the player the broken players are priced against (among --players)")
	f.StringVar(&opts.cfg.Opponent, "opponent", "simple", "the opponent of every reviewed player")
	f.IntVar(&opts.cfg.Games, "games", 200, "games a player")
	f.Uint64Var(&opts.cfg.Seed, "seed", 2626, "the deals' seed")
	f.IntVar(&opts.cfg.Deals, "deals", tuned.DefaultRolloutConfig.Samples, "the judge's deals a move, as review's --deals")
	f.StringVar(&opts.cfg.Weights, "weights", players.DefaultWeights, "the judge's weights file")
	f.IntVar(&opts.cfg.Workers, "workers", 0, "games played and reviewed at once (0: one per CPU)")
	f.BoolVarP(&quiet, "quiet", "q", false, "no progress messages on stderr")
	f.StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	return cmd
}

func runReview(ctx context.Context, a *app, opts reviewOptions) error {
	rows, err := bench.Review(ctx, opts.cfg)
	if err != nil {
		return err
	}
	speed := &render.Table{Columns: []render.Column{{Name: "player"}, {Name: "games"}, {Name: "decisions"},
		{Name: "review s", Format: "%.1f"}, {Name: "CPU s", Format: "%.1f"}, {Name: "decisions/s", Format: "%.0f"},
		{Name: "accuracy", Format: "%.3f"}, {Name: "blunders/100", Format: "%.2f"},
		{Name: "lost/game", Format: "%.1f"}, {Name: "top leak"}}}
	prices := &render.Table{Columns: []render.Column{{Name: "player"}, {Name: "habit"}, {Name: "top leak's kind"},
		{Name: "review's price"}, {Name: "games' price"}, {Name: "gap"}, {Name: "agree"}}}
	for _, r := range rows {
		speed.Append(r.Player, r.Games, r.Decisions, r.Seconds, r.CPU, float64(r.Decisions)/r.Seconds,
			r.Accuracy, 100*float64(r.Blunders)/float64(max(r.Decisions, 1)), r.Lost, r.TopLeak)
		if r.HasHabit {
			agree := "yes"
			if r.Gap.Lo > 0 || r.Gap.Hi < 0 {
				agree = "no"
			}
			prices.Append(r.Player, r.Habit.String(), r.TopKind.String(), interval(r.Cost), interval(r.Measured), interval(r.Gap), agree)
		}
	}
	if err := render.Write(a.out, opts.format, speed, tableLayout(a.out)); err != nil {
		return err
	}
	if len(prices.Rows) == 0 {
		return nil
	}
	if _, err := fmt.Fprintf(a.out, "\nthe habits' price, net points a round (95%%, %d games resampled):\n", opts.cfg.Games); err != nil {
		return err
	}
	return render.Write(a.out, opts.format, prices, tableLayout(a.out))
}

// interval writes an estimate and its interval: "3.21 (2.80 to 3.66)".
func interval(i bench.Interval) string {
	return fmt.Sprintf("%.2f (%.2f to %.2f)", i.Value, i.Lo, i.Hi)
}
