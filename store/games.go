package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"iter"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/selection"
)

//go:embed sql/clean-games.sql
var cleanGamesSQL string

// Filter selects the games Games reads: those the query filters select
// (Who is not used: a game holds both players' plays), and with Clean only
// those verified without a violation. Listed also reads each hand in the
// order its log lists it (replay.Round.Listed), as retrace needs it. Keep,
// when set, reads only the selected games it keeps (a sample, or the games
// Only lists), so that a reader of a sample reads no other.
type Filter struct {
	selection.Filters
	Clean  bool
	Listed bool
	Keep   func(id int64) bool
}

// chunkGames is how many games Games reads at a time: its memory is
// bounded by a chunk, whatever the corpus.
const chunkGames = 1000

// Games yields the games f selects, in id order, reading them in chunks of
// at most chunkGames games, the next chunk while the caller works on this
// one (two chunks in memory at most). When the filters select no game, or
// Clean leaves none, it yields one error wrapping selection.ErrNoGames (or
// replay.ErrNoGame when f.Game names no game); after an error it stops.
func Games(ctx context.Context, db *sql.DB, f Filter) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		ids, err := GameIDs(ctx, db, f)
		if err != nil {
			yield(nil, err)
			return
		}
		conn, err := db.Conn(ctx)
		if err != nil {
			yield(nil, fmt.Errorf("read games: %w", err))
			return
		}
		defer conn.Close()
		parent := ctx
		ctx, stop := context.WithCancel(ctx)
		loaded := make(chan loadedChunk, 1)
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer close(loaded)
			for chunk := range chunks(ids) {
				games, err := load(ctx, conn, chunk, f.Listed)
				select {
				case loaded <- loadedChunk{games, err}:
				case <-ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
		// The reader must be gone before the connection closes.
		defer func() { stop(); <-done }()
		for c := range loaded {
			if c.err != nil {
				// A read the caller's cancellation interrupted fails with
				// the database's own error: report the cancellation.
				if err := parent.Err(); err != nil {
					c.err = fmt.Errorf("read games: %w", err)
				}
				yield(nil, c.err)
				return
			}
			for _, g := range c.games {
				if !yield(g, nil) {
					return
				}
			}
		}
		// The reader stops without a word when the caller's context ends
		// between two chunks: say so, rather than end as if complete.
		if err := parent.Err(); err != nil {
			yield(nil, fmt.Errorf("read games: %w", err))
		}
	}
}

// loadedChunk is a chunk of games Games has read, or why it could not.
type loadedChunk struct {
	games []*replay.Game
	err   error
}

// chunks splits ids (sorted) into the runs Games reads at a time: at most
// chunkGames ids, and a new run wherever the next id is more than
// chunkGames past the last, since a run is read as the range of ids from
// its first to its last (a sample's scattered runs would otherwise be read
// with every game between them).
func chunks(ids []int64) iter.Seq[[]int64] {
	return func(yield func([]int64) bool) {
		start := 0
		for i := range ids {
			if i > start && (i-start == chunkGames || ids[i]-ids[i-1] > chunkGames) {
				if !yield(ids[start:i]) {
					return
				}
				start = i
			}
		}
		if start < len(ids) {
			yield(ids[start:])
		}
	}
}

// GameIDs returns the ids of the games f selects, in order: those Games
// reads. Its errors are those Games yields.
func GameIDs(ctx context.Context, db *sql.DB, f Filter) ([]int64, error) {
	ids, err := selected(ctx, db, f)
	if err != nil || f.Keep == nil {
		return ids, err
	}
	kept := ids[:0]
	for _, id := range ids {
		if f.Keep(id) {
			kept = append(kept, id)
		}
	}
	return kept, nil
}

// selected returns the ids of the games the filters and Clean select, in
// order.
func selected(ctx context.Context, db *sql.DB, f Filter) ([]int64, error) {
	ids, err := selection.GameIDs(ctx, db, f.Filters)
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
		return nil, fmt.Errorf("%w: none of the %d games selected is verified without violations (see ginlog games)", selection.ErrNoGames, len(ids))
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
