package retrace

import (
	"context"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/ordered"
	"github.com/ginlog/ginlog/sim"
)

// Options configure Run.
type Options struct {
	You     bool                   // retrace the logged player's decisions, else its opponent's
	Workers int                    // games retraced at once; 0 means one per CPU; at most one per game and sim.MaxWorkers
	Player  func(i int) gin.Player // the player of games[i], a new one per game
	// Finished, when set, is called as each game is retraced, from
	// several goroutines at once and in no particular order: for a
	// progress bar.
	Finished func()
}

// Run retraces each of games through the player opts gives for it, several
// games at once, and passes the results to sink in the order of games, one
// call at a time: whatever the number of workers, sink sees the same
// results in the same order, provided each game's player depends on its
// index alone. It stops at the first error of a game (wrapped with the
// game's id and timestamp) or of sink, or when ctx is cancelled; a panic in
// a game is returned as an error carrying its stack.
func Run(ctx context.Context, games []*replay.Game, opts Options, sink func(i int, r *Result) error) error {
	return runOrdered(ctx, len(games), opts.Workers, opts.Finished, func(i int) (*Result, error) {
		g := games[i]
		res, err := Retrace(g, i, opts.You, opts.Player(i))
		if err != nil {
			return nil, fmt.Errorf("game %d (%d): %w", g.ID, g.LogTS, err)
		}
		return res, nil
	}, sink)
}

// runOrdered runs do on games 0 to n-1 on workers goroutines (0: one per
// CPU; at most one per game and sim.MaxWorkers), calling finished (when
// set) as each is done, and passes the results to sink in the order of
// the games, one call at a time: the machinery of Run and RunHearts.
func runOrdered[R any](ctx context.Context, n, workers int, finished func(), do func(i int) (R, error), sink func(i int, r R) error) error {
	opts := ordered.Options{Workers: workers, Max: sim.MaxWorkers, Finished: finished}
	return ordered.Run(ctx, n, opts, func() func(int) (R, error) { return do }, sink)
}
