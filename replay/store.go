package replay

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/schema"
	"golang.org/x/sync/errgroup"
)

// Selection says which games Verify replays.
type Selection struct {
	All  bool  // every game, again
	Game int64 // one game, again (0: not this)
	From int64 // with To: the games in [From, To] not verified yet
	To   int64
}

// Summary counts what Verify found.
type Summary struct {
	Games        int            `json:"games"`
	Rounds       map[Status]int `json:"rounds"`
	Violations   map[string]int `json:"violations"`
	LostYou      int            `json:"points_lost_you"`
	LostOpp      int            `json:"points_lost_opp"`
	Seconds      float64        `json:"seconds"`
	GamesPerS    float64        `json:"games_per_second"`
	GamesWithBad int            `json:"games_with_violations"`
}

func (s *Summary) add(res *Result) {
	s.Games++
	for _, rc := range res.Rounds {
		s.Rounds[rc.Status]++
		s.LostYou += rc.LostYou
		s.LostOpp += rc.LostOpp
	}
	for _, v := range res.Violations {
		s.Violations[v.Code]++
	}
	if len(res.Violations) > 0 {
		s.GamesWithBad++
	}
}

// batchPlays is how many plays a transaction verifies, at most (or one
// game, if it has more): two DuckDB row groups (122,880 rows) of
// play_features. Measured on 20,000 games, batches of this size verify
// about a third faster than batches of 500 games.
const batchPlays = 2 * 122880

// Verify replays the selected games and stores what it finds, replacing
// earlier results for them. Each batch of games is one transaction.
// onGame, when set, is called after each game.
func Verify(ctx context.Context, db *sql.DB, sel Selection, onTotal func(int), onGame func()) (*Summary, error) {
	start := time.Now()
	ids, plays, err := selectGames(ctx, db, sel)
	if err != nil {
		return nil, err
	}
	if sel.All {
		// Forget every result at once: a game without results is simply
		// not verified, so a crash before the end leaves the rest to the
		// next run.
		if err := forgetAll(ctx, db); err != nil {
			return nil, err
		}
	}
	if onTotal != nil {
		onTotal(len(ids))
	}
	sum := &Summary{Rounds: map[Status]int{Exact: 0, Explained: 0, Impossible: 0}, Violations: map[string]int{}}
	batches := make(chan []int64)
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(ctx)
	for range 2 {
		conn, err := db.Conn(ctx)
		if err != nil {
			close(batches)
			g.Wait()
			return nil, err
		}
		g.Go(func() error {
			defer conn.Close()
			for batch := range batches {
				results, err := verifyBatchOn(ctx, conn, batch, sel.Game != 0)
				if err != nil {
					return err
				}
				mu.Lock()
				for i := range results {
					sum.add(&results[i])
					if onGame != nil {
						onGame()
					}
				}
				mu.Unlock()
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(batches)
		for start := 0; start < len(ids); {
			end, n := start, 0
			for end < len(ids) && (end == start || n+plays[end] <= batchPlays) {
				n += plays[end]
				end++
			}
			select {
			case batches <- ids[start:end]:
			case <-ctx.Done():
				return ctx.Err()
			}
			start = end
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.GamesPerS = float64(sum.Games) / max(sum.Seconds, 1e-9)
	return sum, nil
}

// selectGames returns the ids of the selected games and their plays.
func selectGames(ctx context.Context, db *sql.DB, sel Selection) ([]int64, []int, error) {
	q := `SELECT game_id, plays FROM games WHERE game_id NOT IN (SELECT game_id FROM game_checks)`
	var args []any
	switch {
	case sel.Game != 0:
		q, args = `SELECT game_id, plays FROM games WHERE game_id = ?`, []any{sel.Game}
	case sel.All:
		q = `SELECT game_id, plays FROM games`
	case sel.To != 0:
		q += ` AND game_id BETWEEN ? AND ?`
		args = []any{sel.From, sel.To}
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY game_id`, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var ids []int64
	var plays []int
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, nil, err
		}
		ids, plays = append(ids, id), append(plays, n)
	}
	if sel.Game != 0 && len(ids) == 0 && rows.Err() == nil {
		return nil, nil, fmt.Errorf("no game %d", sel.Game)
	}
	return ids, plays, rows.Err()
}

// Load reads games (sorted ids) with their rounds and plays.
func Load(ctx context.Context, db *sql.DB, ids []int64) ([]*Game, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return load(ctx, conn, ids)
}

// load reads games on conn. It reads through the driver's rows directly:
// database/sql's conversions cost more than the replay itself.
func load(ctx context.Context, conn *sql.Conn, ids []int64) ([]*Game, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	lo, hi := ids[0], ids[len(ids)-1]
	want := make(map[int64]*Game, len(ids))
	games := make([]*Game, len(ids))
	for i, id := range ids {
		games[i] = &Game{ID: id}
		want[id] = games[i]
	}
	err := conn.Raw(func(dc any) error {
		q := dc.(driver.QueryerContext)
		args := []driver.NamedValue{{Ordinal: 1, Value: lo}, {Ordinal: 2, Value: hi}}
		err := eachRow(ctx, q, `SELECT game_id, round, you_points, opp_points, enum_code(action), caller = 'you'
			FROM rounds WHERE game_id BETWEEN $1 AND $2 ORDER BY game_id, round`, args, func(v []driver.Value) {
			if g := want[v[0].(int64)]; g != nil {
				g.Rounds = append(g.Rounds, Round{Number: int(v[1].(int16)), YouPoints: int(v[2].(int16)),
					OppPoints: int(v[3].(int16)), Action: gin.Call(v[4].(uint8)), CallerYou: v[5].(bool)})
			}
		})
		if err != nil {
			return err
		}
		return eachRow(ctx, q, `SELECT game_id, round, actor = 'you', hand_mask, hand[1] = drawn,
			enum_code(top), enum_code(drawn), enum_code(discarded)
			FROM plays WHERE game_id BETWEEN $1 AND $2 ORDER BY game_id, round, ply`, args, func(v []driver.Value) {
			g, round := want[v[0].(int64)], int(v[1].(int16))
			if g == nil || round < 1 || round > len(g.Rounds) {
				return
			}
			g.Rounds[round-1].Plays = append(g.Rounds[round-1].Plays, Play{You: v[2].(bool), Hand: gin.Hand(v[3].(uint64)),
				DrawnFirst: v[4].(bool), Top: gin.Card(v[5].(uint8)), Drawn: gin.Card(v[6].(uint8)), Discarded: gin.Card(v[7].(uint8))})
		})
	})
	return games, err
}

// eachRow runs a query on a driver connection and calls fn with each row.
func eachRow(ctx context.Context, q driver.QueryerContext, query string, args []driver.NamedValue, fn func([]driver.Value)) error {
	rows, err := q.QueryContext(ctx, query, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	for {
		if err := rows.Next(dest); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		fn(dest)
	}
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// verifyBatchOn replays a batch on conn and stores the results in one
// transaction; replace deletes earlier results first.
func verifyBatchOn(ctx context.Context, conn *sql.Conn, ids []int64, replace bool) ([]Result, error) {
	games, err := load(ctx, conn, ids)
	if err != nil {
		return nil, err
	}
	results := make([]Result, len(games))
	for i, g := range games {
		results[i] = Check(g)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return nil, err
	}
	if err := store(ctx, conn, games, results, replace); err != nil {
		conn.ExecContext(context.Background(), "ROLLBACK")
		return nil, err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return results, err
}

var storeTables = []string{"game_checks", "round_checks", "violations", "play_features"}

func forgetAll(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, t := range storeTables {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func store(ctx context.Context, conn *sql.Conn, games []*Game, results []Result, replace bool) error {
	if replace {
		list := make([]string, len(games))
		for i, g := range games {
			list[i] = fmt.Sprint(g.ID)
		}
		for _, t := range storeTables {
			if _, err := conn.ExecContext(ctx, `DELETE FROM `+t+` WHERE game_id IN (`+strings.Join(list, ",")+`)`); err != nil {
				return err
			}
		}
	}
	return conn.Raw(func(dc any) error {
		var apps [4]*duckdb.Appender
		for i, t := range storeTables {
			a, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", t)
			if err != nil {
				for _, a := range apps[:i] {
					a.Close()
				}
				return err
			}
			apps[i] = a
		}
		err := appendResults(apps, games, results)
		for i, a := range apps {
			if cerr := a.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("flush %s: %w", storeTables[i], cerr)
			}
		}
		return err
	})
}

var relationValue = map[Relation]driver.Value{RelMeld: "meld", RelCombo: "combo", RelNone: "none"}

// cardList returns a hand's cards as appender values.
func cardList(h gin.Hand) []any {
	out := make([]any, 0, gin.HandSize)
	for _, c := range h.Cards() {
		out = append(out, schema.CardValues[c])
	}
	return out
}

func appendResults(apps [4]*duckdb.Appender, games []*Game, results []Result) error {
	now := time.Now().UTC()
	for i, g := range games {
		res := &results[i]
		var n [3]int16
		for _, rc := range res.Rounds {
			n[map[Status]int{Exact: 0, Explained: 1, Impossible: 2}[rc.Status]]++
			if err := apps[1].AppendRow(g.ID, int16(rc.Round), string(rc.Status), int16(rc.BestYou), int16(rc.BestOpp),
				int16(rc.DeclaredYou), int16(rc.DeclaredOpp), int16(rc.LostYou), int16(rc.LostOpp),
				int16(rc.ExpectedYou), int16(rc.ExpectedOpp), int32(rc.Explanations), uint64(rc.FinalYou), uint64(rc.FinalOpp),
				uint64(rc.MeldedYou), uint64(rc.MeldedOpp), cardList(rc.FinalYou), cardList(rc.FinalOpp)); err != nil {
				return err
			}
		}
		if err := apps[0].AppendRow(g.ID, now, int32(len(res.Violations)), n[0], n[1], n[2]); err != nil {
			return err
		}
		for _, v := range res.Violations {
			if err := apps[2].AppendRow(g.ID, int16(v.Round), int16(v.Ply), v.Code, v.Msg); err != nil {
				return err
			}
		}
		for _, f := range res.Features {
			var fed driver.Value
			if f.Fed >= 0 {
				fed = f.Fed == 1
			}
			if err := apps[3].AppendRow(g.ID, int16(f.Round), int16(f.Ply), schema.Side(f.You), int16(f.Turn), int16(f.StockLeft),
				schema.CardValues[f.Top], relationValue[f.TopRelation], int16(f.TopBest), f.TopImproves, f.FromDiscard,
				int16(f.DeadwoodBefore), int16(f.BestAfter), int16(f.DeadwoodAfter), schema.CardValues[f.Discarded],
				f.DiscardDead, f.DiscardBest, f.CouldKnock, f.Last, fed); err != nil {
				return err
			}
		}
	}
	return nil
}

// SortedCodes returns the violation codes of a summary, most frequent first.
func (s *Summary) SortedCodes() []string {
	var codes []string
	for c := range s.Violations {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		a, b := s.Violations[codes[i]], s.Violations[codes[j]]
		return a > b || a == b && codes[i] < codes[j]
	})
	return codes
}

// StoredRound is a round with its stored verdict, as verify --game and show
// print it.
type StoredRound struct {
	Round       int    `json:"round"`
	Action      string `json:"action"`
	Caller      string `json:"caller"`
	FirstMover  string `json:"first_mover"`
	Plays       int    `json:"plays"`
	StockDraws  int    `json:"stock_draws"`
	YouPoints   int    `json:"you_points"`
	OppPoints   int    `json:"opp_points"`
	Status      string `json:"status"`
	BestYou     int    `json:"best_you"`
	BestOpp     int    `json:"best_opp"`
	DeclaredYou int    `json:"declared_you"`
	DeclaredOpp int    `json:"declared_opp"`
	LostYou     int    `json:"points_lost_you"`
	LostOpp     int    `json:"points_lost_opp"`
}

// StoredViolation is a row of violations.
type StoredViolation struct {
	Round   int    `json:"round"`
	Ply     int    `json:"ply"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// LoadChecks reads a verified game's rounds with their verdicts, and its
// violations. Rounds not verified yet have an empty Status.
func LoadChecks(ctx context.Context, db querier, game int64) ([]StoredRound, []StoredViolation, error) {
	rows, err := db.QueryContext(ctx, `SELECT r.round, r.action::VARCHAR, r.caller::VARCHAR, r.first_mover::VARCHAR, r.plays, r.stock_draws,
		r.you_points, r.opp_points, coalesce(c.status::VARCHAR, ''), coalesce(c.best_you, -1), coalesce(c.best_opp, -1),
		coalesce(c.declared_you, -1), coalesce(c.declared_opp, -1), coalesce(c.points_lost_you, 0), coalesce(c.points_lost_opp, 0)
		FROM rounds r LEFT JOIN round_checks c USING (game_id, round) WHERE r.game_id = ? ORDER BY r.round`, game)
	if err != nil {
		return nil, nil, err
	}
	var rounds []StoredRound
	for rows.Next() {
		var r StoredRound
		if err := rows.Scan(&r.Round, &r.Action, &r.Caller, &r.FirstMover, &r.Plays, &r.StockDraws, &r.YouPoints, &r.OppPoints,
			&r.Status, &r.BestYou, &r.BestOpp, &r.DeclaredYou, &r.DeclaredOpp, &r.LostYou, &r.LostOpp); err != nil {
			rows.Close()
			return nil, nil, err
		}
		rounds = append(rounds, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	if len(rounds) == 0 {
		return nil, nil, fmt.Errorf("no game %d", game)
	}
	vrows, err := db.QueryContext(ctx, `SELECT round, ply, code, message FROM violations WHERE game_id = ? ORDER BY round, ply`, game)
	if err != nil {
		return nil, nil, err
	}
	defer vrows.Close()
	var vs []StoredViolation
	for vrows.Next() {
		var v StoredViolation
		if err := vrows.Scan(&v.Round, &v.Ply, &v.Code, &v.Message); err != nil {
			return nil, nil, err
		}
		vs = append(vs, v)
	}
	return rounds, vs, vrows.Err()
}
