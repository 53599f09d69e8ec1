package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/store"
)

// The review's calibration: players with one deliberate flaw (the broken
// players) play the same deals as the player without it (Fixed), against
// the same opponent; the review of each broken player's games should name
// the flaw's kind of decision first, and price the flaw as the games did.
// The review prices a kind of decision per round: its losses in that kind
// less the fixed player's (whom the evaluator does not find perfect
// either); the games price it as the fixed player's net points a round
// less the broken player's, round by round on the same deals.

// Habits names the kind of decision each broken player gets wrong.
var Habits = map[string]review.Kind{
	"broken:never-knock":  review.Call,
	"broken:high-discard": review.Discard,
	"broken:never-take":   review.Draw,
}

// ReviewConfig is a review calibration's settings.
type ReviewConfig struct {
	Players  []string // the reviewed players, each in the logged seat; Fixed among them
	Fixed    string   // the player the broken ones are priced against
	Opponent string
	Games    int
	Seed     uint64
	Deals    int    // the judge's deals a move (tuned.RolloutConfig.Samples)
	Weights  string // the judge's weights: a file or players.DefaultWeights
	Workers  int    // games simulated and reviewed at once (0: one per CPU)
	Log      io.Writer
}

// ReviewRow is the review of one player's games.
type ReviewRow struct {
	Player    string
	Games     int
	Rounds    int
	Decisions int
	Seconds   float64 // the review's wall time (the games simulated and loaded apart)
	CPU       float64 // its CPU seconds, all threads
	Accuracy  float64 // the share of decisions that lost less than a point
	Blunders  int
	Lost      float64 // net points lost a game, all kinds
	// TopKind and TopLeak are the kind and explanation of the leak of
	// the most points lost.
	TopKind review.Kind
	TopLeak string
	// Habit is the kind the broken player gets wrong (HasHabit), priced
	// below against Fixed.
	Habit    review.Kind
	HasHabit bool
	Cost     Interval // the review's price of the habit, net points a round
	Measured Interval // the games' price: Fixed's net a round less this player's, same deals
	Gap      Interval // Cost - Measured
}

// Interval is an estimate with its 95% interval.
type Interval struct{ Value, Lo, Hi float64 }

// played is one player's games: the simulated records by game index and
// their reviews.
type played struct {
	row     ReviewRow
	records []gin.GameRecord
	reviews []*review.Game
}

// Review plays and reviews each player's games and prices the broken
// players' habits against the fixed player's games on the same deals.
func Review(ctx context.Context, c ReviewConfig) ([]ReviewRow, error) {
	w, err := players.LoadWeights(c.Weights)
	if err != nil {
		return nil, err
	}
	cfg := tuned.DefaultRolloutConfig
	cfg.Samples, cfg.Pool = c.Deals, 4*c.Deals
	judge, err := tuned.NewJudge(w, cfg)
	if err != nil {
		return nil, err
	}
	all := map[string]*played{}
	for _, name := range c.Players {
		if all[name], err = c.reviewPlayer(ctx, name, judge); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	rows := make([]ReviewRow, 0, len(c.Players))
	for _, name := range c.Players {
		p := all[name]
		if kind, ok := Habits[name]; ok && all[c.Fixed] != nil {
			p.row.Habit, p.row.HasHabit = kind, true
			p.row.Cost, p.row.Measured, p.row.Gap = priceHabit(p, all[c.Fixed], kind, c.Seed)
		}
		rows = append(rows, p.row)
	}
	return rows, nil
}

// reviewPlayer simulates name's games against the opponent, loads them
// through the logs and ingest as a user's would be, and reviews them.
func (c *ReviewConfig) reviewPlayer(ctx context.Context, name string, judge *tuned.Judge) (*played, error) {
	records, games, err := c.simulate(ctx, name)
	if err != nil {
		return nil, err
	}
	c.logf("%s: reviewing %d games\n", name, len(games))
	cpu := startCPU()
	start := time.Now()
	reviews, err := review.Run(ctx, games, review.Options{
		Side: gin.You, Workers: c.Workers,
		Evaluator: func() review.Evaluator { return judge.Fresh() },
	})
	if err != nil {
		return nil, err
	}
	p := &played{records: records, reviews: reviews}
	p.row.Player = name
	p.row.Seconds = time.Since(start).Seconds()
	if p.row.CPU, err = cpu.elapsed(); err != nil {
		return nil, err
	}
	rep := review.Summarise(reviews, 0)
	p.row.Games, p.row.Decisions = rep.Games, rep.Decisions
	p.row.Accuracy, p.row.Blunders, p.row.Lost = rep.Accuracy(), rep.Classes[review.ClassBlunder], rep.PerGame(rep.Lost)
	for _, r := range records {
		p.row.Rounds += len(r.Rounds)
	}
	if len(rep.Leaks) > 0 {
		p.row.TopKind, p.row.TopLeak = rep.Leaks[0].Kind, rep.Leaks[0].Explain(review.Who(gin.You))
	}
	return p, nil
}

// simulate plays c.Games games of name against the opponent, writes their
// logs, ingests them into a database in memory and reads them back:
// the records by game index and the games in that order.
func (c *ReviewConfig) simulate(ctx context.Context, name string) ([]gin.GameRecord, []*replay.Game, error) {
	entrants, err := players.Parse(name + "," + c.Opponent)
	if err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp("", "ginlog-review-bench-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	c.logf("%s: playing %d games against %s (seed %d)\n", name, c.Games, c.Opponent, c.Seed)
	records := make([]gin.GameRecord, c.Games)
	start := sim.DefaultStart(c.Seed)
	err = sim.Run(ctx, sim.Config{Players: entrants, Games: c.Games, Seed: c.Seed, Start: start, Workers: c.Workers},
		func(g *sim.Game) error {
			if g.Forfeit != nil {
				return fmt.Errorf("game %d forfeited: %v", g.Index, g.Forfeit)
			}
			records[g.Index] = g.Record
			return sim.WriteGame(dir, g)
		})
	if err != nil {
		return nil, nil, err
	}
	games, err := loadGames(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	if len(games) != c.Games {
		return nil, nil, fmt.Errorf("%d games written, %d read back", c.Games, len(games))
	}
	return records, games, nil
}

// loadGames ingests the logs in dir into a database in memory and reads
// its games, in the order of their timestamps.
func loadGames(ctx context.Context, dir string) ([]*replay.Game, error) {
	db, err := schema.Open(ctx, "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if _, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{dir}}); err != nil {
		return nil, err
	}
	var games []*replay.Game
	for g, err := range store.Games(ctx, db.DB, store.Filter{}) {
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// logf writes a progress message.
func (c *ReviewConfig) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}
