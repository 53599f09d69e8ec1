// Package report renders the analysis of a set of games as one
// self-contained HTML page: a summary block, then charts drawn with
// gonum.org/v1/plot as inline SVG (no scripts, fonts or requests), each
// with a title, axis labels, a sentence on how to read it, and its data as
// a table beneath it.
package report

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/ginlog/ginlog/queries"
)

// Options select what the report shows.
type Options struct {
	Filters queries.Filters
	Game    int64 // the game whose score to chart; 0: the last few games
	Recent  int   // how many recent games to chart when Game is 0 (default 3)
}

// table is a query result with helpers to read it.
type table struct{ *queries.Result }

func (t table) col(name string) int { return slices.Index(t.Columns, name) }

func (t table) num(row []any, name string) float64 {
	switch v := row[t.col(name)].(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

func (t table) str(row []any, name string) string {
	if v := row[t.col(name)]; v != nil {
		return fmt.Sprint(v)
	}
	return ""
}

// rows returns the rows whose dimension column is dim.
func (t table) rows(dim string) [][]any {
	var out [][]any
	for _, r := range t.Rows {
		if t.str(r, "dimension") == dim {
			out = append(out, r)
		}
	}
	return out
}

// data is everything the report draws.
type data struct {
	summary, draw, knock, cards, loss, status table
	scores                                    table
}

func run(ctx context.Context, db *sql.DB, name string, f queries.Filters) (table, error) {
	q, err := queries.Get(name)
	if err != nil {
		return table{}, err
	}
	res, err := queries.Run(ctx, db, q, f)
	return table{res}, err
}

func custom(ctx context.Context, db *sql.DB, name, text string, f queries.Filters) (table, error) {
	res, err := queries.Run(ctx, db, queries.Query{Name: name, SQL: text}, f)
	return table{res}, err
}

func load(ctx context.Context, db *sql.DB, o Options) (*data, error) {
	d := &data{}
	var err error
	for _, q := range []struct {
		dst  *table
		name string
	}{{&d.summary, "summary"}, {&d.draw, "draw-tendency"}, {&d.knock, "knock-profile"}, {&d.cards, "card-values"}, {&d.loss, "meld-loss"}} {
		if *q.dst, err = run(ctx, db, q.name, o.Filters); err != nil {
			return nil, err
		}
	}
	if d.status, err = custom(ctx, db, "status", `SELECT status::VARCHAR AS status, count(*) AS rounds FROM sel_checks GROUP BY status ORDER BY enum_code(status)`, o.Filters); err != nil {
		return nil, err
	}
	recent := o.Recent
	if recent <= 0 {
		recent = 3
	}
	pick := fmt.Sprintf(`SELECT game_id FROM sel_games ORDER BY log_ts DESC, game_id DESC LIMIT %d`, recent)
	if o.Game != 0 {
		pick = fmt.Sprintf(`SELECT %d`, o.Game)
	}
	d.scores, err = custom(ctx, db, "scores", `SELECT r.game_id, g.log_ts, r.round,
		sum(r.you_points) OVER (PARTITION BY r.game_id ORDER BY r.round) AS you,
		sum(r.opp_points) OVER (PARTITION BY r.game_id ORDER BY r.round) AS opp
		FROM rounds r JOIN games g USING (game_id)
		WHERE r.game_id IN (`+pick+`) ORDER BY g.log_ts, r.game_id, r.round`, o.Filters)
	return d, err
}
