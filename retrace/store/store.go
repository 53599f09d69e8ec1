// Package store reads the games that retrace replays from the database,
// with each hand in the order its log lists it.
package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/retrace"
)

var (
	//go:embed games.sql
	gamesSQL string
	//go:embed rounds.sql
	roundsSQL string
	//go:embed plays.sql
	playsSQL string
)

// Load reads game id, or every game when id is 0, in game order.
func Load(ctx context.Context, db *sql.DB, id int64) ([]*retrace.Game, error) {
	var games []*retrace.Game
	byID := map[int64]*retrace.Game{}
	err := each(ctx, db, gamesSQL, id, func(rows *sql.Rows) error {
		g := &retrace.Game{}
		if err := rows.Scan(&g.ID, &g.Timestamp); err != nil {
			return err
		}
		games = append(games, g)
		byID[g.ID] = g
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read games: %w", err)
	}
	if id != 0 && len(games) == 0 {
		return nil, fmt.Errorf("no game %d", id)
	}
	err = each(ctx, db, roundsSQL, id, func(rows *sql.Rows) error {
		var (
			gid    int64
			r      retrace.Round
			action string
		)
		if err := rows.Scan(&gid, &r.Number, &r.YouPoints, &r.OppPoints, &action, &r.CallerYou); err != nil {
			return err
		}
		var err error
		if r.Action, err = gin.ParseCall(action); err != nil {
			return err
		}
		if g := byID[gid]; g != nil {
			g.Rounds = append(g.Rounds, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read rounds: %w", err)
	}
	err = each(ctx, db, playsSQL, id, func(rows *sql.Rows) error {
		var (
			gid                         int64
			round                       int
			p                           retrace.Play
			hand, top, drawn, discarded string
		)
		if err := rows.Scan(&gid, &round, &p.You, &hand, &top, &drawn, &discarded); err != nil {
			return err
		}
		var err error
		if p.Hand, err = gin.ParseCards(hand); err != nil {
			return err
		}
		for _, c := range []struct {
			dst *gin.Card
			s   string
		}{{&p.Top, top}, {&p.Drawn, drawn}, {&p.Discarded, discarded}} {
			if *c.dst, err = gin.ParseCard(c.s); err != nil {
				return err
			}
		}
		g := byID[gid]
		if g == nil || round < 1 || round > len(g.Rounds) {
			return fmt.Errorf("game %d: a play of round %d, which has no score row", gid, round)
		}
		g.Rounds[round-1].Plays = append(g.Rounds[round-1].Plays, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read plays: %w", err)
	}
	return games, nil
}

// each runs query with id and calls fn on each row.
func each(ctx context.Context, db *sql.DB, query string, id int64, fn func(*sql.Rows) error) error {
	rows, err := db.QueryContext(ctx, query, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
