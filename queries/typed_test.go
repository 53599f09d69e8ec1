package queries_test

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// table runs a named query and returns a reader of its cells by row and
// column name.
func table(t *testing.T, db *sql.DB, name string, f selection.Filters) (*queries.Result, func(row []any, col string) any) {
	t.Helper()
	q, err := queries.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := queries.Run(context.Background(), db, q, f)
	if err != nil {
		t.Fatal(err)
	}
	return res, func(row []any, col string) any {
		i := slices.Index(res.Columns, col)
		if i < 0 {
			t.Fatalf("%s has no column %s", name, col)
		}
		return row[i]
	}
}

// same reports whether a typed value and a table cell are the same number.
func same(typed any, cell any) bool {
	if f, ok := typed.(float64); ok && math.IsNaN(f) {
		return cell == nil
	}
	return fmt.Sprint(typed) == fmt.Sprint(cell)
}

// TestTypedReadersAgree: every typed reader returns what its named query's
// table shows, on both corpora and for every side.
func TestTypedReadersAgree(t *testing.T) {
	ctx := context.Background()
	for _, corpus := range testenv.Corpora() {
		t.Run(corpus.Name, func(t *testing.T) {
			typedReadersAgree(t, ctx, testdb.LoadCorpus(t, corpus, ingest.Options{}))
		})
	}
}

func typedReadersAgree(t *testing.T, ctx context.Context, db *sql.DB) {
	for _, who := range selection.Whos {
		f := selection.Filters{Who: who, MinSample: 10}
		t.Run(who, func(t *testing.T) {
			check := func(what string, typed, cell any) {
				t.Helper()
				if !same(typed, cell) {
					t.Errorf("%s: typed %v, table %v", what, typed, cell)
				}
			}

			cards, err := queries.CardValues(ctx, db, f)
			if err != nil {
				t.Fatal(err)
			}
			res, c := table(t, db, "card-values", f)
			for _, row := range res.Rows {
				card, err := gin.ParseCard(row[0].(string))
				if err != nil {
					t.Fatal(err)
				}
				v := cards[card]
				check(card.String()+" held", v.Held.Cases, c(row, "cases"))
				check(card.String()+" rounds", v.Held.Opportunities, c(row, "opportunities"))
				check(card.String()+" melded", v.Melded.Cases, c(row, "melded"))
				check(card.String()+" taken", v.Taken.Cases, c(row, "taken"))
				check(card.String()+" offered", v.Taken.Opportunities, c(row, "offered"))
				check(card.String()+" discarded", v.Discarded, c(row, "discarded"))
				check(card.String()+" holder points", v.HolderPoints, c(row, "holder_points"))
			}

			sum, err := queries.Summary(ctx, db, f)
			if err != nil {
				t.Fatal(err)
			}
			res, c = table(t, db, "summary", f)
			for _, row := range res.Rows {
				seat, err := gin.ParseSeat(row[0].(string))
				if err != nil {
					t.Fatal(err)
				}
				s := sum[seat]
				for _, x := range []struct {
					col   string
					typed any
				}{{"games", s.Games}, {"cases", s.Wins.Cases}, {"opportunities", s.Wins.Opportunities}, {"rounds", s.Rounds},
					{"points_per_round", s.PointsPerRound}, {"gins", s.Gins}, {"knocks", s.Knocks}, {"drops", s.Drops}, {"undercuts", s.Undercuts}} {
					check(seat.String()+" "+x.col, x.typed, c(row, x.col))
				}
			}

			draws, err := queries.DrawTendency(ctx, db, f)
			if err != nil {
				t.Fatal(err)
			}
			res, c = table(t, db, "draw-tendency", f)
			byDim := map[string][]queries.Share{"rank": draws.Rank, "suit": draws.Suit, "relation": draws.Relation, "phase": draws.Phase, "turn": draws.Turn,
				"overall": {{Label: "all", Rate: draws.Overall}}}
			compareShares(t, "draw-tendency", res, c, byDim)

			knocks, err := queries.KnockProfile(ctx, db, f)
			if err != nil {
				t.Fatal(err)
			}
			res, c = table(t, db, "knock-profile", f)
			compareShares(t, "knock-profile", res, c, map[string][]queries.Share{
				"deadwood at knock": knocks.Deadwood, "turns before call": knocks.Turns, "legal knock passed up": knocks.PassedUp,
				"gin rate": {{Label: "Gin of all calls", Rate: knocks.Gin}}, "undercut rate": {{Label: "knocks undercut", Rate: knocks.Undercut}}})

			loss, err := queries.MeldLoss(ctx, db, f)
			if err != nil {
				t.Fatal(err)
			}
			res, c = table(t, db, "meld-loss", f)
			if len(loss) != len(res.Rows) {
				t.Fatalf("meld-loss: %d typed rows, %d in the table", len(loss), len(res.Rows))
			}
			for i, row := range res.Rows {
				l := loss[i]
				check("meld-loss side", l.Seat.String(), c(row, "side"))
				check("meld-loss cases", l.Rounds.Cases, c(row, "cases"))
				check("meld-loss rounds", l.Rounds.Opportunities, c(row, "opportunities"))
				check("meld-loss points", l.PointsLost, c(row, "points_lost"))
				check("meld-loss per round", l.LostPerRound, c(row, "lost_per_round"))
				check("meld-loss worst", l.Worst, c(row, "worst"))
				check("meld-loss extra", l.ExtraDeclared, c(row, "extra_deadwood_declared"))
			}
		})
	}
}

// compareShares checks the typed breakdowns, by dimension, against the
// table's rows in order.
func compareShares(t *testing.T, name string, res *queries.Result, c func([]any, string) any, byDim map[string][]queries.Share) {
	t.Helper()
	next := map[string]int{}
	for _, row := range res.Rows {
		dim := row[0].(string)
		i := next[dim]
		next[dim]++
		if i >= len(byDim[dim]) {
			t.Fatalf("%s: %s has more rows than the typed answer", name, dim)
		}
		s := byDim[dim][i]
		if s.Label != c(row, "value") || !same(s.Cases, c(row, "cases")) || !same(s.Opportunities, c(row, "opportunities")) {
			t.Errorf("%s %s row %d: typed %+v, table %v", name, dim, i, s, row)
		}
	}
	for dim, shares := range byDim {
		if next[dim] != len(shares) {
			t.Errorf("%s %s: %d typed rows, %d in the table", name, dim, len(shares), next[dim])
		}
	}
}

func TestCardGrid(t *testing.T) {
	db := testdb.LoadCorpus(t, testenv.Sample, ingest.Options{})
	cards, err := queries.CardValues(context.Background(), db, selection.Filters{Who: "both"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range queries.CardMetrics {
		t.Run(string(m), func(t *testing.T) {
			if got, err := queries.ParseCardMetric(string(m)); err != nil || got != m {
				t.Fatalf("ParseCardMetric(%q) = %v, %v", m, got, err)
			}
			g := queries.CardGrid(&cards, m)
			for c := range gin.Card(gin.NumCards) {
				want := cards[c].Metric(m)
				if got := g[c.Suit()][c.Rank()]; got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Errorf("%v: grid %v, card %v", c, got, want)
				}
			}
		})
	}
	hk := cards[gin.NewCard(gin.Hearts, gin.King)]
	if got, want := queries.CardGrid(&cards, queries.MetricTaken)[gin.Hearts][gin.King], float64(hk.Taken.Cases)/float64(hk.Taken.Opportunities); got != want {
		t.Errorf("HK taken: grid %v, want %v", got, want)
	}
	if _, err := queries.ParseCardMetric("value"); err == nil {
		t.Error("ParseCardMetric accepted value")
	}
}

// TestVerdictsAndScores reads the verdicts, checked against the oracle's
// brute force, and the running scores of both corpora.
func TestVerdictsAndScores(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			logs, err := oracle.Read(c.Dir(t))
			if err != nil {
				t.Fatal(err)
			}
			want, err := oracle.Summarize(logs)
			if err != nil {
				t.Fatal(err)
			}
			verdictsAndScores(t, testdb.LoadCorpus(t, c, ingest.Options{}), want)
		})
	}
}

func verdictsAndScores(t *testing.T, db *sql.DB, want *oracle.Summary) {
	ctx := context.Background()
	v, err := queries.Verdicts(ctx, db, selection.Filters{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range replay.Statuses {
		if v[s] != want.Status[string(s)] {
			t.Errorf("verdicts %v, the oracle finds %v", v, want.Status)
		}
	}
	scores, err := queries.RunningScores(ctx, db, selection.Filters{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 3 {
		t.Fatalf("%d games, want the last 3", len(scores))
	}
	for i, s := range scores {
		var total [2]int64
		if err := db.QueryRow(`SELECT you_total, opp_total FROM games WHERE game_id = ?`, s.Game).Scan(&total[0], &total[1]); err != nil {
			t.Fatal(err)
		}
		last := s.Totals[len(s.Totals)-1]
		if int64(last[gin.You]) != total[0] || int64(last[gin.Opp]) != total[1] {
			t.Errorf("game %d ends at %v, want %v", s.Game, last, total)
		}
		if i > 0 && s.LogTS < scores[i-1].LogTS {
			t.Errorf("games out of log order: %d after %d", s.LogTS, scores[i-1].LogTS)
		}
	}
	one, err := queries.RunningScores(ctx, db, selection.Filters{Game: 2}, 3)
	if err != nil || len(one) != 1 || one[0].Game != 2 {
		t.Errorf("game 2's scores: %+v, %v", one, err)
	}
}
