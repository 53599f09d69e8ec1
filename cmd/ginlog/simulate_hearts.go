package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/sim"
)

// heartsHelp is simulate's help on Hearts matches.
var heartsHelp = `--game hearts plays Hearts instead, between 2 or 4 players (--players
simple,tracker,random,simple; ` + strings.Join(players.HeartsNames(), ", ") + `, ` + players.HeartsMCUsage + ` (mc weighing
its deals by the habits ginlog fit --game hearts wrote in PATH), or exec:CMD, a
program of yours speaking the Hearts line protocol of docs/protocol.md, in
any seats), each game to --limit points, and writes the logs as the later
FIT2102 framework did: <out>/<id>/<stamp>.csv per player, ids "1-simple",
"2-tracker", ... in seat order, every trick's cards in player-id order.
ginlog ingest reads them back. An exec: player is held to --timeout, the
memory limit and the rules, as in Gin; its stderr goes to
<stderr-dir>/<stamp>-<seat>.stderr, seats A to D. --mirror and --compare
are Gin's only.`

// simulateHeartsOptions are simulate's options for a Hearts match.
type simulateHeartsOptions struct {
	cfg    sim.HeartsConfig
	out    string
	force  bool
	noLogs bool
	format render.Format
	exec   *players.Resolver // the exec: players' options and processes
}

// heartsSimulateOptions checks the flags of a Hearts match: those of Gin's
// it shares, and the players (list) as Hearts players, whose exec:
// players are opts.exec's, which the caller watches and closes.
func heartsSimulateOptions(opts simulateOptions, list string, limit int, format string) (simulateHeartsOptions, error) {
	h := simulateHeartsOptions{out: opts.out, force: opts.force, noLogs: opts.noLogs, exec: opts.exec}
	if err := checkExecFlags(h.exec); err != nil {
		return h, usagef("--players: %v", err)
	}
	if h.exec.StderrDir == "" {
		h.exec.StderrDir = h.out
	}
	var err error
	if h.cfg.Players, err = h.exec.ParseHearts(list); err != nil {
		return h, usagef("--players: %v", err)
	}
	if h.exec.StderrDir != h.out { // --out is made by runSimulateHearts, empty
		if err := makeStderrDir(h.exec); err != nil {
			return h, err
		}
	}
	c := opts.cfg
	h.cfg.Games, h.cfg.Seed, h.cfg.Start, h.cfg.Workers, h.cfg.Limit = c.Games, c.Seed, c.Start, c.Workers, limit
	switch {
	case c.Games < 1:
		return h, usagef("--games: want at least 1, got %d", c.Games)
	case c.Mirror:
		return h, usagef("--mirror is for Gin matches")
	case limit < 1 || limit > hearts.MaxLimit:
		return h, usagef("--limit: want a total from 1 to %d, got %d", hearts.MaxLimit, limit)
	case h.out == "" && !h.noLogs:
		return h, usagef("--out DIR is required, or --no-logs to only evaluate")
	case c.Workers < 0:
		return h, usagef("--workers: want 0 (one per CPU) or more, got %d", c.Workers)
	case c.Start < 0 || c.Start > ingest.MaxTimestamp-int64(c.Games):
		return h, usagef("--start: the stamps of %d games from %d would pass %d, the last a log may have", c.Games, c.Start, int64(ingest.MaxTimestamp))
	}
	if h.format, err = parseFormat(format, render.Text, render.JSON); err != nil {
		return h, err
	}
	return h, nil
}

func runSimulateHearts(ctx context.Context, a *app, opts simulateHeartsOptions) error {
	write := sim.WriteHeartsGame
	ids := sim.HeartsIDs(opts.cfg.Players)
	if !opts.noLogs {
		err := safefile.EmptyDir(opts.out)
		switch {
		case errors.Is(err, safefile.ErrNotEmpty) && opts.force:
			write = sim.OverwriteHeartsGame
		case errors.Is(err, safefile.ErrNotEmpty):
			return usagef("--out: %v: simulate writes into an empty folder (--force replaces the logs of the same names)", err)
		case err != nil:
			return outError("--out", err)
		}
		if err := sim.HeartsDirs(opts.out, ids); err != nil {
			return err
		}
	}
	bar := progress.New(a.err, "games", opts.cfg.Games, a.isTerminal(a.err))
	var sum sim.HeartsSummary
	var forfeits forfeitLog
	var mu sync.Mutex
	start := time.Now()
	err := sim.RunHearts(ctx, opts.cfg, func(g *sim.HeartsGame) error {
		if !opts.noLogs {
			if err := write(opts.out, g, ids); err != nil {
				return err
			}
		}
		mu.Lock()
		sum.AddGame(g)
		forfeits.addHearts(g, opts.cfg.Players)
		mu.Unlock()
		bar.Add(1)
		return nil
	})
	bar.Done()
	if err != nil {
		return matchError(err)
	}
	defer forfeits.write(a.err)
	rep := heartsReport(&sum, opts.cfg, time.Since(start))
	rep.Exec = heartsExecReports(opts)
	if opts.format == render.JSON {
		err = render.WriteJSON(a.out, rep)
	} else {
		err = writeHeartsSimTable(a, rep)
	}
	if err != nil {
		return err
	}
	if n := len(forfeits.lines); n > 0 {
		return &rejectedError{fmt.Sprintf("%s forfeited; see the list above", plural(n, "game"))}
	}
	return nil
}

// heartsSimReport is the JSON form of a Hearts match's summary.
type heartsSimReport struct {
	Games   int               `json:"games"`
	Hands   int               `json:"hands"`
	Seed    uint64            `json:"seed"`
	Limit   int               `json:"limit"`
	Seconds float64           `json:"seconds"`
	Players []heartsSimPlayer `json:"players"`
	Exec    []execReport      `json:"exec,omitempty"` // the exec: players' decision times and memories
}

type heartsSimPlayer struct {
	Seat          int     `json:"seat"`
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Wins          int     `json:"wins"`
	WinRate       float64 `json:"win_rate"`
	CILow         float64 `json:"ci_low"`
	CIHigh        float64 `json:"ci_high"`
	PointsPerHand float64 `json:"points_per_hand"`
	PointsLow     float64 `json:"points_ci_low"` // the 95% interval of points_per_hand
	PointsHigh    float64 `json:"points_ci_high"`
	Moons         int     `json:"moons"`
	Queens        int     `json:"queens"`
	Forfeits      int     `json:"forfeits"`
}

func heartsReport(sum *sim.HeartsSummary, cfg sim.HeartsConfig, elapsed time.Duration) *heartsSimReport {
	limit := cfg.Limit
	if limit == 0 {
		limit = hearts.DefaultLimit
	}
	rep := &heartsSimReport{Games: sum.Games, Hands: sum.Hands, Seed: cfg.Seed, Limit: limit, Seconds: elapsed.Seconds()}
	ids := sim.HeartsIDs(cfg.Players)
	for seat, p := range cfg.Players {
		s := sum.Seats[seat]
		rate, lo, hi := sum.WinRate(seat)
		plo, phi := sum.PointsInterval(seat)
		rep.Players = append(rep.Players, heartsSimPlayer{Seat: seat, ID: ids[seat], Name: p.Name, Wins: s.Wins,
			WinRate: rate, CILow: lo, CIHigh: hi, PointsPerHand: sum.PointsPerHand(seat), PointsLow: plo, PointsHigh: phi, Moons: s.Moons, Queens: s.Queens,
			Forfeits: s.Forfeits})
	}
	return rep
}

func writeHeartsSimTable(a *app, rep *heartsSimReport) error {
	fmt.Fprintf(a.out, "%s, %s (seed %d, to %d points) in %.2f s, %.0f games/s\n\n",
		plural(rep.Games, "Hearts game"), plural(rep.Hands, "hand"), rep.Seed, rep.Limit, rep.Seconds, float64(rep.Games)/max(rep.Seconds, 1e-9))
	t := &render.Table{Columns: []render.Column{
		{Name: "seat"}, {Name: "id"}, {Name: "wins"}, {Name: "win rate", Format: "%.3f"},
		{Name: "95% CI"}, {Name: "points/hand", Format: "%.2f"}, {Name: "moons"}, {Name: "queens"},
	}}
	forfeits := 0
	for _, p := range rep.Players {
		forfeits += p.Forfeits
	}
	if forfeits > 0 {
		t.Columns = append(t.Columns, render.Column{Name: "forfeits"})
	}
	for _, p := range rep.Players {
		t.Append(p.Seat, p.ID, p.Wins, p.WinRate, fmt.Sprintf("%.3f-%.3f", p.CILow, p.CIHigh), p.PointsPerHand, p.Moons, p.Queens)
		if forfeits > 0 {
			t.Rows[len(t.Rows)-1] = append(t.Rows[len(t.Rows)-1], p.Forfeits)
		}
	}
	if err := render.Write(a.out, render.Text, t, a.layout(a.out)); err != nil {
		return err
	}
	if len(rep.Exec) > 0 {
		fmt.Fprintln(a.out)
		roles := make([]string, len(rep.Exec))
		for i, r := range rep.Exec {
			roles[i] = "seat " + r.Seat
		}
		for i, label := range execLabels(rep.Exec, roles) {
			writeExecLine(a.out, label, &rep.Exec[i])
		}
	}
	return nil
}

// heartsExecReports returns how close each exec: player of a Hearts match
// ran to the limits, by seat (A to D), with the times of its one kind of
// decision, play.
func heartsExecReports(opts simulateHeartsOptions) []execReport {
	names := make([]string, len(opts.cfg.Players))
	seats := make([]string, len(names))
	for i, p := range opts.cfg.Players {
		names[i], seats[i] = p.Name, string(rune('A'+i))
	}
	rs := execReports(opts.exec.Stats(), names, seats)
	for i := range rs {
		rs[i].Kinds = slices.DeleteFunc(rs[i].Kinds, func(k execReportKind) bool { return k.Kind != "play" })
	}
	return rs
}

// heartsForfeitCodesHelp lists the codes a Hearts forfeit can have: the
// rules' (with the framework's name of each) and the exec: players'.
func heartsForfeitCodesHelp() string {
	var b strings.Builder
	for _, c := range players.HeartsForfeitCodes() {
		fmt.Fprintf(&b, "  %-17s %s\n", c[0], c[1])
	}
	return strings.TrimRight(b.String(), "\n")
}
