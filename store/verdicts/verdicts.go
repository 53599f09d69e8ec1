// Package verdicts stores what replay.Check finds in a game: the rows of
// game_checks, round_checks, violations and play_features, appended
// through the appenders of a schema.Batch, so that they are committed in
// the transaction of whoever holds it: store.Verify's, which replays
// stored games, or ingest's, which verifies the games it loads in the
// transaction that loads them. Summarize adds up the verdicts stored.
package verdicts

import (
	"context"
	"database/sql"
	"database/sql/driver"
	_ "embed"
	"fmt"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/schema"
)

// The tables a Writer fills, in the order their appenders are opened.
const (
	gameChecks   = "game_checks"
	roundChecks  = "round_checks"
	violations   = "violations"
	playFeatures = "play_features"
)

// Writer appends the results of replay.Check through the appenders of a
// batch.
type Writer struct {
	games, rounds, violations, features *duckdb.Appender
	now                                 time.Time // verified_at
}

// NewWriter opens the batch's appenders of the result tables. The
// batch's appenders of tables opened before are flushed before them.
func NewWriter(b *schema.Batch) (*Writer, error) {
	var apps [4]*duckdb.Appender
	for i, table := range []string{gameChecks, roundChecks, violations, playFeatures} {
		a, err := b.Appender(table)
		if err != nil {
			return nil, err
		}
		apps[i] = a
	}
	return &Writer{games: apps[0], rounds: apps[1], violations: apps[2], features: apps[3], now: time.Now().UTC()}, nil
}

// statusIndex orders the statuses as game_checks counts them.
var statusIndex = map[replay.Status]int{replay.Exact: 0, replay.Explained: 1, replay.Impossible: 2}

// Game appends the result of game id.
func (w *Writer) Game(id int64, res *replay.Result) error {
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

//go:embed sql/summary.sql
var summarySQL string

// Summarize adds up the stored verdicts of the Gin games with ids from
// first to last, as replay.Summary counts them (its times are left at
// zero): the summary of an import that verified its games as it loaded
// them, once the games it replaced are gone.
func Summarize(ctx context.Context, db *sql.DB, first, last int64) (*replay.Summary, error) {
	s := replay.NewSummary()
	st := sqltext.Statements(summarySQL)
	var exact, explained, impossible int
	if err := db.QueryRowContext(ctx, st[0], first, last).Scan(&s.Games, &exact, &explained, &impossible, &s.GamesWithBad); err != nil {
		return nil, fmt.Errorf("sum up the verdicts of games %d to %d: %w", first, last, err)
	}
	s.Rounds[replay.Exact], s.Rounds[replay.Explained], s.Rounds[replay.Impossible] = exact, explained, impossible
	if err := db.QueryRowContext(ctx, st[1], first, last).Scan(&s.LostYou, &s.LostOpp); err != nil {
		return nil, fmt.Errorf("sum up the points lost in games %d to %d: %w", first, last, err)
	}
	rows, err := db.QueryContext(ctx, st[2], first, last)
	if err != nil {
		return nil, fmt.Errorf("count the violations of games %d to %d: %w", first, last, err)
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var n int
		if err := rows.Scan(&code, &n); err != nil {
			return nil, fmt.Errorf("count the violations of games %d to %d: %w", first, last, err)
		}
		s.Violations[code] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("count the violations of games %d to %d: %w", first, last, err)
	}
	return s, nil
}
