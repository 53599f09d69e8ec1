package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

type showOptions struct {
	game  int64
	round int
}

func newShowCmd(a *app) *cobra.Command {
	var opts showOptions
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Replay a game turn by turn, with both hands",
		Long: `Show prints a game as the replay rebuilt it: per round, who moved first,
the face-up card and how the round ended, then every play with the card
drawn (and from where), the card discarded, and both hands after the play,
melds in brackets and deadwood in parentheses. Each round ends with its
score and the verify verdict. GAME is a game_id, as ginlog games lists them;
exit status 5 means there is no such game.

A Hearts game is shown hand by hand (--round picks a hand): each trick's
cards by player when the hand is determined, the leader marked > and the
card that took the trick *, in the log's order otherwise; then the hand's
points and the running totals, and the deviations verify finds.`,
		Example: `  ginlog show 3
  ginlog show 3 --round 2`,
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id < 1 {
				return usagef("GAME must be a game id, not %q", args[0])
			}
			opts.game = id
			return runShow(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.round, "round", 0, "show only this round")
	return cmd
}

func runShow(ctx context.Context, a *app, opts showOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	kind, err := store.GameKind(ctx, db.DB, opts.game)
	if err != nil {
		return err
	}
	if kind == schema.KindHearts {
		return showHearts(ctx, a, db.DB, opts)
	}
	g, err := store.LoadGame(ctx, db.DB, opts.game)
	if err != nil {
		return err
	}
	games, err := store.Load(ctx, db.DB, []int64{opts.game})
	if err != nil {
		return err
	}
	checks, violations, err := store.LoadChecks(ctx, db.DB, opts.game)
	if err != nil {
		return err
	}
	marks, err := loadShowMarks(ctx, db.DB, opts.game)
	if err != nil {
		return err
	}
	if opts.round < 0 || opts.round > len(checks) {
		return usagef("--round: game %d has rounds 1 to %d", opts.game, len(checks))
	}
	w := a.out
	fmt.Fprintf(w, "game %d: %d.csv, played %s", opts.game, g.LogTS, time.Unix(g.LogTS, 0).UTC().Format("2006-01-02 15:04:05 UTC"))
	if g.Opponent != "" {
		fmt.Fprintf(w, ", opponent %s", g.Opponent)
	}
	if g.Source != "" {
		fmt.Fprintf(w, ", source %s", g.Source)
	}
	fmt.Fprintf(w, "\nfinal score: you %d, opp %d; %s won\n", g.Totals[gin.You], g.Totals[gin.Opp], g.Winner)
	fmt.Fprint(w, marks.legend())
	for i, r := range games[0].Rounds {
		if opts.round != 0 && r.Number != opts.round {
			continue
		}
		var vs []store.StoredViolation
		for _, v := range violations {
			if v.Round == r.Number {
				vs = append(vs, v)
			}
		}
		if err := showRound(w, &r, checks[i], vs, marks, a.layout(w)); err != nil {
			return err
		}
	}
	return nil
}

func showRound(w io.Writer, r *replay.Round, c store.StoredRound, vs []store.StoredViolation, marks *showMarks, layout render.Layout) error {
	if len(r.Plays) == 0 {
		return nil
	}
	first := "opp moves"
	if c.FirstMover == gin.You {
		first = "you move"
	}
	fmt.Fprintf(w, "\nround %d: %s first, face-up %s; %s by %s after %s (%s)\n",
		r.Number, first, r.Plays[0].Top, c.Action, c.Caller, plural(c.Plays, "play"), plural(c.StockDraws, "stock draw"))
	t := &render.Table{Columns: render.Cols("ply", "actor", "draws", "discards", "you (deadwood)", "opp (deadwood)")}
	if marks != nil {
		t.Columns = append(t.Columns, render.Column{Name: "review"})
	}
	for i, hands := range r.Hands() {
		p := &r.Plays[i]
		source := "stock"
		if p.Drawn == p.Top {
			source = "pile"
		}
		row := []any{i + 1, p.Seat.String(), source + " " + p.Drawn.String(), p.Discarded.String(), handText(hands[gin.You]), handText(hands[gin.Opp])}
		if marks != nil {
			row = append(row, marks.at(r.Number, i+1))
		}
		t.Append(row...)
	}
	if err := render.Write(w, render.Text, t, layout); err != nil {
		return err
	}
	fmt.Fprintf(w, "score: you %d, opp %d", c.YouPoints, c.OppPoints)
	switch c.Status {
	case "":
		fmt.Fprint(w, "; not verified yet (run ginlog verify)")
	case replay.Exact:
		fmt.Fprintf(w, "; exact (best deadwood you %d, opp %d)", c.BestYou, c.BestOpp)
	case replay.Explained:
		fmt.Fprintf(w, "; explained: declared you %d, opp %d against best %d and %d; points lost: you %d, opp %d",
			c.DeclaredYou, c.DeclaredOpp, c.BestYou, c.BestOpp, c.LostYou, c.LostOpp)
	default:
		fmt.Fprintf(w, "; %s (best deadwood you %d, opp %d)", c.Status, c.BestYou, c.BestOpp)
	}
	fmt.Fprintln(w)
	for _, v := range vs {
		fmt.Fprintf(w, "violation at ply %d: %s: %s\n", v.Ply, v.Code, v.Message)
	}
	return nil
}

// handText writes a hand arranged optimally: melds in brackets, then the
// deadwood cards, then the deadwood in parentheses.
func handText(h gin.Hand) string {
	arr := gin.Arrange(h)
	var parts []string
	for _, m := range arr.Melds {
		parts = append(parts, "["+m.String()+"]")
	}
	if arr.Deadwood != 0 {
		parts = append(parts, arr.Deadwood.String())
	}
	return fmt.Sprintf("%s (%d)", strings.Join(parts, " "), arr.Points())
}
