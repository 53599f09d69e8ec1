package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"iter"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay"
)

//go:embed sql/clean-games.sql
var cleanGamesSQL string

// Filter selects the games Games reads: those the query filters select
// (Who is not used: a game holds both players' plays), and with Clean only
// those verified without a violation. Listed also reads each hand in the
// order its log lists it (replay.Round.Listed), as retrace needs it. IDs,
// when not nil, reads only the selected games it lists (an empty list
// reads none), so that a reader of a sample of the games reads no other.
type Filter struct {
	queries.Filters
	Clean  bool
	Listed bool
	IDs    []int64 // when not nil, only the selected games among these
}

// chunkGames is how many games Games reads at a time: its memory is
// bounded by a chunk, whatever the corpus.
const chunkGames = 1000

// Games yields the games f selects, in id order, reading them in chunks of
// at most chunkGames games. When the filters select no game, or Clean
// leaves none, it yields one error wrapping queries.ErrNoGames (or
// replay.ErrNoGame when f.Game names no game); after an error it stops.
func Games(ctx context.Context, db *sql.DB, f Filter) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		ids, err := gameIDs(ctx, db, f)
		if err != nil {
			yield(nil, err)
			return
		}
		if f.IDs != nil {
			ids = only(ids, f.IDs)
		}
		conn, err := db.Conn(ctx)
		if err != nil {
			yield(nil, fmt.Errorf("read games: %w", err))
			return
		}
		defer conn.Close()
		for start := 0; start < len(ids); start += chunkGames {
			games, err := load(ctx, conn, ids[start:min(start+chunkGames, len(ids))], f.Listed)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, g := range games {
				if !yield(g, nil) {
					return
				}
			}
		}
	}
}

// gameIDs returns the ids of the games f selects, in order.
func gameIDs(ctx context.Context, db *sql.DB, f Filter) ([]int64, error) {
	ids, err := queries.GameIDs(ctx, db, f.Filters)
	if err != nil || !f.Clean {
		return ids, err
	}
	clean, err := cleanGames(ctx, db)
	if err != nil {
		return nil, err
	}
	// Both lists are sorted: keep the ids found in both.
	out := ids[:0]
	for i, j := 0, 0; i < len(ids) && j < len(clean); {
		switch {
		case ids[i] < clean[j]:
			i++
		case ids[i] > clean[j]:
			j++
		default:
			out = append(out, ids[i])
			i++
			j++
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: none of the %d games selected is verified without violations (see ginlog games)", queries.ErrNoGames, len(ids))
	}
	return out, nil
}

// cleanGames returns the ids of the games verified without a violation,
// in order.
func cleanGames(ctx context.Context, db *sql.DB) ([]int64, error) {
	rows, err := db.QueryContext(ctx, cleanGamesSQL)
	if err != nil {
		return nil, fmt.Errorf("verified games: %w", err)
	}
	defer rows.Close()
	var clean []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("verified games: %w", err)
		}
		clean = append(clean, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("verified games: %w", err)
	}
	return clean, nil
}
