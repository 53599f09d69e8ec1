package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin/replay"
)

var (
	//go:embed sql/game-kind.sql
	gameKindSQL string
	//go:embed sql/hearts-check-hands.sql
	heartsCheckHandsSQL string
	//go:embed sql/hearts-check-deviations.sql
	heartsCheckDeviationsSQL string
)

// GameKind returns the kind of game id ("gin", "hearts": games.kind). An
// id that names no game gives an error wrapping replay.ErrNoGame.
func GameKind(ctx context.Context, db *sql.DB, id int64) (string, error) {
	var kind string
	err := db.QueryRowContext(ctx, gameKindSQL, id).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w %d", replay.ErrNoGame, id)
	}
	if err != nil {
		return "", fmt.Errorf("game %d: %w", id, err)
	}
	return kind, nil
}

// StoredHeartsHand is a Hearts hand with its stored verdict, as verify
// --game-id prints it.
type StoredHeartsHand struct {
	Hand        int    `json:"hand"`
	Method      string `json:"method"` // "" when not verified yet
	Verified    bool   `json:"verified"`
	Assignments int    `json:"assignments"`
	Determined  bool   `json:"determined"`
	Moon        *int   `json:"moon"`   // the pos that shot the moon, when known
	Points      []*int `json:"points"` // by pos; nil where not known
}

// StoredDeviation is a row of hearts_deviations.
type StoredDeviation struct {
	Hand    int    `json:"hand"`
	Trick   int    `json:"trick"`
	Pos     int    `json:"pos"` // -1: no player at fault
	Code    string `json:"code"`
	Kind    string `json:"kind"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"col"`
	Message string `json:"message"`
}

func (d *StoredDeviation) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, d.Column, d.Code, d.Message)
}

// LoadHeartsChecks reads a Hearts game's hands with their verdicts, and its
// deviations. An id that names no Hearts game gives an error wrapping
// replay.ErrNoGame.
func LoadHeartsChecks(ctx context.Context, db *sql.DB, game int64) ([]StoredHeartsHand, []StoredDeviation, error) {
	rows, err := db.QueryContext(ctx, heartsCheckHandsSQL, game)
	if err != nil {
		return nil, nil, fmt.Errorf("checks of Hearts game %d: %w", game, err)
	}
	defer rows.Close()
	var hands []StoredHeartsHand
	for rows.Next() {
		var h StoredHeartsHand
		var moon sql.NullInt64
		var points []any
		if err := rows.Scan(&h.Hand, &h.Method, &h.Verified, &h.Assignments, &h.Determined, &moon, &points); err != nil {
			return nil, nil, fmt.Errorf("checks of Hearts game %d: %w", game, err)
		}
		if moon.Valid {
			m := int(moon.Int64)
			h.Moon = &m
		}
		for _, p := range points {
			if v, ok := p.(int16); ok {
				n := int(v)
				h.Points = append(h.Points, &n)
			} else {
				h.Points = append(h.Points, nil)
			}
		}
		hands = append(hands, h)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("checks of Hearts game %d: %w", game, err)
	}
	if len(hands) == 0 {
		return nil, nil, fmt.Errorf("%w %d among the Hearts games", replay.ErrNoGame, game)
	}
	drows, err := db.QueryContext(ctx, heartsCheckDeviationsSQL, game)
	if err != nil {
		return nil, nil, fmt.Errorf("deviations of Hearts game %d: %w", game, err)
	}
	defer drows.Close()
	var devs []StoredDeviation
	for drows.Next() {
		var d StoredDeviation
		if err := drows.Scan(&d.Hand, &d.Trick, &d.Pos, &d.Code, &d.Kind, &d.File, &d.Line, &d.Column, &d.Message); err != nil {
			return nil, nil, fmt.Errorf("deviations of Hearts game %d: %w", game, err)
		}
		devs = append(devs, d)
	}
	if err := drows.Err(); err != nil {
		return nil, nil, fmt.Errorf("deviations of Hearts game %d: %w", game, err)
	}
	return hands, devs, nil
}
