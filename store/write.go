package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/schema"
)

// The tables Verify fills, in the order their appenders are opened.
const (
	gameChecks   = "game_checks"
	roundChecks  = "round_checks"
	violations   = "violations"
	playFeatures = "play_features"
)

// write stores the results of games in one transaction on conn. In a run
// that replaces results (run not nil) it deletes their earlier results
// first, forgets the rollup groups of the blocks the batch claims, and
// commits only once the batches that claimed its other blocks have.
func write(ctx context.Context, conn *sql.Conn, games []*replay.Game, results []replay.Result, run *replacing) error {
	ids := make([]int64, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	blocks, mine, earlier := run.claim(ids)
	committed := false
	defer func() { mine.end(committed) }()
	b, err := schema.Begin(ctx, conn)
	if err != nil {
		return err
	}
	if err := fill(ctx, b, ids, games, results, run != nil, blocks); err != nil {
		return errors.Join(err, b.Rollback())
	}
	// Fill the transaction, then wait for the earlier claims: the
	// batches fill theirs in parallel.
	if err := b.Flush(); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if err := await(ctx, earlier); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if err := b.Commit(ctx); err != nil {
		return err
	}
	committed = true
	return nil
}

// fill deletes the earlier results of the games (their ids) when replace
// is set and forgets the rollup groups of blocks, then appends the new
// results.
func fill(ctx context.Context, b *schema.Batch, ids []int64, games []*replay.Game, results []replay.Result, replace bool, blocks []int64) error {
	if replace {
		for _, s := range sqltext.Statements(forgetGamesSQL) {
			if err := b.Exec(ctx, s, ids); err != nil {
				return fmt.Errorf("forget earlier results: %w", err)
			}
		}
	}
	if len(blocks) > 0 {
		if err := b.Exec(ctx, forgetBlocksSQL, blocks); err != nil {
			return fmt.Errorf("forget the rollups: %w", err)
		}
	}
	var apps [4]*duckdb.Appender
	for i, table := range []string{gameChecks, roundChecks, violations, playFeatures} {
		a, err := b.Appender(table)
		if err != nil {
			return err
		}
		apps[i] = a
	}
	w := resultWriter{games: apps[0], rounds: apps[1], violations: apps[2], features: apps[3], now: time.Now().UTC()}
	for i, g := range games {
		if err := w.game(g.ID, &results[i]); err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
	}
	return nil
}

// resultWriter appends results through the appenders of one batch.
type resultWriter struct {
	games, rounds, violations, features *duckdb.Appender
	now                                 time.Time
}

// statusIndex orders the statuses as game_checks counts them.
var statusIndex = map[replay.Status]int{replay.Exact: 0, replay.Explained: 1, replay.Impossible: 2}

func (w *resultWriter) game(id int64, res *replay.Result) error {
	var n [3]int16
	for _, rc := range res.Rounds {
		n[statusIndex[rc.Status]]++
		if err := w.rounds.AppendRow(id, int16(rc.Round), string(rc.Status), int16(rc.BestYou), int16(rc.BestOpp),
			int16(rc.DeclaredYou), int16(rc.DeclaredOpp), int16(rc.LostYou), int16(rc.LostOpp),
			int16(rc.ExpectedYou), int16(rc.ExpectedOpp), int32(rc.Explanations), uint64(rc.FinalYou), uint64(rc.FinalOpp),
			uint64(rc.MeldedYou), uint64(rc.MeldedOpp), cardList(rc.FinalYou), cardList(rc.FinalOpp)); err != nil {
			return fmt.Errorf("%s round %d: %w", roundChecks, rc.Round, err)
		}
	}
	if err := w.games.AppendRow(id, w.now, int32(len(res.Violations)), n[0], n[1], n[2]); err != nil {
		return fmt.Errorf("%s: %w", gameChecks, err)
	}
	for _, v := range res.Violations {
		if err := w.violations.AppendRow(id, int16(v.Round), int16(v.Ply), v.Code, v.Msg); err != nil {
			return fmt.Errorf("%s round %d ply %d: %w", violations, v.Round, v.Ply, err)
		}
	}
	for _, f := range res.Features {
		var fed driver.Value
		if f.Fed >= 0 {
			fed = f.Fed == 1
		}
		if err := w.features.AppendRow(id, int16(f.Round), int16(f.Ply), schema.Side(f.Seat), int16(f.Turn), int16(f.StockLeft),
			schema.CardValues[f.Top], relationValues[f.TopRelation], int16(f.TopBest), f.TopImproves, f.FromDiscard,
			int16(f.DeadwoodBefore), int16(f.BestAfter), int16(f.DeadwoodAfter), schema.CardValues[f.Discarded],
			f.DiscardDead, f.DiscardBest, f.CouldKnock, f.Last, fed); err != nil {
			return fmt.Errorf("%s round %d ply %d: %w", playFeatures, f.Round, f.Ply, err)
		}
	}
	return nil
}

// relationValues holds the relation ENUM's values as appender values.
var relationValues = map[replay.Relation]driver.Value{
	replay.RelMeld: string(replay.RelMeld), replay.RelCombo: string(replay.RelCombo), replay.RelNone: string(replay.RelNone),
}

// cardList returns a hand's cards as appender values.
func cardList(h gin.Hand) []any {
	out := make([]any, 0, gin.HandSize)
	for _, c := range h.Cards() {
		out = append(out, schema.CardValues[c])
	}
	return out
}
