package main

import (
	"context"
	"errors"
	"fmt"
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
simple,tracker,random,simple; ` + strings.Join(players.HeartsNames(), ", ") + `), each game to
--limit points, and writes the logs as the later FIT2102 framework did:
<out>/<id>/<stamp>.csv per player, ids "1-simple", "2-tracker", ... in seat
order, every trick's cards in player-id order. ginlog ingest reads them
back. --mirror, --compare and the exec: players are Gin's only.`

// simulateHeartsOptions are simulate's options for a Hearts match.
type simulateHeartsOptions struct {
	cfg    sim.HeartsConfig
	out    string
	force  bool
	noLogs bool
	format render.Format
}

// heartsSimulateOptions checks the flags of a Hearts match: those of Gin's
// it shares, and the players (list) as Hearts players.
func heartsSimulateOptions(opts simulateOptions, list string, limit int, format string) (simulateHeartsOptions, error) {
	h := simulateHeartsOptions{out: opts.out, force: opts.force, noLogs: opts.noLogs}
	var err error
	if h.cfg.Players, err = players.ParseHearts(list); err != nil {
		return h, usagef("--players: %v", err)
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
	var mu sync.Mutex
	start := time.Now()
	err := sim.RunHearts(ctx, opts.cfg, func(g *sim.HeartsGame) error {
		if !opts.noLogs {
			if err := write(opts.out, g, ids); err != nil {
				return err
			}
		}
		mu.Lock()
		sum.Add(&g.Record)
		mu.Unlock()
		bar.Add(1)
		return nil
	})
	bar.Done()
	if err != nil {
		return outError("--out", err)
	}
	rep := heartsReport(&sum, opts.cfg, time.Since(start))
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, rep)
	}
	return writeHeartsSimTable(a, rep)
}

// heartsSimReport is the JSON form of a Hearts match's summary.
type heartsSimReport struct {
	Games   int               `json:"games"`
	Hands   int               `json:"hands"`
	Seed    uint64            `json:"seed"`
	Limit   int               `json:"limit"`
	Seconds float64           `json:"seconds"`
	Players []heartsSimPlayer `json:"players"`
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
	Moons         int     `json:"moons"`
	Queens        int     `json:"queens"`
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
		rep.Players = append(rep.Players, heartsSimPlayer{Seat: seat, ID: ids[seat], Name: p.Name, Wins: s.Wins,
			WinRate: rate, CILow: lo, CIHigh: hi, PointsPerHand: sum.PointsPerHand(seat), Moons: s.Moons, Queens: s.Queens})
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
	for _, p := range rep.Players {
		t.Append(p.Seat, p.ID, p.Wins, p.WinRate, fmt.Sprintf("%.3f-%.3f", p.CILow, p.CIHigh), p.PointsPerHand, p.Moons, p.Queens)
	}
	return render.Write(a.out, render.Text, t, a.layout(a.out))
}
