// Package store keeps the replay's work in the database: it reads the
// stored games as replay.Game values (Load, Games; with Filter.Listed each
// hand also in the order its log lists it, for retrace), runs replay.Check
// over them and writes what it finds to round_checks, violations,
// play_features and game_checks (Verify), and reads a game's stored
// verdicts back (LoadChecks, LoadGame). It leaves the named queries'
// rollups to the command that verified: after Verify, it calls
// queries.RefreshRollups, which builds the rollups of the blocks Verify
// completed. It does the same for Hearts games
// (hearts_*.go): it rebuilds them exactly as hearts/logs reads their files
// (LoadHearts), verifies them with hearts/logs.Verifier and stores the reports
// (VerifyHearts, LoadHeartsChecks). Every statement it runs is an embedded
// file in sql/.
package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
)

var (
	//go:embed sql/select-games.sql
	selectGamesSQL string
	//go:embed sql/forget-games.sql
	forgetGamesSQL string
)

// Selection says which games Verify replays.
type Selection struct {
	All  bool  // every game, again
	Game int64 // one game, again (0: not this)
	From int64 // with To: the games in [From, To] not verified yet
	To   int64
}

// batchPlays is how many plays a transaction verifies, at most (or one
// game, if it has more): two DuckDB row groups (122,880 rows) of
// play_features. Measured on 20,000 games, batches of this size verify
// about a third faster than batches of 500 games.
const batchPlays = 2 * 122880

// verifiers is how many connections replay and write at once.
const verifiers = 2

// Verify replays the selected games and stores what it finds, replacing
// earlier results for them. Each batch of games is one transaction, which
// replaces its games' results and forgets the rollup groups of their
// blocks: stopped or killed at any point, Verify leaves every game with
// its earlier results or its new ones.
// onTotal, when set, is called with the number of games selected, and
// onGame after each game. A Game that names no stored game gives an error
// wrapping replay.ErrNoGame.
func Verify(ctx context.Context, db *sql.DB, sel Selection, onTotal func(int), onGame func()) (*replay.Summary, error) {
	start := time.Now()
	sum := replay.NewSummary()
	if err := verify(ctx, db, ginKind, sel, onTotal, onGame, sum.Add); err != nil {
		return nil, err
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.GamesPerS = float64(sum.Games) / max(sum.Seconds, 1e-9)
	return sum, nil
}

// ginKind is how Verify verifies Gin games: by replay.Check, in batches
// of batchPlays plays.
var ginKind = kind[*replay.Result]{
	games:       "games",
	task:        "verify",
	selectSQL:   selectGamesSQL,
	batchWeight: batchPlays,
	rollups:     true,
	worker: func(ctx context.Context, conn *sql.Conn) func([]int64, *replacing) ([]*replay.Result, error) {
		return func(ids []int64, run *replacing) ([]*replay.Result, error) {
			return verifyBatch(ctx, conn, ids, run)
		}
	},
}

// verifyBatch replays a batch on conn and stores the results in one
// transaction, which replaces the earlier results in a run that does
// (run not nil).
func verifyBatch(ctx context.Context, conn *sql.Conn, ids []int64, run *replacing) ([]*replay.Result, error) {
	games, err := load(ctx, conn, ids, false)
	if err != nil {
		return nil, err
	}
	results := make([]replay.Result, len(games))
	for i, g := range games {
		results[i] = replay.Check(g)
	}
	if err := write(ctx, conn, games, results, run); err != nil {
		return nil, fmt.Errorf("store the results of games %d to %d: %w", ids[0], ids[len(ids)-1], err)
	}
	out := make([]*replay.Result, len(results))
	for i := range results {
		out[i] = &results[i]
	}
	return out, nil
}
