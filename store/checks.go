package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

var (
	//go:embed sql/check-rounds.sql
	checkRoundsSQL string
	//go:embed sql/check-violations.sql
	checkViolationsSQL string
	//go:embed sql/game.sql
	gameSQL string
)

// StoredGame is a game's row: its log, its tags and its final score.
type StoredGame struct {
	ID       int64
	LogTS    int64  // the log's timestamp (Unix seconds)
	Opponent string // "" when the import named none
	Source   string
	Totals   [2]int // final totals, by seat
	Winner   gin.Seat
}

// LoadGame reads a game's row. An id that names no game gives an error
// wrapping replay.ErrNoGame.
func LoadGame(ctx context.Context, db *sql.DB, id int64) (*StoredGame, error) {
	g := &StoredGame{ID: id}
	var winner uint8
	err := db.QueryRowContext(ctx, gameSQL, id).Scan(&g.LogTS, &g.Opponent, &g.Source, &g.Totals[gin.You], &g.Totals[gin.Opp], &winner)
	if err == sql.ErrNoRows {
		return nil, fmt.Errorf("%w %d", replay.ErrNoGame, id)
	}
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	g.Winner = gin.Seat(winner)
	return g, nil
}

// StoredRound is a round with its stored verdict, as verify --game-id and show
// print it.
type StoredRound struct {
	Round       int           `json:"round"`
	Action      gin.Call      `json:"action"`
	Caller      gin.Seat      `json:"caller"`
	FirstMover  gin.Seat      `json:"first_mover"`
	Plays       int           `json:"plays"`
	StockDraws  int           `json:"stock_draws"`
	YouPoints   int           `json:"you_points"`
	OppPoints   int           `json:"opp_points"`
	Status      replay.Status `json:"status"` // "" when not verified yet
	BestYou     int           `json:"best_you"`
	BestOpp     int           `json:"best_opp"`
	DeclaredYou int           `json:"declared_you"`
	DeclaredOpp int           `json:"declared_opp"`
	LostYou     int           `json:"points_lost_you"`
	LostOpp     int           `json:"points_lost_opp"`
}

// StoredViolation is a row of violations.
type StoredViolation struct {
	Round   int    `json:"round"`
	Ply     int    `json:"ply"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// LoadChecks reads a game's rounds with their verdicts, and its
// violations. Rounds not verified yet have an empty Status. An id that
// names no game gives an error wrapping replay.ErrNoGame.
func LoadChecks(ctx context.Context, db *sql.DB, game int64) ([]StoredRound, []StoredViolation, error) {
	rounds, err := loadRounds(ctx, db, game)
	if err != nil {
		return nil, nil, fmt.Errorf("checks of game %d: %w", game, err)
	}
	if len(rounds) == 0 {
		return nil, nil, fmt.Errorf("%w %d", replay.ErrNoGame, game)
	}
	vs, err := loadViolations(ctx, db, game)
	if err != nil {
		return nil, nil, fmt.Errorf("violations of game %d: %w", game, err)
	}
	return rounds, vs, nil
}

func loadRounds(ctx context.Context, db *sql.DB, game int64) ([]StoredRound, error) {
	rows, err := db.QueryContext(ctx, checkRoundsSQL, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var rounds []StoredRound
	for rows.Next() {
		var r StoredRound
		var action, caller, first uint8
		var status string
		if err := rows.Scan(&r.Round, &action, &caller, &first, &r.Plays, &r.StockDraws, &r.YouPoints, &r.OppPoints,
			&status, &r.BestYou, &r.BestOpp, &r.DeclaredYou, &r.DeclaredOpp, &r.LostYou, &r.LostOpp); err != nil {
			return nil, err
		}
		r.Action, r.Caller, r.FirstMover, r.Status = gin.Call(action), gin.Seat(caller), gin.Seat(first), replay.Status(status)
		rounds = append(rounds, r)
	}
	return rounds, rows.Err()
}

func loadViolations(ctx context.Context, db *sql.DB, game int64) ([]StoredViolation, error) {
	rows, err := db.QueryContext(ctx, checkViolationsSQL, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var vs []StoredViolation
	for rows.Next() {
		var v StoredViolation
		if err := rows.Scan(&v.Round, &v.Ply, &v.Code, &v.Message); err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	return vs, rows.Err()
}
