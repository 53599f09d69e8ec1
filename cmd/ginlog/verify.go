package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	sel    store.Selection
	format render.Format
}

func newVerifyCmd(a *app) *cobra.Command {
	var (
		opts   verifyOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Replay games through the rules engine, check them and explain their scores",
		Long: `Verify rebuilds every round of the games not verified yet from the stored
plays, checks each play against the rules, and explains each round's score:
exact (both players' optimal deadwood gives it), explained (only a worse
declaration that the hands allow gives it; the points each side lost are
recorded) or impossible (a violation). It stores round_checks, violations
and per-play features. Ingest runs it for the games it loads.

Exit status 3 means violations were found; 5 that --game-id names no game.

Hearts games are verified too: the order of each trick's cards is
recovered (by player id, in reverse play order, or searched: a hand is
determined when exactly one reading obeys the rules and the scores),
every play and score is checked, moon included, and every game's end.
Their deviations are located file:line:column in their logs.

` + heartsBudgetHelp() + `

Violation codes:
` + violationCodesHelp() + `

Hearts deviation codes:
` + heartsCodesHelp(),
		Example: `  ginlog verify
  ginlog verify --all --format json
  ginlog verify --game-id 3`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format, render.Text, render.JSON); err != nil {
				return err
			}
			return runVerify(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.sel.All, "all", false, "verify every game again")
	gameIDFlag(cmd, &opts.sel.Game, "verify one game again and show its rounds (or hands)")
	formatFlag(cmd, &format, "output format", render.Text, render.JSON)
	return cmd
}

func violationCodesHelp() string {
	var b strings.Builder
	for _, c := range replay.Codes {
		fmt.Fprintf(&b, "  %-17s %s\n", c[0], c[1])
	}
	return strings.TrimRight(b.String(), "\n")
}

func runVerify(ctx context.Context, a *app, opts verifyOptions) error {
	db, err := a.openDB(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	v, err := verifyAll(ctx, a, db.DB, opts.sel)
	if err != nil {
		return err
	}
	var detail *gameDetail
	var hdetail *heartsDetail
	switch {
	case opts.sel.Game != 0 && v.gin != nil:
		detail = &gameDetail{}
		if detail.Rounds, detail.Violations, err = store.LoadChecks(ctx, db.DB, opts.sel.Game); err != nil {
			return err
		}
	case opts.sel.Game != 0:
		hdetail = &heartsDetail{}
		if hdetail.Hands, hdetail.Deviations, err = store.LoadHeartsChecks(ctx, db.DB, opts.sel.Game); err != nil {
			return err
		}
	}
	if opts.format == render.JSON {
		out := struct {
			*replay.Summary
			Hearts     *logs.Summary `json:"hearts,omitempty"`
			Game       *gameDetail   `json:"game,omitempty"`
			HeartsGame *heartsDetail `json:"hearts_game,omitempty"`
		}{v.gin, v.hearts, detail, hdetail}
		if err := render.WriteJSON(a.out, out); err != nil {
			return err
		}
	} else if err := writeVerified(a, v, detail, hdetail); err != nil {
		return err
	}
	var problems []string
	if n, games := v.problems(); n > 0 {
		problems = append(problems, fmt.Sprintf("%s in %s; see the violations and hearts_deviations tables", plural(n, "violation"), plural(games, "game")))
	}
	if p := v.unchecked(); p != "" {
		problems = append(problems, p)
	}
	if len(problems) > 0 {
		return &rejectedError{strings.Join(problems, "; ")}
	}
	return nil
}

// writeVerified writes what verify found: the Gin summary unless only
// Hearts games were verified, then the Hearts summary if any were.
func writeVerified(a *app, v verified, detail *gameDetail, hdetail *heartsDetail) error {
	if v.gin != nil && (v.gin.Games > 0 || v.hearts == nil || v.hearts.Games == 0) {
		if err := writeVerifySummary(a, v.gin, detail); err != nil {
			return err
		}
	}
	if v.hearts == nil || v.hearts.Games == 0 && hdetail == nil {
		return nil
	}
	if v.gin != nil && v.gin.Games > 0 {
		fmt.Fprintln(a.out)
	}
	if err := writeHeartsVerifySummary(a.out, v.hearts, a.layout(a.out)); err != nil || hdetail == nil {
		return err
	}
	fmt.Fprintln(a.out)
	return writeHeartsDetail(a.out, hdetail, a.layout(a.out))
}

// gameDetail is one game's verdicts.
type gameDetail struct {
	Rounds     []store.StoredRound     `json:"rounds"`
	Violations []store.StoredViolation `json:"violations"`
}

// verifyWithProgress verifies the selected Gin games, then builds the
// rollups of the blocks this run (or an earlier one, or a migration) left
// uncovered: the named queries read them. The time the summary gives
// includes the rollups'.
func verifyWithProgress(ctx context.Context, a *app, db *sql.DB, sel store.Selection) (*replay.Summary, error) {
	var bar *progress.Bar
	sum, err := store.Verify(ctx, db, sel,
		func(n int) { bar = progress.New(a.err, "verify", n, a.isTerminal(a.err)) },
		func() { bar.Add(1) })
	bar.Done()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := queries.RefreshRollups(ctx, db, 0); err != nil {
		return nil, err
	}
	sum.Seconds += time.Since(start).Seconds()
	sum.GamesPerS = float64(sum.Games) / max(sum.Seconds, 1e-9)
	return sum, nil
}

func writeVerifySummary(a *app, s *replay.Summary, detail *gameDetail) error {
	w := a.out
	fmt.Fprintf(w, "verified %s in %.2f s (%.0f games/s)\n", plural(s.Games, "game"), s.Seconds, s.GamesPerS)
	fmt.Fprintf(w, "rounds: %d exact, %d explained, %d impossible\n", s.Rounds[replay.Exact], s.Rounds[replay.Explained], s.Rounds[replay.Impossible])
	fmt.Fprintf(w, "points lost to weak meld declarations: you %d, opp %d\n", s.LostYou, s.LostOpp)
	if len(s.Violations) == 0 {
		fmt.Fprintln(w, "violations: none")
	} else {
		fmt.Fprintf(w, "violations in %s:\n", plural(s.GamesWithBad, "game"))
		t := &render.Table{Columns: render.Cols("code", "count")}
		for _, c := range s.SortedCodes() {
			t.Append(c, s.Violations[c])
		}
		if err := render.Write(w, render.Text, t, a.layout(w)); err != nil {
			return err
		}
	}
	if detail == nil {
		return nil
	}
	fmt.Fprintln(w)
	return writeGameDetail(w, detail, a.layout(w))
}

func writeGameDetail(w io.Writer, d *gameDetail, layout render.Layout) error {
	t := &render.Table{Columns: render.Cols("round", "action", "caller", "you", "opp", "status",
		"best you", "best opp", "declared you", "declared opp", "lost you", "lost opp")}
	for _, r := range d.Rounds {
		t.Append(r.Round, r.Action, r.Caller, r.YouPoints, r.OppPoints, r.Status,
			r.BestYou, r.BestOpp, r.DeclaredYou, r.DeclaredOpp, r.LostYou, r.LostOpp)
	}
	if err := render.Write(w, render.Text, t, layout); err != nil {
		return err
	}
	for _, v := range d.Violations {
		fmt.Fprintf(w, "round %d ply %d: %s: %s\n", v.Round, v.Ply, v.Code, v.Message)
	}
	return nil
}
