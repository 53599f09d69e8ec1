package queries

import (
	"context"
	"database/sql"
	_ "embed"

	"github.com/ginlog/ginlog/selection"
)

//go:embed sql/hearts-player-list.sql
var heartsPlayerListSQL string

// HeartsIdentity is a Hearts player as the queries name it, with where it
// came from: a player is qualified by its game's origin (ingest.Origin),
// so that the players of two folders named alike stay two, unless the user
// merged them under one name (ginlog players --merge).
type HeartsIdentity struct {
	Player        string   // the name the queries give it: a qualified id, or a merged name
	Identities    string   // the qualified ids (origin/id) it stands for, space-separated
	IDs           string   // the ids (folder names) in the logs, space-separated
	Games         int      // the selected games it plays in
	Hands         int      // its hands whose points are known (verified games)
	PointsPerHand *float64 // over those hands; nil without any
	Origins       string   // the origins of its games, space-separated
}

// HeartsIdentities returns every player of the Hearts games the filters
// select, by name. Filters that select no Hearts game give an error
// wrapping selection.ErrNoGames.
func HeartsIdentities(ctx context.Context, db *sql.DB, f selection.Filters) ([]HeartsIdentity, error) {
	var out []HeartsIdentity
	err := eachRow(ctx, Source{DB: db}, "hearts-player-list", heartsPlayerListSQL, f, func(rows *sql.Rows) error {
		var p HeartsIdentity
		var pph sql.NullFloat64
		if err := rows.Scan(&p.Player, &p.Identities, &p.IDs, &p.Games, &p.Hands, &pph, &p.Origins); err != nil {
			return err
		}
		if pph.Valid {
			p.PointsPerHand = &pph.Float64
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
