package queries_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay"
	"github.com/ginlog/ginlog/replay/store"
)

// referenceTendencies counts every measure the slow, obvious way: each
// selected game replayed through the rules engine, each play and round
// looked at in Go.
func referenceTendencies(games []*replay.Game) map[queries.Measure][2]queries.Rate {
	out := map[queries.Measure][2]queries.Rate{}
	count := func(m queries.Measure, seat gin.Seat, hit bool) {
		r := out[m]
		r[seat].Opportunities++
		if hit {
			r[seat].Cases++
		}
		out[m] = r
	}
	for _, g := range games {
		res := replay.Check(g)
		rounds := map[int]*replay.Round{}
		for i := range g.Rounds {
			rounds[g.Rounds[i].Number] = &g.Rounds[i]
		}
		lastOf := map[int]replay.Feature{}
		for _, f := range res.Features {
			p := rounds[f.Round].Plays[f.Ply-1]
			near := p.Before()&gin.Neighbours(f.Top, 1) != 0
			switch {
			case f.TopRelation == replay.RelMeld:
				count(queries.TakeMeld, f.Seat, f.FromDiscard)
			case near:
				count(queries.TakeNear, f.Seat, f.FromDiscard)
			}
			if f.TopRelation == replay.RelNone {
				count(queries.TakeNone, f.Seat, f.FromDiscard)
			}
			if f.CouldKnock {
				count(queries.KnockPassed, f.Seat, !f.Last)
			}
			count(queries.DiscardWorse, f.Seat, !f.DiscardBest)
			if f.Last {
				lastOf[f.Round] = f
			}
		}
		for _, r := range g.Rounds {
			if r.Action != gin.Gin && r.Action != gin.Knock {
				continue
			}
			f := lastOf[r.Number]
			count(queries.GinCall, f.Seat, r.Action == gin.Gin)
			if r.Action == gin.Knock {
				count(queries.KnockHigh, f.Seat, f.DeadwoodAfter >= 7)
				count(queries.Undercut, f.Seat, r.Points[f.Seat.Other()] > 0)
			}
		}
		for _, rc := range res.Rounds {
			count(queries.WeakDeclare, gin.You, rc.LostYou > 0)
			count(queries.WeakDeclare, gin.Opp, rc.LostOpp > 0)
		}
	}
	return out
}

// TestTendenciesReference: the statement's counts equal the reference's,
// side by side, on both corpora and on one game.
func TestTendenciesReference(t *testing.T) {
	ctx := context.Background()
	for name, dir := range corpora {
		db := testdb.Load(t, dir, ingest.Options{})
		read := func(f store.Filter) []*replay.Game {
			var games []*replay.Game
			for g, err := range store.Games(ctx, db, f) {
				if err != nil {
					t.Fatal(err)
				}
				games = append(games, g)
			}
			return games
		}
		for _, sel := range []struct {
			name string
			f    queries.Filters
		}{{"all", queries.Filters{}}, {"game 2", queries.Filters{Game: 2}}, {"you only is ignored", queries.Filters{Who: "you"}}} {
			t.Run(name+"/"+sel.name, func(t *testing.T) {
				got, err := queries.Tendencies(ctx, db, sel.f)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(queries.Measures) {
					t.Fatalf("%d measures, want %d", len(got), len(queries.Measures))
				}
				want := referenceTendencies(read(store.Filter{Filters: queries.Filters{Game: sel.f.Game}}))
				for i, m := range got {
					if m.Measure != queries.Measures[i] {
						t.Errorf("measure %d is %s, want %s", i, m.Measure, queries.Measures[i])
					}
					if m.Sides != want[m.Measure] {
						t.Errorf("%s: got %+v, reference %+v", m.Measure, m.Sides, want[m.Measure])
					}
				}
			})
		}
	}
}

func TestTendenciesNoGames(t *testing.T) {
	db := testdb.Load(t, corpora["sample"], ingest.Options{})
	if _, err := queries.Tendencies(context.Background(), db, queries.Filters{Opponent: "nobody"}); !errors.Is(err, queries.ErrNoGames) {
		t.Errorf("got %v, want ErrNoGames", err)
	}
}
