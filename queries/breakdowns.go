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
	//go:embed sql/named/summary.sql
	summarySQL string
	//go:embed sql/named/draw-tendency.sql
	drawTendencySQL string
	//go:embed sql/named/knock-profile.sql
	knockProfileSQL string
	//go:embed sql/named/meld-loss.sql
	meldLossSQL string
)

// SideSummary is summary's row for one side.
type SideSummary struct {
	Games          int
	Wins           Rate // games won, of the games
	Rounds         int
	PointsPerRound float64 // 0 without rounds
	Gins, Knocks   int     // rounds the side ended with that call
	Drops          int     // rounds that ended without a call after its play
	Undercuts      int     // rounds it won by undercutting the other's knock or drop
}

// Summary runs summary and returns its rows by seat.
func Summary(ctx context.Context, db *sql.DB, f selection.Filters) ([2]SideSummary, error) {
	var out [2]SideSummary
	err := eachRow(ctx, Source{DB: db}, "summary", summarySQL, f, func(rows *sql.Rows) error {
		var side string
		var s SideSummary
		var ppr sql.NullFloat64
		if err := rows.Scan(&side, &s.Games, &s.Wins.Cases, &s.Wins.Opportunities, &s.Rounds, &ppr,
			&s.Gins, &s.Knocks, &s.Drops, &s.Undercuts); err != nil {
			return err
		}
		seat, err := gin.ParseSeat(side)
		if err != nil {
			return err
		}
		s.PointsPerRound = ppr.Float64
		out[seat] = s
		return nil
	})
	return out, err
}

// DrawTendencies is draw-tendency's answer: how often the face-up card is
// taken, overall and broken down.
type DrawTendencies struct {
	Overall  Rate
	Rank     []Share // by the card's rank, A to K
	Suit     []Share // by its suit, S, C, D, H
	Relation []Share // meld, combo, none: its relation to the hand (see replay.Relation)
	Phase    []Share // by stock left, in the fit's phases (Phases): 29-31 first
	Turn     []Share // by the actor's turn in the round, 1 to 9+
}

// DrawTendency runs draw-tendency.
func DrawTendency(ctx context.Context, db *sql.DB, f selection.Filters) (*DrawTendencies, error) {
	d := &DrawTendencies{}
	dims := map[string]*[]Share{"rank": &d.Rank, "suit": &d.Suit, "relation": &d.Relation, "phase": &d.Phase, "turn": &d.Turn}
	err := eachRow(ctx, Source{DB: db}, "draw-tendency", drawTendencySQL, f, func(rows *sql.Rows) error {
		var dim string
		var s Share
		if err := rows.Scan(&dim, &s.Label, &s.Cases, &s.Opportunities); err != nil {
			return err
		}
		if dim == "overall" {
			d.Overall = s.Rate
			return nil
		}
		dst, ok := dims[dim]
		if !ok {
			return fmt.Errorf("unknown dimension %q", dim)
		}
		*dst = append(*dst, s)
		return nil
	})
	return d, err
}

// Knocks is knock-profile's answer: the deadwood and timing of the
// calls, and how often legal knocks were passed up.
type Knocks struct {
	Deadwood []Share // knocks at each deadwood, of all knocks
	Turns    []Share // calls after each number of the caller's turns (16+ last), of all calls
	Gin      Rate    // Gin calls, of Gin and Knock calls
	Undercut Rate    // knocks undercut, of knocks
	PassedUp []Share // plays with a legal knock where the round went on, by phase (Phases)
}

// KnockProfile runs knock-profile.
func KnockProfile(ctx context.Context, db *sql.DB, f selection.Filters) (*Knocks, error) {
	k := &Knocks{}
	err := eachRow(ctx, Source{DB: db}, "knock-profile", knockProfileSQL, f, func(rows *sql.Rows) error {
		var dim string
		var s Share
		if err := rows.Scan(&dim, &s.Label, &s.Cases, &s.Opportunities); err != nil {
			return err
		}
		switch dim {
		case "deadwood at knock":
			k.Deadwood = append(k.Deadwood, s)
		case "turns before call":
			k.Turns = append(k.Turns, s)
		case "gin rate":
			k.Gin = s.Rate
		case "undercut rate":
			k.Undercut = s.Rate
		case "legal knock passed up":
			k.PassedUp = append(k.PassedUp, s)
		default:
			return fmt.Errorf("unknown dimension %q", dim)
		}
		return nil
	})
	return k, err
}

// SideLoss is meld-loss's row for one side: the points it lost by
// declaring worse melds than it had.
type SideLoss struct {
	Seat          gin.Seat
	Rounds        Rate // verified rounds in which it lost points so, of the verified rounds
	PointsLost    int
	LostPerRound  float64
	Worst         int // the most lost in one round
	ExtraDeclared int // deadwood declared beyond the best, in all
}

// MeldLoss runs meld-loss: a row per side, none when no round is verified.
func MeldLoss(ctx context.Context, db *sql.DB, f selection.Filters) ([]SideLoss, error) {
	var out []SideLoss
	err := eachRow(ctx, Source{DB: db}, "meld-loss", meldLossSQL, f, func(rows *sql.Rows) error {
		var side string
		var l SideLoss
		var perRound sql.NullFloat64
		if err := rows.Scan(&side, &l.Rounds.Cases, &l.Rounds.Opportunities, &l.PointsLost, &perRound, &l.Worst, &l.ExtraDeclared); err != nil {
			return err
		}
		seat, err := gin.ParseSeat(side)
		if err != nil {
			return err
		}
		l.Seat, l.LostPerRound = seat, perRound.Float64
		out = append(out, l)
		return nil
	})
	return out, err
}

// eachRow runs a statement through query and calls scan on each row.
func eachRow(ctx context.Context, src Source, name, text string, f selection.Filters, scan func(*sql.Rows) error, extra ...any) error {
	rows, _, err := query(ctx, src, name, text, f, extra...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return fmt.Errorf("query %s: %w", name, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("query %s: %w", name, err)
	}
	return nil
}
