package queries_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// referenceTendencies counts every measure the slow, obvious way: each
// selected game replayed through the rules engine, each play and round
// looked at in Go, the counts kept round by round for the jackknife.
func referenceTendencies(games []*replay.Game) map[queries.Measure]queries.MeasureRates {
	type side struct {
		m    queries.Measure
		seat gin.Seat
	}
	type key struct {
		side
		game, round int
	}
	perRound := map[key]*queries.Rate{}
	var order []key
	for gi, g := range games {
		res := replay.Check(g)
		count := func(m queries.Measure, seat gin.Seat, round int, hit bool) {
			k := key{side{m, seat}, gi, round}
			if perRound[k] == nil {
				perRound[k] = &queries.Rate{}
				order = append(order, k)
			}
			perRound[k].Opportunities++
			if hit {
				perRound[k].Cases++
			}
		}
		rounds := map[int]*replay.Round{}
		for i := range g.Rounds {
			rounds[g.Rounds[i].Number] = &g.Rounds[i]
		}
		lastOf := map[int]replay.Feature{}
		chance := map[[2]int]bool{}
		for _, f := range res.Features {
			p := rounds[f.Round].Plays[f.Ply-1]
			near := p.Before()&gin.Neighbours(f.Top, 1) != 0
			switch {
			case f.TopRelation == replay.RelMeld:
				count(queries.TakeMeld, f.Seat, f.Round, f.FromDiscard)
			case near:
				count(queries.TakeNear, f.Seat, f.Round, f.FromDiscard)
			}
			if f.TopRelation == replay.RelNone {
				count(queries.TakeNone, f.Seat, f.Round, f.FromDiscard)
			}
			if k := [2]int{f.Round, int(f.Seat)}; f.CouldKnock && !chance[k] {
				chance[k] = true
				count(queries.KnockPassed, f.Seat, f.Round, !f.Last)
			}
			count(queries.DiscardWorse, f.Seat, f.Round, !f.DiscardBest)
			if f.Last {
				lastOf[f.Round] = f
			}
		}
		for _, r := range g.Rounds {
			if r.Action != gin.Gin && r.Action != gin.Knock {
				continue
			}
			f := lastOf[r.Number]
			count(queries.GinCall, f.Seat, r.Number, r.Action == gin.Gin)
			if r.Action == gin.Knock {
				count(queries.KnockHigh, f.Seat, r.Number, f.DeadwoodAfter >= 7)
				count(queries.Undercut, f.Seat, r.Number, r.Points[f.Seat.Other()] > 0)
			}
		}
		for _, rc := range res.Rounds {
			count(queries.WeakDeclare, gin.You, rc.Round, rc.LostYou > 0)
			count(queries.WeakDeclare, gin.Opp, rc.Round, rc.LostOpp > 0)
		}
	}
	bySide := map[side][]queries.Rate{}
	for _, k := range order {
		bySide[k.side] = append(bySide[k.side], *perRound[k])
	}
	out := map[queries.Measure]queries.MeasureRates{}
	for k, rs := range bySide {
		m := out[k.m]
		m.Measure = k.m
		total := &m.Sides[k.seat]
		for _, r := range rs {
			total.Cases += r.Cases
			total.Opportunities += r.Opportunities
		}
		sp := &m.Spread[k.seat]
		for _, r := range rs {
			sp.Rounds++
			if rest := total.Opportunities - r.Opportunities; rest > 0 {
				without := float64(total.Cases-r.Cases) / float64(rest)
				sp.Sum += without
				sp.SumSq += without * without
			}
		}
		out[k.m] = m
	}
	return out
}

// near reports whether two spreads agree up to rounding.
func near(a, b queries.Spread) bool {
	close := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(y)) }
	return a.Rounds == b.Rounds && close(a.Sum, b.Sum) && close(a.SumSq, b.SumSq)
}

// TestTendenciesReference: the statement's counts equal the reference's,
// side by side, on both corpora and on one game.
func TestTendenciesReference(t *testing.T) {
	ctx := context.Background()
	for _, c := range testenv.Corpora() {
		name := c.Name
		db := testdb.LoadCorpus(t, c, ingest.Options{})
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
			f    selection.Filters
		}{{"all", selection.Filters{}}, {"game 2", selection.Filters{Game: 2}}, {"you only is ignored", selection.Filters{Who: "you"}}} {
			t.Run(name+"/"+sel.name, func(t *testing.T) {
				got, err := queries.Tendencies(ctx, db, sel.f)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(queries.Measures) {
					t.Fatalf("%d measures, want %d", len(got), len(queries.Measures))
				}
				want := referenceTendencies(read(store.Filter{Filters: selection.Filters{Game: sel.f.Game}}))
				for i, m := range got {
					if m.Measure != queries.Measures[i] {
						t.Errorf("measure %d is %s, want %s", i, m.Measure, queries.Measures[i])
					}
					if w := want[m.Measure]; m.Sides != w.Sides || !near(m.Spread[0], w.Spread[0]) || !near(m.Spread[1], w.Spread[1]) {
						t.Errorf("%s: got %+v %+v, reference %+v %+v", m.Measure, m.Sides, m.Spread, w.Sides, w.Spread)
					}
				}
			})
		}
	}
}

func TestTendenciesNoGames(t *testing.T) {
	db := testdb.LoadCorpus(t, testenv.Sample, ingest.Options{})
	if _, err := queries.Tendencies(context.Background(), db, selection.Filters{Opponent: "nobody"}); !errors.Is(err, selection.ErrNoGames) {
		t.Errorf("got %v, want ErrNoGames", err)
	}
}
