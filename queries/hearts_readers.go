package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/hearts-overview.sql
	heartsOverviewSQL string
	//go:embed sql/hearts-players.sql
	heartsPlayersSQL string
	//go:embed sql/hearts-queen-tricks.sql
	heartsQueenTricksSQL string
	//go:embed sql/hearts-void-suits.sql
	heartsVoidSuitsSQL string
	//go:embed sql/hearts-methods.sql
	heartsMethodsSQL string
)

// HeartsOverview counts the selected Hearts games and what verify found.
type HeartsOverview struct {
	Games      int
	Hands      int
	Verified   int // hands some reading explains
	Determined int // hands exactly one reading explains
	Deviations int
	Complete   int // games with every player's files
}

// HeartsSummary returns the overview of the Hearts games the filters
// select. Filters that select none give an error wrapping
// selection.ErrNoGames.
func HeartsSummary(ctx context.Context, db *sql.DB, f selection.Filters) (HeartsOverview, error) {
	var o HeartsOverview
	err := eachRow(ctx, Source{DB: db}, "hearts-overview", heartsOverviewSQL, f, func(rows *sql.Rows) error {
		return rows.Scan(&o.Games, &o.Hands, &o.Verified, &o.Determined, &o.Deviations, &o.Complete)
	})
	return o, err
}

// HeartsPlayer is one player's record over the selected Hearts games:
// points from the hands whose points are known, the rest from the
// determined hands.
type HeartsPlayer struct {
	ID            string
	Hands         int     // hands whose points are known
	PointsPerHand float64 // 0 without hands
	Clean         Rate    // hands scoring no point, of Hands
	Determined    int     // determined hands played
	MoonAttempts  Rate    // of the determined hands
	QueenDumped   Rate    // hands it dumped the queen of spades, of those it held it
	HeartLeads    Rate    // hearts led once broken, of the leads with a choice
	FirstHeart    Rate    // hands it took the first heart, of the determined hands
}

// HeartsPlayers returns the records of the top players with the most
// hands (with a file), by id.
func HeartsPlayers(ctx context.Context, db *sql.DB, f selection.Filters, top int) ([]HeartsPlayer, error) {
	var out []HeartsPlayer
	err := eachRow(ctx, Source{DB: db}, "hearts-players", heartsPlayersSQL, f, func(rows *sql.Rows) error {
		var p HeartsPlayer
		var attempts, queens, dumped, open, heart, first int
		if err := rows.Scan(&p.ID, &p.Hands, &p.PointsPerHand, &p.Clean.Cases, &p.Determined, &attempts, &queens, &dumped,
			&open, &heart, &first); err != nil {
			return err
		}
		p.Clean.Opportunities = p.Hands
		p.MoonAttempts = Rate{attempts, p.Determined}
		p.QueenDumped = Rate{dumped, queens}
		p.HeartLeads = Rate{heart, open}
		p.FirstHeart = Rate{first, p.Determined}
		out = append(out, p)
		return nil
	}, sql.Named("top", top))
	return out, err
}

// HeartsQueenTricks returns, by trick (labels 1, 2, ...), in how many
// determined hands the queen of spades fell there, of the determined
// hands.
func HeartsQueenTricks(ctx context.Context, db *sql.DB, f selection.Filters) ([]Share, error) {
	var out []Share
	err := eachRow(ctx, Source{DB: db}, "hearts-queen-tricks", heartsQueenTricksSQL, f, func(rows *sql.Rows) error {
		var s Share
		if err := rows.Scan(&s.Label, &s.Cases, &s.Opportunities); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

// HeartsVoids returns, by suit (labels S, C, D, H), how many players of
// determined hands were void in it by the middle of the hand.
func HeartsVoids(ctx context.Context, db *sql.DB, f selection.Filters) ([]Share, error) {
	var out []Share
	err := eachRow(ctx, Source{DB: db}, "hearts-void-suits", heartsVoidSuitsSQL, f, func(rows *sql.Rows) error {
		var suit int
		var s Share
		if err := rows.Scan(&suit, &s.Cases, &s.Opportunities); err != nil {
			return err
		}
		s.Label = gin.Suit(suit).String()
		out = append(out, s)
		return nil
	})
	return out, err
}

// HeartsMethods returns, by order method, the hands determined of the
// hands read so.
func HeartsMethods(ctx context.Context, db *sql.DB, f selection.Filters) ([]Share, error) {
	var out []Share
	err := eachRow(ctx, Source{DB: db}, "hearts-methods", heartsMethodsSQL, f, func(rows *sql.Rows) error {
		var s Share
		if err := rows.Scan(&s.Label, &s.Opportunities, &s.Cases); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

//go:embed sql/hearts-list.sql
var heartsListSQL string

// HeartsGames lists the selected Hearts games with their players, hands,
// order method, final totals and verify verdict, as a table: ginlog games
// --game hearts prints it.
func HeartsGames(ctx context.Context, db *sql.DB, f selection.Filters) (*Result, error) {
	rows, _, err := query(ctx, Source{DB: db}, "hearts-list", heartsListSQL, f)
	if err != nil {
		return nil, err
	}
	res, err := Collect(rows)
	if err != nil {
		return nil, fmt.Errorf("query hearts-list: %w", err)
	}
	return res, nil
}
