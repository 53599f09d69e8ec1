package queries

import (
	_ "embed"
	"strings"

	"github.com/ginlog/ginlog/schema"
)

//go:embed sql/hearts-prelude.sql
var heartsPrelude string

// The kinds of game a query reads (games.kind).
const (
	GameGin    = schema.KindGin
	GameHearts = schema.KindHearts
)

// heartsOrder lists the Hearts queries in the order All gives them, after
// the Gin ones.
var heartsOrder = []string{"hearts-points", "hearts-moon", "hearts-queen", "hearts-voids", "hearts-breaking",
	"hearts-first-heart", "hearts-cards", "hearts-games", "hearts-orders", "hearts-deviations"}

// GameOf returns the kind of games a statement reads, by its name: the
// hearts-* statements read Hearts games through the Hearts prelude (the
// views sel_games, sel_checks, sel_hands, sel_seats, sel_plays and
// sel_deviations), every other statement Gin games.
func GameOf(name string) string {
	if strings.HasPrefix(name, "hearts-") {
		return GameHearts
	}
	return GameGin
}

// prelude returns the prelude of the statement named name.
func prelude(name string) string {
	if GameOf(name) == GameHearts {
		return heartsPrelude
	}
	return preludeSQL
}

// ForGame returns the named queries of one kind of game, in All's order.
func ForGame(game string) []Query {
	var out []Query
	for _, q := range All() {
		if q.Game == game {
			out = append(out, q)
		}
	}
	return out
}

// prelude returns the prelude the query reads through.
func (q Query) prelude() string { return prelude(q.Name) }
