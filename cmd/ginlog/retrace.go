package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/players"
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

// retraceLong is retrace's long help.
const retraceLong = `Retrace replays logged games through a player, your own bot (exec:CMD) or
a built-in one, and reports every decision where it now differs from the
log: a regression diff for bot authors, and a check that logs belong to a
bot. LOGS are paths as ingest takes them (read into a temporary database);
without LOGS the games of the database are retraced (--game-id for one).

From the start of each game the player is fed exactly what the logged
player received: the top of the discard pile, both totals as of the last
round, the opponent's last draw, its hand in the order the log shows it,
then the card the log says it drew; its memory is the one it returned
itself. On a first turn of a round the log does not say where the
discarded card sat in the hand: it is put last.

Four decisions are compared: draw (the pile), discard (the card), call
(Gin, Knock, or Drop for "go on") and melds. The log has no melds, so the
declared deadwood agrees when it is one of the values the verified score
allows for the logged player.

Several games are retraced at once (--workers, one per CPU by default),
each an exec: player's own process; the report is the same, in the same
order, whatever the number of workers. On a terminal a progress bar on
stderr shows the games done, the rate and the time left.

A deterministic bot retraced on its own logs agrees 100%. Exit status 3
means some decision differs or the bot broke a rule.

` + retraceHeartsHelp + `

` + execHelp

type retraceOptions struct {
	player  sim.Entrant
	paths   []string
	game    int64
	opp     bool
	show    int
	seed    uint64
	workers int // games retraced at once; 0: one per CPU
	format  render.Format
	exec    *players.Resolver // the exec: players' options and processes
}

func newRetraceCmd(a *app) *cobra.Command {
	var (
		opts   = retraceOptions{exec: &players.Resolver{}}
		player string
		format string
		hearts retraceHeartsFlags
	)
	cmd := &cobra.Command{
		Use:   "retrace --player NAME [LOGS...]",
		Short: "Replay logs through your bot and show where its decisions differ",
		Long:  retraceLong,
		Example: `  ginlog retrace --player exec:./ginlog-player ~/Downloads/logs.zip
  ginlog retrace --player memory --format json logs/
  ginlog retrace --player exec:./ginlog-player --game-id 12 --show 100
  ginlog retrace --game hearts --player exec:./ginlog-hearts-player --id Player1 hearts-logs/`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			defer opts.exec.Watch(cmd.Context())()
			if player == "" {
				return usagef("--player is required")
			}
			switch hearts.game {
			case queries.GameHearts:
				return retraceHearts(cmd, a, opts, hearts, player, format, args)
			case queries.GameGin:
				if err := hearts.ginOnly(cmd); err != nil {
					return err
				}
			default:
				return checkKind(hearts.game)
			}
			if opts.player, err = entrant(player, opts.exec); err != nil {
				return usagef("--player: %v", err)
			}
			if err := opts.check(format, args); err != nil {
				return err
			}
			return runRetrace(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&player, "player", "", "the player to retrace: exec:CMD, a built-in bot or tuned:PATH (a Hearts bot with --game hearts)")
	mustComplete(cmd, "player", playerCompletion)
	gameIDFlag(cmd, &opts.game, "retrace this game of the database only")
	f.BoolVar(&opts.opp, "opp", false, "retrace the opponent's decisions instead of the logged player's")
	f.IntVarP(&opts.show, "show", "n", 20, "list this many differences")
	f.Uint64Var(&opts.seed, "seed", 1, "seed of a built-in player's randomness")
	f.IntVar(&opts.workers, "workers", 0, fmt.Sprintf("games retraced at once, each with its own process of an exec: player (0: one per CPU; at most %d)", sim.MaxWorkers))
	formatFlag(cmd, &format, "output format")
	addExecFlags(f, opts.exec)
	addRetraceHeartsFlags(cmd, &hearts)
	return cmd
}

// check checks the flags both games share, given as format and the
// arguments, and makes the --stderr-dir folder.
func (o *retraceOptions) check(format string, args []string) error {
	if err := makeStderrDir(o.exec); err != nil {
		return err
	}
	var err error
	if o.format, err = parseFormat(format); err != nil {
		return err
	}
	if o.workers < 0 {
		return usagef("--workers: want 0 (one per CPU) or more, got %d", o.workers)
	}
	if o.show < 0 {
		return usagef("--show: want 0 or more, got %d", o.show)
	}
	if len(args) > 0 && o.game != 0 {
		return usagef("--game-id selects a game of the database: give no LOGS with it")
	}
	o.paths = args
	return nil
}

func runRetrace(ctx context.Context, a *app, opts retraceOptions) error {
	games, err := retraceGames(ctx, a, opts)
	if err != nil {
		return err
	}
	sum := retrace.NewSummary(opts.show)
	bar := progress.New(a.err, "games", len(games), a.isTerminal(a.err))
	err = retrace.Run(ctx, games, retrace.Options{
		You: !opts.opp, Workers: opts.workers, Finished: func() { bar.Add(1) },
		Player: func(i int) gin.Player { return opts.player.New(rand.New(rand.NewPCG(opts.seed, uint64(i)))) },
	}, func(_ int, res *retrace.Result) error {
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
	side := "you"
	if opts.opp {
		side = "opp"
	}
	exec := execReports(opts.exec.Stats(), []string{opts.player.Name}, []string{""})
	if err := writeRetrace(a, opts.format, opts.player.Name, side, sum, exec); err != nil {
		return err
	}
	for _, f := range sum.Faults {
		fmt.Fprintf(a.err, "game %d round %d ply %d: %s: %s\n", f.Game, f.Round, f.Ply, f.Code, f.Msg)
	}
	compared, agreed := sum.Total()
	switch {
	case len(sum.Faults) > 0:
		return &rejectedError{fmt.Sprintf("the player broke a rule in %s; see the list above", plural(len(sum.Faults), "game"))}
	case agreed < compared:
		return &rejectedError{fmt.Sprintf("%d of %s %s from the logs", compared-agreed, plural(compared, "decision"), verb(compared-agreed, "differs", "differ"))}
	}
	return nil
}

// retraceGames reads the games, each hand as its log lists it: LOGS
// through ingest into a temporary database, or the games of the database.
func retraceGames(ctx context.Context, a *app, opts retraceOptions) ([]*replay.Game, error) {
	if len(opts.paths) == 0 {
		db, err := a.openReadOnly(ctx)
		if err != nil {
			return nil, err
		}
		defer db.Close()
		if opts.game != 0 {
			if kind, err := store.GameKind(ctx, db.DB, opts.game); err == nil && kind == schema.KindHearts {
				return nil, usagef("--game-id %d is a Hearts game: give --game hearts", opts.game)
			}
		}
		games, err := listedGames(ctx, db, opts.game)
		if err != nil && holdsHearts(ctx, db) {
			return nil, ginOnly(err, "the database holds")
		}
		return games, err
	}
	db, err := importPaths(ctx, a, opts.paths)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	games, err := listedGames(ctx, db, 0)
	switch {
	case err != nil && holdsHearts(ctx, db):
		return nil, &usageError{err: ginOnly(err, "the logs hold")}
	case err == nil && holdsHearts(ctx, db):
		fmt.Fprintln(a.err, "the Hearts games of the logs are not retraced: give --game hearts for them")
	}
	return games, err
}

// importPaths imports the logs of paths into a fresh in-memory database
// with the root's limits, for retrace PATH...: each bad file's error and
// the count of games rejected go to stderr, and no game read at all is an
// error.
func importPaths(ctx context.Context, a *app, paths []string) (*schema.DB, error) {
	if err := a.limitsError(false); err != nil {
		return nil, err
	}
	db, err := schema.OpenWith(ctx, "", a.limits)
	if err != nil {
		return nil, err
	}
	sum, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: paths, OnError: func(e *logfile.FileError) { fmt.Fprintln(a.err, e) }})
	if err == nil && sum.Rejected > 0 {
		fmt.Fprintf(a.err, "%s rejected (see above): not retraced\n", plural(sum.Rejected, "game"))
	}
	switch {
	case err != nil:
		err = &usageError{err: err}
	case sum.New+sum.Mirrors == 0 && sum.Rejected+sum.BadFiles > 0:
		err = &rejectedError{"no game of the logs could be read: nothing to retrace"}
	case sum.New+sum.Mirrors == 0:
		err = fmt.Errorf("%w: no logs found in %s", selection.ErrNoGames, strings.Join(paths, ", "))
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// ginOnlyError is a retrace of Gin games that found no Gin game, only
// Hearts games.
type ginOnlyError struct {
	held string // "the logs hold", "the database holds"
}

func (e *ginOnlyError) Error() string {
	return e.held + " Hearts games only: give --game hearts"
}

// Unwrap makes it a selection.ErrNoGames: nothing to retrace.
func (e *ginOnlyError) Unwrap() error { return selection.ErrNoGames }

// ginOnly says that the games are Hearts games when err is that no Gin
// game was found; any other error is returned as it is.
func ginOnly(err error, held string) error {
	if errors.Is(err, selection.ErrNoGames) {
		return &ginOnlyError{held}
	}
	return err
}

// holdsHearts reports whether db holds Hearts games.
func holdsHearts(ctx context.Context, db *schema.DB) bool {
	return selection.Require(ctx, db.DB, selection.Filters{}, schema.KindHearts) == nil
}

// listedGames reads game id of db, or all its games when id is 0, each
// hand as its log lists it.
func listedGames(ctx context.Context, db *schema.DB, id int64) ([]*replay.Game, error) {
	var games []*replay.Game
	for g, err := range store.Games(ctx, db.DB, store.Filter{Filters: selection.Filters{Game: id}, Listed: true}) {
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// retraceReport is the JSON form of the summary.
type retraceReport struct {
	Player      string              `json:"player"`
	Side        string              `json:"side"`
	Games       int                 `json:"games"`
	Agreeing    int                 `json:"games_agreeing"`
	Decisions   int                 `json:"decisions"`
	Agreed      int                 `json:"agreed"`
	Kinds       []retraceKind       `json:"kinds"`
	Differences int                 `json:"differences"`
	First       []retraceDifference `json:"first_differences"`
	Faults      []retraceFault      `json:"faults"`
	Exec        []execReport        `json:"exec,omitempty"` // an exec: player's decision times and memories
}

// retraceDifference is a difference in the JSON form, with the keys of
// the table's columns.
type retraceDifference struct {
	Game     int64  `json:"game"`
	Round    int    `json:"round"`
	Ply      int    `json:"ply"`
	Decision string `json:"decision"`
	Logged   string `json:"logged"`
	Player   string `json:"player"`
}

// retraceFault is a fault of the player in the JSON form.
type retraceFault struct {
	Game    int64  `json:"game"`
	Round   int    `json:"round"`
	Ply     int    `json:"ply"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

type retraceKind struct {
	Kind     string  `json:"kind"`
	Compared int     `json:"compared"`
	Agreed   int     `json:"agreed"`
	Rate     float64 `json:"rate"`
}

// writeRetrace prints the summary of a retrace, and how close an exec:
// player ran to the limits: in the JSON, or as a line after the text,
// or on stderr beside a table of another format (csv, markdown), which
// stays one table.
func writeRetrace(a *app, format render.Format, player, side string, s *retrace.Summary, exec []execReport) error {
	compared, agreed := s.Total()
	rep := retraceReport{Player: player, Side: side, Games: s.Games, Agreeing: s.Agreeing, Decisions: compared, Agreed: agreed,
		Differences: s.Differences, First: []retraceDifference{}, Faults: []retraceFault{}, Exec: exec}
	for _, d := range s.First {
		rep.First = append(rep.First, retraceDifference{d.Game, d.Round, d.Ply, d.Kind.String(), d.Logged, d.Player})
	}
	for _, f := range s.Faults {
		rep.Faults = append(rep.Faults, retraceFault{f.Game, f.Round, f.Ply, f.Code, f.Msg})
	}
	for k := range retrace.NumKinds {
		rep.Kinds = append(rep.Kinds, retraceKind{Kind: k.String(), Compared: s.Compared[k], Agreed: s.Agreed[k], Rate: s.Rate(k)})
	}
	if format == render.JSON {
		return render.WriteJSON(a.out, rep)
	}
	if err := writeRetraceText(a, format, player, side, s); err != nil {
		return err
	}
	w := a.err
	if format == render.Text {
		w = a.out
		if len(exec) > 0 {
			fmt.Fprintln(w)
		}
	}
	for i := range exec {
		writeExecLine(w, exec[i].Player, &exec[i])
	}
	return nil
}

// writeRetraceText prints the summary of a retrace in a format other
// than JSON: the agreement, the table of decisions, the first differences.
func writeRetraceText(a *app, format render.Format, player, side string, s *retrace.Summary) error {
	compared, agreed := s.Total()
	kinds := &render.Table{Columns: []render.Column{{Name: "decision"}, {Name: "compared"}, {Name: "agreed"}, {Name: "rate", Format: "%.4f"}}}
	for k := range retrace.NumKinds {
		kinds.Append(k.String(), s.Compared[k], s.Agreed[k], s.Rate(k))
	}
	diffs := &render.Table{Columns: render.Cols("game", "round", "ply", "decision", "logged", "player")}
	for _, d := range s.First {
		diffs.Append(d.Game, d.Round, d.Ply, d.Kind.String(), d.Logged, d.Player)
	}
	w := a.out
	layout := a.layout(w)
	if format == render.Text {
		rate := 1.0
		if compared > 0 {
			rate = float64(agreed) / float64(compared)
		}
		fmt.Fprintf(w, "retraced %d games as %s with %s: %d of %d decisions agree (%.2f%%); %d games agree throughout\n\n",
			s.Games, side, player, agreed, compared, 100*rate, s.Agreeing)
	}
	if err := render.Write(w, format, kinds, layout); err != nil {
		return err
	}
	if len(s.First) == 0 {
		if format != render.Text {
			return nil
		}
		if s.Differences == 0 {
			fmt.Fprintln(w, "\nno differences")
		} else {
			fmt.Fprintf(w, "\n%s (--show N lists the first N)\n", plural(s.Differences, "difference"))
		}
		return nil
	}
	if format == render.Text {
		fmt.Fprintf(w, "\nfirst %d of %s:\n", len(s.First), plural(s.Differences, "difference"))
	} else {
		fmt.Fprintln(w)
	}
	return render.Write(w, format, diffs, layout)
}
