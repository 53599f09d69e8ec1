package review_test

import (
	"context"
	"math"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/store"
)

// fake is a deterministic evaluator of the tests: a move is worth minus
// the deadwood it leaves, a knock 10 more and Gin 25 more; it counts the
// judgements asked of it.
type fake struct{ calls *atomic.Int64 }

func (f fake) Draw(v *gin.View, played gin.Pile) review.Judgement {
	f.calls.Add(1)
	h := v.HandSet()
	take := gin.BestDiscards(h.Add(v.Top), gin.HandOf(v.Top))
	tb, _ := take.Best()
	j := review.Judgement{Options: []review.Option{
		{Pile: gin.StockPile, Points: -float64(gin.Deadwood(h)) + 2},
		{Pile: gin.DiscardPile, Points: -float64(tb)},
	}, Deals: 1}
	j.Played = int(played)
	if j.Options[1].Points > j.Options[0].Points {
		j.Best = 1
	}
	return j
}

func (f fake) Discard(v *gin.View, drawn, played gin.Card, call gin.Call) review.Judgement {
	f.calls.Add(1)
	eleven := v.HandSet().Add(drawn)
	j := review.Judgement{Played: -1, Deals: 1}
	for _, c := range eleven.Remove(drawn).Cards() {
		dw := gin.Deadwood(eleven.Remove(c))
		calls := []gin.Call{gin.Drop}
		if !v.FirstTurn() && dw == 0 {
			calls = append(calls, gin.Gin)
		} else if !v.FirstTurn() && dw <= gin.KnockLimit {
			calls = append(calls, gin.Knock)
		}
		for _, k := range calls {
			pts := -float64(dw) + []float64{0, 10, 25}[k]
			j.Options = append(j.Options, review.Option{Card: c, Call: k, Points: pts, Win: pts / 100})
			if c == played && k == call {
				j.Played = len(j.Options) - 1
			}
			if pts > j.Options[j.Best].Points {
				j.Best = len(j.Options) - 1
			}
		}
	}
	if j.Played < 0 {
		j.Options = append(j.Options, review.Option{Card: played, Call: call, Points: -100})
		j.Played = len(j.Options) - 1
	}
	j.Same = j.Played
	for k, o := range j.Options {
		if o.Call == call && o.Points > j.Options[j.Same].Points {
			j.Same = k
		}
	}
	return j
}

// sampleGames reads the bundled sample's games.
func sampleGames(t *testing.T) []*replay.Game {
	t.Helper()
	db := testdb.LoadCorpus(t, testenv.Sample, ingest.Options{})
	var games []*replay.Game
	for g, err := range store.Games(context.Background(), db, store.Filter{}) {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// TestRunDeterministicAndStored reviews the sample with one and four
// workers (the same reviews), then again from the values the first run
// found: the evaluator is asked nothing and the reviews are the same.
func TestRunDeterministicAndStored(t *testing.T) {
	games := sampleGames(t)
	ctx := context.Background()
	var calls atomic.Int64
	opts := review.Options{Side: gin.You, Evaluator: func() review.Evaluator { return fake{&calls} }}
	opts.Workers = 1
	one, err := review.Run(ctx, games, opts)
	if err != nil {
		t.Fatal(err)
	}
	first := calls.Load()
	opts.Workers = 4
	four, err := review.Run(ctx, games, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, four) {
		t.Errorf("one worker and four review differently")
	}
	stored := map[review.Key]review.Value{}
	decisions := 0
	for _, g := range one {
		for _, d := range g.Decisions {
			stored[d.Key] = d.Value
			decisions++
		}
	}
	if first == 0 || decisions == 0 {
		t.Fatalf("%d judgements, %d decisions: want some", first, decisions)
	}
	calls.Store(0)
	opts.Stored = stored
	again, err := review.Run(ctx, games, opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the second run asked the evaluator %d times, want 0", n)
	}
	for i := range again {
		if again[i].Evaluated != 0 {
			t.Errorf("game %d: Evaluated %d, want 0", again[i].ID, again[i].Evaluated)
		}
		again[i].Evaluated = one[i].Evaluated
	}
	if !reflect.DeepEqual(one, again) {
		t.Errorf("the stored values review differently")
	}
}

// TestReviewStopsAtTheFirstViolation breaks a play of a game: its review
// ends before that play and names the violation.
func TestReviewStopsAtTheFirstViolation(t *testing.T) {
	g := sampleGames(t)[0]
	var calls atomic.Int64
	whole := review.Review(g, gin.You, fake{&calls}, nil)
	if whole.Violation != nil {
		t.Fatalf("the sample's game has a violation: %+v", whole.Violation)
	}
	r := &g.Rounds[0]
	ply := 6
	r.Plays[ply-1].Top = r.Plays[ply-1].Discarded // not the previous discard
	cut := review.Review(g, gin.You, fake{&calls}, nil)
	if cut.Violation == nil || cut.Violation.Round != 1 || cut.Violation.Ply != ply {
		t.Fatalf("violation %+v, want one at round 1 ply %d", cut.Violation, ply)
	}
	for _, d := range cut.Decisions {
		if d.Round != 1 || d.Ply >= ply {
			t.Errorf("decision at round %d ply %d reviewed after the violation", d.Round, d.Ply)
		}
	}
	if len(cut.Decisions) == 0 || len(cut.Decisions) >= len(whole.Decisions) {
		t.Errorf("%d decisions up to the violation, %d in the whole game", len(cut.Decisions), len(whole.Decisions))
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		loss   float64
		want   review.Class
		symbol string
	}{
		{0, review.Good, ""}, {0.99, review.Good, ""}, {1, review.ClassInaccuracy, "?!"}, {2.9, review.ClassInaccuracy, "?!"},
		{3, review.ClassMistake, "?"}, {5.99, review.ClassMistake, "?"}, {6, review.ClassBlunder, "??"}, {40, review.ClassBlunder, "??"},
	} {
		if got := review.Classify(tc.loss); got != tc.want || got.Symbol() != tc.symbol {
			t.Errorf("Classify(%v) = %v (%q), want %v (%q)", tc.loss, got, got.Symbol(), tc.want, tc.symbol)
		}
	}
}

// decision builds a decision of game id losing loss in a situation.
func decision(id int64, ply int, kind review.Kind, action, context string, loss float64) review.Decision {
	return review.Decision{
		Key:       review.Key{Game: id, Round: 1, Ply: ply, Kind: kind},
		Value:     review.Value{Points: -loss, BestPoints: 0},
		Situation: review.Situation{Action: action, Context: context},
	}
}

func TestSummariseLeaks(t *testing.T) {
	const knock, loose = "with a legal knock at deadwood 1-5 available", "a loose deadwood card, best deadwood 11-20"
	for _, tc := range []struct {
		name  string
		games [][]review.Decision
		want  []review.Leak // Kind, Situation, Decisions, Losses, Lost, PerGame, Lo, Hi; Worst's plies
		worst []int         // the plies of the first leak's worst decisions
	}{
		{
			name: "one leak in one game",
			games: [][]review.Decision{{
				decision(1, 3, review.Call, "play on", knock, 4),
				decision(1, 5, review.Call, "play on", knock, 8),
			}},
			want: []review.Leak{{Kind: review.Call, Situation: review.Situation{Action: "play on", Context: knock},
				Decisions: 2, Losses: 2, Lost: 12, PerGame: 12, Lo: 12, Hi: 12}},
			worst: []int{5, 3},
		},
		{
			name: "ranked by points lost per game; small losses count but are not losses",
			games: [][]review.Decision{
				{decision(1, 3, review.Discard, "discard", loose, 0.5), decision(1, 4, review.Draw, "take", "x", 2)},
				{decision(2, 3, review.Discard, "discard", loose, 0.5), decision(2, 4, review.Draw, "take", "x", 0)},
				{decision(3, 3, review.Discard, "discard", loose, 0.5), decision(3, 5, review.Discard, "discard", loose, 0)},
			},
			want: []review.Leak{
				{Kind: review.Draw, Situation: review.Situation{Action: "take", Context: "x"},
					Decisions: 2, Losses: 1, Lost: 2, PerGame: 2.0 / 3},
				{Kind: review.Discard, Situation: review.Situation{Action: "discard", Context: loose},
					Decisions: 4, Losses: 0, Lost: 1.5, PerGame: 0.5, Lo: 0.5, Hi: 0.5},
			},
			worst: []int{4, 4},
		},
		{
			name:  "no loss, no leak",
			games: [][]review.Decision{{decision(1, 3, review.Draw, "refuse", "x", 0)}},
		},
		{
			name: "three worst of four",
			games: [][]review.Decision{{
				decision(1, 3, review.Call, "play on", knock, 1),
				decision(1, 5, review.Call, "play on", knock, 9),
				decision(1, 7, review.Call, "play on", knock, 3),
				decision(1, 9, review.Call, "play on", knock, 9),
			}},
			want: []review.Leak{{Kind: review.Call, Situation: review.Situation{Action: "play on", Context: knock},
				Decisions: 4, Losses: 4, Lost: 22, PerGame: 22, Lo: 22, Hi: 22}},
			worst: []int{5, 9, 7},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var games []*review.Game
			for i, ds := range tc.games {
				games = append(games, &review.Game{ID: int64(i + 1), Decisions: ds})
			}
			r := review.Summarise(games, 10)
			if len(r.Leaks) != len(tc.want) {
				t.Fatalf("%d leaks, want %d: %+v", len(r.Leaks), len(tc.want), r.Leaks)
			}
			for i, w := range tc.want {
				g := r.Leaks[i]
				if g.Kind != w.Kind || g.Situation != w.Situation || g.Decisions != w.Decisions || g.Losses != w.Losses ||
					!near(g.Lost, w.Lost) || !near(g.PerGame, w.PerGame) {
					t.Errorf("leak %d = %+v, want %+v", i, g, w)
				}
				if w.Hi != 0 && (!near(g.Lo, w.Lo) || !near(g.Hi, w.Hi)) {
					t.Errorf("leak %d interval %v to %v, want %v to %v", i, g.Lo, g.Hi, w.Lo, w.Hi)
				}
				if g.Lo > g.PerGame || g.Hi < g.PerGame || g.RateLo > g.Rate() || g.RateHi < g.Rate() {
					t.Errorf("leak %d: intervals %v-%v and %v-%v do not hold %v and %v", i, g.Lo, g.Hi, g.RateLo, g.RateHi, g.PerGame, g.Rate())
				}
			}
			if len(tc.want) > 0 {
				var plies []int
				for _, d := range r.Leaks[0].Worst {
					plies = append(plies, d.Ply)
				}
				if !reflect.DeepEqual(plies, tc.worst) {
					t.Errorf("worst plies %v, want %v", plies, tc.worst)
				}
			}
		})
	}
}

// TestSummariseInterval checks the interval of a leak lost in some games
// only: the mean of the games' losses, with their spread.
func TestSummariseInterval(t *testing.T) {
	var games []*review.Game
	for i := range 10 {
		g := &review.Game{ID: int64(i + 1)}
		if i%2 == 0 {
			g.Decisions = append(g.Decisions, decision(g.ID, 3, review.Draw, "take", "x", 4))
		}
		games = append(games, g)
	}
	r := review.Summarise(games, 3)
	l := r.Leaks[0]
	// Five games of 4 and five of 0: mean 2, standard deviation
	// sqrt(40/9), standard error sqrt(40/9/10).
	half := 1.959963984540054 * math.Sqrt(40.0/9/10)
	if !near(l.PerGame, 2) || !near(l.Lo, 2-half) || !near(l.Hi, 2+half) {
		t.Errorf("per game %v (%v to %v), want 2 (%v to %v)", l.PerGame, l.Lo, l.Hi, 2-half, 2+half)
	}
	if got, want := l.Explain("you"), "you take x: a loss 5 of 5 times; ~2.0 points a game"; got != want {
		t.Errorf("Explain = %q, want %q", got, want)
	}
	if len(r.Worst) != 3 || r.Worst[0].Game != 1 || r.Worst[2].Game != 5 {
		t.Errorf("worst %+v: want games 1, 3, 5", r.Worst)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
