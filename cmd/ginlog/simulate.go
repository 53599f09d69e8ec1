package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/stats"
	"github.com/spf13/cobra"
)

type simulateOptions struct {
	cfg     sim.Config
	out     string
	force   bool // write into a folder that holds files, replacing logs of the same names
	per     int  // games a folder of out (0: all in out)
	noLogs  bool
	format  render.Format
	compare *sim.Entrant      // also played in the first seat, on the same deals
	exec    *players.Resolver // the exec: players' options and processes
}

func newSimulateCmd(a *app) *cobra.Command {
	var (
		opts = simulateOptions{exec: &players.Resolver{}}
		raw  simulateFlags
	)
	cmd := &cobra.Command{
		Use:     "simulate",
		Short:   "Play games between two bots and write server-format logs",
		Long:    simulateLong(),
		Example: simulateExample,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("start") {
				opts.cfg.Start = sim.DefaultStart(opts.cfg.Seed)
			}
			switch raw.game {
			case "gin":
				if cmd.Flags().Changed("limit") {
					return usagef("--limit is the total that ends a Hearts game: give --game hearts with it")
				}
			case "hearts":
				return simulateHearts(cmd, a, opts, raw)
			default:
				return checkKind(raw.game)
			}
			defer opts.exec.Watch(cmd.Context())()
			if err := opts.parseFlags(raw); err != nil {
				return err
			}
			return runSimulate(cmd.Context(), a, opts)
		},
	}
	addSimulateFlags(cmd, &opts, &raw)
	return cmd
}

// simulateFlags holds the flags of simulate that are parsed or checked
// once the game is known, as given.
type simulateFlags struct {
	players, compare, format, game string
	limit                          int
}

// simulateLong is simulate's long help, with the players, the exec:
// protocol, Hearts and the forfeit codes.
func simulateLong() string {
	return `Simulate plays --games games between two players and writes each game as
the tournament server would: <timestamp>.csv and <timestamp>-score.csv in
--out, byte for byte in the server's format, the first player being the
logged one ("you"). The same seed and players give identical files.

Game i is named start+i: --start, or by default a timestamp derived from
the seed, 1700000000 + ((seed-1) mod 100000) × 1000000, so that batches
of different seeds (of at most a million games each) never share a name.
--per-folder N puts each N games in a folder of --out of their own (game i
in <i/N>, zero-padded: 0000, 0001, ...), so that a million games need not
make one folder of two million files; ingest reads the folders whole.
Several games are played at once (--workers, one per CPU by default), each
exec: player with a process per game in play; the files and the summary
are the same whatever the number of workers. On a terminal a progress bar
on stderr shows the games done, the rate and the time left.

At the end it prints each player's wins, win rate with its 95% interval,
points per round, and how its rounds ended.

--compare NAME plays the same deals again with NAME in the first seat and
reports the difference of the two first players' win rates, game by game:
its interval is much narrower than the two win rates' own, because both
players meet the same cards. It needs --no-logs.

Players:
` + players.Help() + `

` + execHelp + `
` + heartsHelp + `

Forfeited games are listed on stderr, counted as losses of the offender
(the forfeits column), and have no log files, as on the server; the match
goes on, and simulate exits with status 3. Codes:
` + forfeitCodesHelp() + `

A Hearts game is forfeited as the 2019 framework stopped it, at the first
illegal play, with one of the codes:
` + heartsForfeitCodesHelp()
}

// simulateExample shows simulate's common uses.
const simulateExample = `  ginlog simulate --games 20 --players simple,meldable --out logs/
  ginlog simulate --games 10000 --players simple,memory --mirror --no-logs
  ginlog simulate --games 1000000 --players meldable,memory --per-folder 10000 --out big/
  ginlog simulate --games 100 --seed 7 --no-logs --format json
  ginlog simulate --games 10000 --mirror --no-logs --players tuned:w.json,simple --compare tuned:default
  ginlog simulate --game hearts --players simple,tracker,random,simple --games 200 --out hearts-logs/`

// simulateHearts checks that no flag of the Gin matches alone was given,
// and plays the Hearts games.
func simulateHearts(cmd *cobra.Command, a *app, opts simulateOptions, raw simulateFlags) error {
	defer opts.exec.Watch(cmd.Context())()
	switch {
	case raw.compare != "":
		return usagef("--compare is for Gin matches")
	case opts.per != 0:
		return usagef("--per-folder is for Gin matches")
	}
	h, err := heartsSimulateOptions(opts, raw.players, raw.limit, raw.format)
	if err != nil {
		return err
	}
	return runSimulateHearts(cmd.Context(), a, h)
}

// parseFlags resolves the players of a Gin match and the summary format
// into o, and checks the counts, the folder and the timestamps: a match
// that cannot be played or written is a usage error. The exec: players it
// resolves are o.exec's, which the caller watches and closes.
func (o *simulateOptions) parseFlags(raw simulateFlags) error {
	var err error
	if o.exec.StderrDir == "" {
		o.exec.StderrDir = o.out
	}
	if o.cfg.Players, err = parsePlayers(raw.players, o.exec); err != nil {
		return err
	}
	if o.exec.StderrDir != o.out { // --out is made by runSimulate, empty
		if err := makeStderrDir(o.exec); err != nil {
			return err
		}
	}
	if o.cfg.Games < 1 {
		return usagef("--games: want at least 1, got %d", o.cfg.Games)
	}
	if o.cfg.Mirror && o.cfg.Games%2 != 0 {
		return usagef("--mirror plays each deal twice: --games must be even, got %d", o.cfg.Games)
	}
	if o.out == "" && !o.noLogs {
		return usagef("--out DIR is required, or --no-logs to only evaluate")
	}
	if o.cfg.Workers < 0 {
		return usagef("--workers: want 0 (one per CPU) or more, got %d", o.cfg.Workers)
	}
	if o.per < 0 || o.per > 0 && o.noLogs {
		return usagef("--per-folder: want 0 (every log in --out) or the games of a folder, with --out; got %d", o.per)
	}
	if o.cfg.Start < 0 || o.cfg.Start > ingest.MaxTimestamp-int64(o.cfg.Games) {
		return usagef("--start: the timestamps of %d games from %d would pass %d, the last a log may have", o.cfg.Games, o.cfg.Start, int64(ingest.MaxTimestamp))
	}
	if o.format, err = parseFormat(raw.format, render.Text, render.JSON); err != nil {
		return err
	}
	if raw.compare != "" {
		if !o.noLogs {
			return usagef("--compare plays every deal twice: it needs --no-logs")
		}
		e, err := entrant(raw.compare, o.exec)
		if err != nil {
			return usagef("--compare: %v", err)
		}
		o.compare = &e
	}
	return nil
}

// addSimulateFlags registers simulate's flags: those of opts and its exec:
// players, and those raw holds as given.
func addSimulateFlags(cmd *cobra.Command, opts *simulateOptions, raw *simulateFlags) {
	f := cmd.Flags()
	f.IntVarP(&opts.cfg.Games, "games", "n", 100, "number of games")
	f.Uint64Var(&opts.cfg.Seed, "seed", 1, "random seed: the same seed and players give the same games")
	f.StringVar(&raw.players, "players", "simple,simple", "the two players, the logged one first")
	mustComplete(cmd, "players", playersCompletion)
	f.StringVarP(&opts.out, "out", "o", "", "directory for the log files (created if missing; it must be empty)")
	f.BoolVar(&opts.force, "force", false, "write into an --out that holds files, replacing logs of the same names")
	f.IntVar(&opts.per, "per-folder", 0, "put each N games' logs in a folder of --out of their own (0000, 0001, ...; 0: all in --out)")
	f.BoolVar(&opts.cfg.Mirror, "mirror", false, "play each deal twice, the first mover's cards going to the other player")
	f.BoolVar(&opts.noLogs, "no-logs", false, "only evaluate: write no files")
	f.Int64Var(&opts.cfg.Start, "start", 0, fmt.Sprintf("timestamp of the first game; game i gets start+i (default from the seed: %d + ((seed-1) mod %d) × %d)", sim.BaseStart, sim.StartSeeds, sim.StartStep))
	f.IntVar(&opts.cfg.Workers, "workers", 0, fmt.Sprintf("games played at once (0: one per CPU; at most %d)", sim.MaxWorkers))
	formatFlag(cmd, &raw.format, "summary format", render.Text, render.JSON)
	f.StringVar(&raw.compare, "compare", "", "also play this player in the first seat on the same deals, and compare")
	mustComplete(cmd, "compare", playerCompletion)
	addExecFlags(f, opts.exec)
	gameKindFlag(cmd, &raw.game, queries.GameGin, "the game: gin or hearts")
	f.IntVar(&raw.limit, "limit", 100, "hearts: the total that ends a game")
}

func runSimulate(ctx context.Context, a *app, opts simulateOptions) error {
	write := sim.WriteGame
	if !opts.noLogs {
		err := safefile.EmptyDir(opts.out)
		switch {
		case errors.Is(err, safefile.ErrNotEmpty) && opts.force:
			write = sim.OverwriteGame
		case errors.Is(err, safefile.ErrNotEmpty):
			return usagef("--out: %v: simulate writes into an empty folder (--force replaces the logs of the same names)", err)
		case err != nil:
			return outError("--out", err)
		}
	}
	if opts.per > 0 {
		write = sim.Sharded(write, opts.per, opts.cfg.Games)
	}
	m, err := playMatch(ctx, a, opts.cfg, opts.out, write)
	if err != nil {
		return matchError(err)
	}
	defer m.forfeits.write(a.err)
	rep := m.report(opts.cfg)
	if opts.compare != nil {
		cfg := opts.cfg
		cfg.Players[0] = *opts.compare
		other, err := playMatch(ctx, a, cfg, "", nil)
		if err != nil {
			return matchError(err)
		}
		defer other.forfeits.write(a.err)
		c := &simComparison{Match: other.report(cfg)}
		c.Difference, c.CILow, c.CIHigh = stats.PairedDifference(m.wins, other.wins)
		rep.Compare = c
	}
	addExecStats(rep, opts)
	if err := writeSimSummary(a, opts, rep); err != nil {
		return err
	}
	if n := forfeitCount(rep); n > 0 {
		return &rejectedError{fmt.Sprintf("%s forfeited; see the list above", plural(n, "game"))}
	}
	return nil
}

// addExecStats adds to rep the decision times and memories of the exec:
// players: those of the match's seats to rep, that of --compare to its
// comparison's match.
func addExecStats(rep *simReport, opts simulateOptions) {
	stats := opts.exec.Stats() // in the order parseFlags resolved them: the seats, then --compare
	names := []string{opts.cfg.Players[0].Name, opts.cfg.Players[1].Name}
	if c := rep.Compare; c != nil {
		if strings.HasPrefix(opts.compare.Name, "exec:") && len(stats) > 0 {
			c.Match.Exec = execReports(stats[len(stats)-1:], []string{opts.compare.Name}, []string{"A"})
			stats = stats[:len(stats)-1]
		}
	}
	rep.Exec = execReports(stats, names, []string{"A", "B"})
}

// writeExecLines prints a line per exec: player of rep and of its
// comparison: how close it ran to the server's limits.
func writeExecLines(a *app, rep *simReport) {
	rs := rep.Exec
	var roles []string
	for _, r := range rep.Exec {
		roles = append(roles, "seat "+r.Seat)
	}
	if rep.Compare != nil {
		for _, r := range rep.Compare.Match.Exec {
			rs = append(rs, r)
			roles = append(roles, "--compare")
		}
	}
	if len(rs) == 0 {
		return
	}
	fmt.Fprintln(a.out)
	for i, label := range execLabels(rs, roles) {
		writeExecLine(a.out, label, &rs[i])
	}
}

// forfeitCount counts the forfeits of a report and of its comparison.
func forfeitCount(rep *simReport) int {
	n := 0
	for _, p := range rep.Players {
		n += p.Forfeits
	}
	if rep.Compare != nil {
		n += forfeitCount(rep.Compare.Match)
	}
	return n
}

// match is a played match: its summary and whether the first seat won
// each game.
type match struct {
	sum      sim.Summary
	wins     []bool
	elapsed  time.Duration
	forfeits forfeitLog
}

// playMatch plays cfg's games, writing their logs to out with write unless
// out is "".
func playMatch(ctx context.Context, a *app, cfg sim.Config, out string, write func(string, *sim.Game) error) (*match, error) {
	bar := progress.New(a.err, "games", cfg.Games, a.isTerminal(a.err))
	// wins grows as games finish: --games bounds nothing allocated up front.
	m := &match{wins: make([]bool, 0, min(cfg.Games, 1<<16))}
	var mu sync.Mutex
	start := time.Now()
	err := sim.Run(ctx, cfg, func(g *sim.Game) error {
		if out != "" {
			if err := write(out, g); err != nil {
				return err
			}
		}
		mu.Lock()
		m.sum.AddGame(g)
		if g.Index >= len(m.wins) {
			m.wins = append(m.wins, make([]bool, g.Index+1-len(m.wins))...)
		}
		m.wins[g.Index] = g.Winner() == gin.You
		m.forfeits.addGin(g, cfg.Players)
		mu.Unlock()
		bar.Add(1)
		return nil
	})
	bar.Done()
	m.elapsed = time.Since(start)
	return m, err
}

// simReport is the JSON form of the summary.
type simReport struct {
	Games   int            `json:"games"`
	Rounds  int            `json:"rounds"`
	Seed    uint64         `json:"seed"`
	Mirror  bool           `json:"mirror"`
	Seconds float64        `json:"seconds"`
	Players []simPlayer    `json:"players"`
	Compare *simComparison `json:"compare,omitempty"`
	Exec    []execReport   `json:"exec,omitempty"` // the exec: players' decision times and memories
}

// simComparison is the --compare match on the same deals, and the
// difference of the first seats' win rates (this match's first player's
// less the compared player's) with its 95% interval.
type simComparison struct {
	Match      *simReport `json:"match"`
	Difference float64    `json:"difference"`
	CILow      float64    `json:"ci_low"`
	CIHigh     float64    `json:"ci_high"`
}

type simPlayer struct {
	Seat           string  `json:"seat"`
	Name           string  `json:"name"`
	Wins           int     `json:"wins"`
	WinRate        float64 `json:"win_rate"`
	CILow          float64 `json:"ci_low"`
	CIHigh         float64 `json:"ci_high"`
	PointsPerRound float64 `json:"points_per_round"`
	Gins           int     `json:"gins"`
	Knocks         int     `json:"knocks"`
	Drops          int     `json:"drops"`
	Undercuts      int     `json:"undercuts"`
	Forfeits       int     `json:"forfeits"`
}

// report returns the summary of m, played with cfg.
func (m *match) report(cfg sim.Config) *simReport {
	sum := &m.sum
	rep := &simReport{Games: sum.Games, Rounds: sum.Rounds, Seed: cfg.Seed, Mirror: cfg.Mirror, Seconds: m.elapsed.Seconds()}
	for seat := range 2 {
		s := sum.Seats[seat]
		rate, lo, hi := sum.WinRate(seat)
		rep.Players = append(rep.Players, simPlayer{
			Seat: string(rune('A' + seat)), Name: cfg.Players[seat].Name,
			Wins: s.Wins, WinRate: rate, CILow: lo, CIHigh: hi,
			PointsPerRound: sum.PointsPerRound(seat),
			Gins:           s.Gins, Knocks: s.Knocks, Drops: s.Drops, Undercuts: s.Undercuts, Forfeits: s.Forfeits,
		})
	}
	return rep
}

func writeSimSummary(a *app, opts simulateOptions, rep *simReport) error {
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, rep)
	}
	if err := writeSimTable(a, rep); err != nil {
		return err
	}
	if c := rep.Compare; c != nil {
		fmt.Fprintln(a.out)
		if err := writeSimTable(a, c.Match); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "\nwin rate of %s less that of %s, on the same %d deals: %+.3f (95%% CI %+.3f to %+.3f)\n",
			rep.Players[0].Name, c.Match.Players[0].Name, rep.Games, c.Difference, c.CILow, c.CIHigh)
	}
	writeExecLines(a, rep)
	return nil
}

func writeSimTable(a *app, rep *simReport) error {
	mirror := ""
	if rep.Mirror {
		mirror = ", mirrored"
	}
	fmt.Fprintf(a.out, "%s, %s (seed %d%s) in %.2f s, %.0f games/s\n\n",
		plural(rep.Games, "game"), plural(rep.Rounds, "round"), rep.Seed, mirror, rep.Seconds, float64(rep.Games)/max(rep.Seconds, 1e-9))
	t := &render.Table{Columns: []render.Column{
		{Name: "seat"}, {Name: "player"}, {Name: "wins"}, {Name: "win rate", Format: "%.3f"},
		{Name: "95% CI"}, {Name: "points/round", Format: "%.2f"},
		{Name: "gins"}, {Name: "knocks"}, {Name: "drops"}, {Name: "undercuts"},
	}}
	forfeits := rep.Players[0].Forfeits+rep.Players[1].Forfeits > 0
	if forfeits {
		t.Columns = append(t.Columns, render.Column{Name: "forfeits"})
	}
	for _, p := range rep.Players {
		t.Append(p.Seat, p.Name, p.Wins, p.WinRate, fmt.Sprintf("%.3f-%.3f", p.CILow, p.CIHigh),
			p.PointsPerRound, p.Gins, p.Knocks, p.Drops, p.Undercuts)
		if forfeits {
			t.Rows[len(t.Rows)-1] = append(t.Rows[len(t.Rows)-1], p.Forfeits)
		}
	}
	return render.Write(a.out, render.Text, t, a.layout(a.out))
}
