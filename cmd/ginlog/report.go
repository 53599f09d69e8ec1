package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/report"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	opts    report.Options
	out     string
	weights string // the weights whose inference model the report scores
}

func newReportCmd(a *app) *cobra.Command {
	var (
		opts reportOptions
		ff   filterFlags
	)
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Write a self-contained HTML report with charts",
		Long: `Report writes one HTML file that opens anywhere without a network:
a summary of the games; the opponent's tendencies you can play against,
ranked by how far its 95% interval lies from yours, each with its size
and what to do about it; you and the opponent side by side on the same
measures (face-up takes by relation and by rank, knocks passed up, knock
deadwood and timing, discards, meld declarations); the chosen player's
52-card maps on fixed scales (face-up cards taken, cards melded at the
end, the holder's points); the running score of a game (--game-id) or of
the last games; the verify verdicts and the points lost to weak meld
declarations. Blue is you and orange the opponent throughout; what rests
on fewer than --min-sample cases is drawn pale, hatched or grey. Each
chart says how to read it and lists its data. The Hearts games the
filters select get a section of their own (points per hand, the queen of
spades, moon attempts, hearts leads, voids, how the card order was read),
or the whole report when there is no Gin game.

--weights FILE (weights of format 3, as ginlog fit writes them) adds a
section on reading the opponent's hand (the hand of the player --who
picks): the calibration of the file's inference model and of the Bayesian
filter (predicted chance against the share of the cards held, in ten
bins), and the model's log loss gain over the uniform and over the filter
by phase, with 95% intervals. It scores the held-out games the filters
select, as ginlog fit --evaluate does (one game in ten, by a hash of its
ID, is held out of the fit, so weights fitted on this database are not
scored on the games they learnt from), and reads only the
--inference-games of them imported last (5,000 by default).

It takes the same filters as ginlog query (--who picks the player of the
card maps) and, like it, counts every selected game in the summary and the
running scores, and the verified games only in what comes from the replay
(the tendencies, heat maps, knocks and verdicts), with a line on stderr
saying how many of the selected games are not verified when some are;
ginlog ingest verifies the games it loads. Exit status 5 means the filters select no games (or
--game-id names none).`,
		Example: `  ginlog report --out report.html
  ginlog report --opponent bot7 --since 2020-11-01 --out bot7.html
  ginlog report --who you --game-id 12 --out game12.html
  ginlog report --opponent bot7 --weights bot7.json --out bot7.html`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.opts.Filters, err = ff.parse(); err != nil {
				return err
			}
			opts.opts.Game = opts.opts.Filters.Game
			if opts.weights == "" && cmd.Flags().Changed("inference-games") {
				return usagef("--inference-games caps the games --weights scores: it needs --weights")
			}
			if opts.opts.InferenceGames < 1 {
				return usagef("--inference-games: want at least 1, got %d", opts.opts.InferenceGames)
			}
			if opts.weights != "" {
				if opts.opts.Weights, err = reportWeights(opts.weights); err != nil {
					return err
				}
			}
			return runReport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVarP(&opts.out, "out", "o", "report.html", "the HTML file to write (- for standard output)")
	cmd.Flags().IntVarP(&opts.opts.Recent, "recent", "n", 3, "how many recent games to chart the score of, without --game-id")
	cmd.Flags().StringVar(&opts.weights, "weights", "", "weights of format 3 (ginlog fit): add the section on reading the opponent's hand")
	cmd.Flags().IntVar(&opts.opts.InferenceGames, "inference-games", report.DefaultInferenceGames, "with --weights: score at most this many held-out games, those imported last")
	ff.register(a, cmd, filterWho|filterMinSample)
	return cmd
}

// reportWeights reads the weights of --weights: a weights file with an
// inference model (format 3), or a usage error saying what is needed.
func reportWeights(path string) (*model.Weights, error) {
	w, err := players.LoadWeights(path)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, model.ErrRange):
		return nil, usagef("--weights: %v", err)
	case err != nil:
		return nil, usagef("--weights: %v: want a weights file of format %d, as ginlog fit writes", err, model.FormatVersion)
	}
	if w.Inference == nil {
		return nil, usagef("--weights %s: weights format %d has no inference model; the section on reading the opponent's hand needs format 3 or later: fit them again with ginlog fit",
			path, w.Version)
	}
	return w, nil
}

func runReport(ctx context.Context, a *app, opts reportOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if opts.out == "-" {
		if err := report.Write(ctx, db.DB, opts.opts, a.out); err != nil {
			return err
		}
	} else {
		err = safefile.Write(opts.out, 0o644, func(w io.Writer) error { return report.Write(ctx, db.DB, opts.opts, w) })
		if err != nil {
			return outError("--out", err)
		}
		fmt.Fprintf(a.err, "wrote %s in %.2f s\n", opts.out, time.Since(start).Seconds())
	}
	return warnUnverified(ctx, a, db.DB, opts.opts.Filters, queries.GameGin, queries.GameHearts)
}
