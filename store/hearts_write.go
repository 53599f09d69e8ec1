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
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/schema"
)

// The tables VerifyHearts fills, in the order their appenders are opened.
var heartsTables = [...]string{"hearts_checks", "hearts_hand_checks", "hearts_seats", "hearts_plays", "hearts_deviations", "hearts_cards"}

// writeHearts stores the reports of games in one transaction on conn;
// replace deletes their earlier results first.
func writeHearts(ctx context.Context, conn *sql.Conn, games []HeartsGame, reports []*logs.Report, replace bool) error {
	b, err := schema.Begin(ctx, conn)
	if err != nil {
		return err
	}
	if err := fillHearts(ctx, b, games, reports, replace); err != nil {
		return errors.Join(err, b.Rollback())
	}
	return b.Commit(ctx)
}

func fillHearts(ctx context.Context, b *schema.Batch, games []HeartsGame, reports []*logs.Report, replace bool) error {
	if replace {
		ids := make([]int64, len(games))
		for i, g := range games {
			ids[i] = g.ID
		}
		for _, s := range sqltext.Statements(heartsForgetGamesSQL) {
			if err := b.Exec(ctx, s, ids); err != nil {
				return fmt.Errorf("forget earlier Hearts results: %w", err)
			}
		}
	}
	w := heartsWriter{now: time.Now().UTC()}
	for i, table := range heartsTables {
		a, err := b.Appender(table)
		if err != nil {
			return err
		}
		w.apps[i] = a
	}
	for i, g := range games {
		if err := w.game(g, reports[i]); err != nil {
			return fmt.Errorf("Hearts game %d: %w", g.ID, err)
		}
	}
	return nil
}

// heartsWriter appends reports through the appenders of one batch, by
// heartsTables' order.
type heartsWriter struct {
	apps [len(heartsTables)]*duckdb.Appender
	now  time.Time
}

// methodValues holds the order_method ENUM's values by logs.Method.
var methodValues = func() (v [logs.MethodSearched + 1]driver.Value) {
	for m := range v {
		v[m] = logs.Method(m).String()
	}
	return v
}()

// seatValue returns a seat (pos) as a nullable TINYINT: NULL for -1.
func seatValue(s int) driver.Value {
	if s < 0 {
		return nil
	}
	return int8(s)
}

func (w *heartsWriter) game(hg HeartsGame, rep *logs.Report) error {
	id, g := hg.ID, hg.Game
	n := g.Players
	verified, determined := 0, 0
	for i := range rep.Hands {
		if rep.Hands[i].Verified {
			verified++
		}
		if rep.Hands[i].Determined {
			determined++
		}
	}
	var lo, hi driver.Value
	if rep.TotalsKnown && rep.LimitLo <= rep.LimitHi {
		lo, hi = int32(rep.LimitLo), int32(rep.LimitHi)
	}
	if err := w.apps[0].AppendRow(id, w.now, methodValues[rep.Method], int32(len(rep.Deviations)), int32(len(g.Hands)),
		int32(verified), int32(determined), rep.TotalsKnown, int32(rep.Limit), lo, hi); err != nil {
		return fmt.Errorf("%s: %w", heartsTables[0], err)
	}
	tricks := make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))
	var cards [gin.NumCards]cardCounts
	for i := range g.Hands {
		if err := w.hand(hg, i, &rep.Hands[i], tricks, &cards); err != nil {
			return fmt.Errorf("hand %d: %w", i+1, err)
		}
	}
	for c, k := range cards {
		if determined == 0 {
			break
		}
		if err := w.apps[5].AppendRow(id, schema.CardValues[c], k.played, k.wins, k.leads, k.dumped); err != nil {
			return fmt.Errorf("%s: %w", heartsTables[5], err)
		}
	}
	for _, d := range rep.Deviations {
		if err := w.apps[4].AppendRow(id, int32(d.Hand), int8(d.Trick), seatValue(d.Pos), d.Code, string(logs.KindOf(d.Code)),
			d.File, int32(d.Line), int32(d.Column), d.Msg); err != nil {
			return fmt.Errorf("%s: %w", heartsTables[4], err)
		}
	}
	return nil
}

// cardCounts is how a card fared in a game's determined hands.
type cardCounts struct {
	played, wins, leads, dumped int32
}

// hand appends hand i's rows: its check, its seats and its plays, with
// what the hand shows when it is determined, and counts its cards in
// cards. tricks is scratch space of the hand's tricks.
func (w *heartsWriter) hand(hg HeartsGame, i int, r *logs.HandReport, tricks [][hearts.MaxPlayers]gin.Card, cards *[gin.NumCards]cardCounts) error {
	id, g := hg.ID, hg.Game
	n, h, hand := g.Players, &g.Hands[i], int32(i+1)
	var f *hearts.Facts
	if r.Determined {
		for k, c := range h.Cards {
			tricks[k/n][r.Seats[k]] = c
		}
		facts := hearts.Analyse(n, tricks)
		f = &facts
	}
	check := []driver.Value{id, hand, methodValues[r.Method], r.Verified, int8(r.Assignments), r.Determined, r.PointsKnown,
		nil, nil, nil, nil, nil, nil, nil, nil, nil}
	if f != nil {
		check[7], check[8], check[9] = int8(f.Leader), seatValue(f.Moon), seatValue(f.MoonAttempt)
		check[10], check[11], check[12], check[13] = int8(f.QueenTrick), seatValue(f.QueenBy), seatValue(f.QueenTo), f.QueenDumped
		check[14], check[15] = int8(f.BrokenTrick), seatValue(f.FirstHeart)
	}
	if err := w.apps[1].AppendRow(check...); err != nil {
		return fmt.Errorf("%s: %w", heartsTables[1], err)
	}
	seat := make([]driver.Value, 23)
	for p := range n {
		for i := range seat {
			seat[i] = nil
		}
		seat[0], seat[1], seat[2], seat[4], seat[5] = id, hand, int8(p), int8(n), r.Determined
		if hg.Players[p] != "" {
			seat[3] = hg.Players[p]
		}
		if r.PointsKnown || h.Logged[p] {
			seat[6] = int16(r.Points[p])
		}
		if f != nil {
			s := &f.Seats[p]
			seat[7], seat[8], seat[9], seat[10], seat[11] = int16(s.Taken), int8(s.Tricks), int8(s.Leads), int8(s.LeadsOpen), int8(s.HeartLeadsOpen)
			for suit, t := range s.Void {
				seat[12+suit] = int8(t)
			}
			seat[16], seat[17], seat[18] = f.Moon == p, f.MoonAttempt == p, f.QueenBy == p
			seat[19], seat[20] = f.QueenBy == p && f.QueenDumped, f.QueenTo == p
			seat[21], seat[22] = f.QueenTo == p && f.QueenDumped && f.QueenBy != p, f.FirstHeart == p
		}
		if err := w.apps[2].AppendRow(seat...); err != nil {
			return fmt.Errorf("%s: %w", heartsTables[2], err)
		}
	}
	for k, c := range h.Cards {
		t := k / n
		var pos, leads, wins, follows driver.Value
		if f != nil {
			p := int(r.Seats[k])
			tf := f.Tricks[t]
			lead, win, follow := p == tf.Leader, p == tf.Winner, c.Suit() == tricks[t][tf.Leader].Suit()
			pos, leads, wins, follows = int8(p), lead, win, follow
			k := &cards[c]
			k.played++
			k.wins += b32(win)
			k.leads += b32(lead)
			k.dumped += b32(!follow)
		}
		if err := w.apps[3].AppendRow(id, hand, int8(t+1), int8(k), schema.CardValues[c], pos, leads, wins, follows); err != nil {
			return fmt.Errorf("%s: %w", heartsTables[3], err)
		}
	}
	return nil
}

// b32 is 1 for true, 0 for false.
func b32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
