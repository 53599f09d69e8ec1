package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/retrace"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

// retraceHeartsHelp is retrace's help on Hearts games.
const retraceHeartsHelp = `--game hearts retraces Hearts games card by card: each traced player is
fed, trick by trick, what the 2019 framework passed its playCard (its id,
its cards, the trick so far, and after a hand's first trick the previous
trick with the memory it returned itself), the cards the log shows the
others played before it, and its card is compared with the logged one.
--id ID retraces the player of that log id (its folder; repeat it for
more), by default every player with a file. Only the hands whose every
card's player the log determines are retraced (all of ginlog simulate's
and of the later framework's logs); the others are counted as skipped.
The order of play within a trick is in the earlier framework's logs
written in reverse play order; elsewhere --direction says it: up (pos k
followed by pos k+1, as ginlog simulate plays), down (pos k followed by
k-1, as the framework played a list of players in id order), or auto (up
for the logs of ginlog simulate, whose ids are 1-NAME, 2-NAME, ...; down
otherwise). The rules do not depend on it; the trick so far a player sees
does.`

// retraceHeartsFlags are retrace's flags for Hearts games, and --game.
type retraceHeartsFlags struct {
	game      string
	ids       []string
	direction string
}

// addRetraceHeartsFlags registers --game, --id and --direction.
func addRetraceHeartsFlags(cmd *cobra.Command, h *retraceHeartsFlags) {
	gameKindFlag(cmd, &h.game, queries.GameGin, "the game of the logs: gin or hearts")
	cmd.Flags().StringArrayVar(&h.ids, "id", nil, "hearts: retrace the player of this log id (repeat for more; default: every player with a file)")
	cmd.Flags().StringVar(&h.direction, "direction", "auto", "hearts: the order of play where the log does not show it: auto, up or down")
	mustComplete(cmd, "direction", fixedCompletion("auto", "up", "down"))
}

// ginOnly refuses the Hearts flags in a retrace of Gin games.
func (h *retraceHeartsFlags) ginOnly(cmd *cobra.Command) error {
	for _, flag := range []string{"id", "direction"} {
		if cmd.Flags().Changed(flag) {
			return usagef("--%s is for Hearts games: give --game hearts with it", flag)
		}
	}
	return nil
}

// retraceHeartsOptions are retrace's options for Hearts games.
type retraceHeartsOptions struct {
	retraceOptions
	player    sim.HeartsEntrant
	ids       []string
	direction retrace.Direction
}

// retraceHearts checks the flags of a retrace of Hearts games and runs it.
func retraceHearts(cmd *cobra.Command, a *app, opts retraceOptions, h retraceHeartsFlags, player, format string, args []string) error {
	if cmd.Flags().Changed("opp") {
		return usagef("--opp is for Gin games: a Hearts game has every player's side; --id chooses")
	}
	o := retraceHeartsOptions{retraceOptions: opts, ids: h.ids}
	var err error
	if o.player, err = o.exec.HeartsEntrant(player); err != nil {
		return usagef("--player: %v", err)
	}
	if o.direction, err = retrace.ParseDirection(h.direction); err != nil {
		return usagef("--direction: %v", err)
	}
	if err := o.check(format, args); err != nil {
		return err
	}
	return runRetraceHearts(cmd.Context(), a, o)
}

func runRetraceHearts(ctx context.Context, a *app, opts retraceHeartsOptions) error {
	games, err := retraceHeartsGames(ctx, a, opts)
	if err != nil {
		return err
	}
	sum := retrace.NewHeartsSummary(opts.show)
	bar := progress.New(a.err, "games", len(games), a.isTerminal(a.err))
	err = retrace.RunHearts(ctx, games, retrace.HeartsOptions{
		IDs: opts.ids, Direction: opts.direction, Workers: opts.workers, Finished: func() { bar.Add(1) },
		Player: func(i, pos int) hearts.Player {
			return opts.player.New(rand.New(rand.NewPCG(opts.seed, uint64(hearts.MaxPlayers*i+pos))))
		},
	}, func(_ int, res *retrace.HeartsResult) error {
		sum.Add(res)
		return nil
	})
	bar.Done()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return outError("--stderr-dir", err)
	}
	exec := heartsOnly(execReports(opts.exec.Stats(), []string{opts.player.Name}, []string{""}))
	if err := writeRetraceHearts(a, opts, sum, exec); err != nil {
		return err
	}
	for _, f := range sum.Faults {
		fmt.Fprintf(a.err, "game %d hand %d trick %d: %s: %s: %s\n", f.Game, f.Hand, f.Trick, f.Player, f.Code, f.Msg)
	}
	switch {
	case len(sum.Faults) > 0:
		return &rejectedError{fmt.Sprintf("the player broke a rule %s; see the list above", plural(len(sum.Faults), "time"))}
	case sum.Compared == 0:
		return &rejectedError{"no card was compared: no player retraced (see --id), or no hand whose cards' players the logs determine"}
	case sum.Agreed < sum.Compared:
		return &rejectedError{fmt.Sprintf("%d of %s %s from the logs", sum.Compared-sum.Agreed, plural(sum.Compared, "card"), verb(sum.Compared-sum.Agreed, "differs", "differ"))}
	}
	return nil
}

// heartsOnly keeps, of exec: players' reports, the times of plays, a
// Hearts player's one kind of decision.
func heartsOnly(rs []execReport) []execReport {
	for i := range rs {
		var kinds []execReportKind
		for _, k := range rs[i].Kinds {
			if k.Kind == "play" {
				kinds = append(kinds, k)
			}
		}
		rs[i].Kinds = kinds
	}
	return rs
}

// retraceHeartsGames reads the Hearts games: LOGS through ingest into a
// temporary database, or the games of the database.
func retraceHeartsGames(ctx context.Context, a *app, opts retraceHeartsOptions) ([]*retrace.HeartsGame, error) {
	if len(opts.paths) == 0 {
		db, err := a.openReadOnly(ctx)
		if err != nil {
			return nil, err
		}
		defer db.Close()
		return heartsGamesOf(ctx, db, opts.game, "the database holds")
	}
	db, err := importPaths(ctx, a, opts.paths)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	games, err := heartsGamesOf(ctx, db, 0, "the logs hold")
	if err == nil && holdsKind(ctx, db, schema.KindGin) {
		fmt.Fprintln(a.err, "the Gin games of the logs are not retraced: give --game gin for them")
	}
	return games, err
}

// heartsGamesOf reads game id of db, or all its Hearts games when id is
// 0; held says where they are, for the error of none.
func heartsGamesOf(ctx context.Context, db *schema.DB, id int64, held string) ([]*retrace.HeartsGame, error) {
	ids, err := store.HeartsGameIDs(ctx, db.DB, id)
	switch {
	case err != nil:
		return nil, err
	case len(ids) == 0 && id != 0:
		return nil, usagef("--game-id %d is not a Hearts game of the database", id)
	case len(ids) == 0:
		return nil, fmt.Errorf("%w: %s no Hearts game", selection.ErrNoGames, held)
	}
	loaded, err := store.LoadHearts(ctx, db.DB, ids)
	if err != nil {
		return nil, err
	}
	games := make([]*retrace.HeartsGame, len(loaded))
	for i, g := range loaded {
		games[i] = &retrace.HeartsGame{ID: g.ID, Game: g.Game}
	}
	return games, nil
}

// holdsKind reports whether db holds games of kind.
func holdsKind(ctx context.Context, db *schema.DB, kind string) bool {
	return selection.Require(ctx, db.DB, selection.Filters{}, kind) == nil
}

// retraceHeartsReport is the JSON form of a Hearts retrace.
type retraceHeartsReport struct {
	Player      string                     `json:"player"`
	IDs         []string                   `json:"ids"`
	Direction   string                     `json:"direction"`
	Games       int                        `json:"games"`
	Agreeing    int                        `json:"games_agreeing"`
	Cards       int                        `json:"cards"`
	Agreed      int                        `json:"agreed"`
	Rate        float64                    `json:"rate"`
	Hands       int                        `json:"hands"`
	Skipped     int                        `json:"hands_skipped"`
	Assumed     int                        `json:"hands_direction_assumed"`
	Differences int                        `json:"differences"`
	First       []retrace.HeartsDifference `json:"first_differences"`
	Faults      []retrace.HeartsFault      `json:"faults"`
	Exec        []execReport               `json:"exec,omitempty"`
}

// writeRetraceHearts prints the summary of a Hearts retrace: in the JSON,
// or as two lines of counts and the table of the first differences (the
// table alone in csv and markdown), and how close an exec: player ran to
// the limits.
func writeRetraceHearts(a *app, opts retraceHeartsOptions, s *retrace.HeartsSummary, exec []execReport) error {
	if opts.format == render.JSON {
		rep := retraceHeartsReport{Player: opts.player.Name, IDs: append([]string{}, opts.ids...), Direction: opts.direction.String(),
			Games: s.Games, Agreeing: s.Agreeing, Cards: s.Compared, Agreed: s.Agreed, Rate: s.Rate(), Hands: s.Hands,
			Skipped: s.Skipped, Assumed: s.Assumed, Differences: s.Differences,
			First: append([]retrace.HeartsDifference{}, s.First...), Faults: append([]retrace.HeartsFault{}, s.Faults...), Exec: exec}
		return render.WriteJSON(a.out, rep)
	}
	w := a.out
	diffs := &render.Table{Columns: render.Cols("game", "hand", "trick", "player", "logged", "played")}
	for _, d := range s.First {
		diffs.Append(d.Game, d.Hand, d.Trick, d.Player, d.Logged, d.Played)
	}
	if opts.format != render.Text {
		if err := render.Write(w, opts.format, diffs, a.layout(w)); err != nil {
			return err
		}
		for i := range exec {
			writeExecLine(a.err, exec[i].Player, &exec[i])
		}
		return nil
	}
	who := "every player"
	if len(opts.ids) > 0 {
		who = strings.Join(opts.ids, ", ")
	}
	fmt.Fprintf(w, "retraced %s as %s with %s: %d of %s agree (%.2f%%); %d games agree throughout\n",
		plural(s.Games, "Hearts game"), who, opts.player.Name, s.Agreed, plural(s.Compared, "card"), 100*s.Rate(), s.Agreeing)
	fmt.Fprintf(w, "hands: %d retraced, %d skipped (the log does not say who played each card), %d in the %s direction of play (--direction %s)\n",
		s.Hands, s.Skipped, s.Assumed, "assumed", opts.direction)
	switch {
	case len(s.First) > 0:
		fmt.Fprintf(w, "\nfirst %d of %s:\n", len(s.First), plural(s.Differences, "difference"))
		if err := render.Write(w, opts.format, diffs, a.layout(w)); err != nil {
			return err
		}
	case s.Differences > 0:
		fmt.Fprintf(w, "\n%s (--show N lists the first N)\n", plural(s.Differences, "difference"))
	default:
		fmt.Fprintln(w, "\nno differences")
	}
	if len(exec) > 0 {
		fmt.Fprintln(w)
	}
	for i := range exec {
		writeExecLine(w, exec[i].Player, &exec[i])
	}
	return nil
}
