package retrace

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players/tuned"
)

// fromRecord turns a played game into its log, seat 0 being the logged
// player.
func fromRecord(rec *gin.GameRecord, ts int64) *replay.Game {
	g := replay.FromRecord(rec)
	g.ID, g.LogTS = ts, ts
	return g
}

func newPlayer(t testing.TB, name string) gin.Player {
	t.Helper()
	if name == "tuned" {
		return tuned.NewPlayer(model.Defaults())
	}
	p, err := bots.New(name, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// recorder wraps a player and keeps the views of its draws.
type recorder struct {
	gin.Player
	views []gin.View
}

func (r *recorder) Draw(v *gin.View) gin.Pile {
	r.views = append(r.views, v.Clone())
	return r.Player.Draw(v)
}

// play plays n games between a and b and returns their logs and the views
// each seat saw.
func play(t testing.TB, a, b string, n int) ([]*replay.Game, [][2]*recorder) {
	t.Helper()
	var games []*replay.Game
	var seen [][2]*recorder
	for i := range n {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		rec := [2]*recorder{{Player: newPlayer(t, a)}, {Player: newPlayer(t, b)}}
		g, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{rec[0], rec[1]})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, fromRecord(&g, 1700000000+int64(i)))
		seen = append(seen, rec)
	}
	return games, seen
}

// TestOwnLogsAgree: a deterministic player replayed on its own logs, from
// either side, agrees on every decision.
func TestOwnLogsAgree(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		you  bool
	}{
		{"memory as you", "memory", "simple", true},
		{"memory as opp", "simple", "memory", false},
		{"tuned as you", "tuned", "meldable", true},
		{"tuned against itself", "tuned", "tuned", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, _ := play(t, tc.a, tc.b, 15)
			name := tc.a
			if !tc.you {
				name = tc.b
			}
			s := NewSummary(5)
			for i, g := range games {
				res, err := Retrace(g, i, tc.you, newPlayer(t, name))
				if err != nil {
					t.Fatal(err)
				}
				s.Add(res)
			}
			for k := range NumKinds {
				if s.Compared[k] == 0 || s.Agreed[k] != s.Compared[k] {
					t.Errorf("%v: %d of %d agree", k, s.Agreed[k], s.Compared[k])
				}
			}
			if len(s.First) > 0 {
				t.Errorf("first differences: %+v", s.First)
			}
			if s.Agreeing != s.Games {
				t.Errorf("%d of %d games agree", s.Agreeing, s.Games)
			}
		})
	}
}

// TestSameInputs: the player is fed the views the engine gave the logged
// player, hand order included, except where the log cannot tell (the
// position of the discarded card on a first turn).
func TestSameInputs(t *testing.T) {
	games, seen := play(t, "memory", "meldable", 10)
	for i, g := range games {
		for you, seat := range map[bool]gin.Seat{true: gin.You, false: gin.Opp} {
			rec := &recorder{Player: newPlayer(t, []string{"memory", "meldable"}[seat])}
			if _, err := Retrace(g, i, you, rec); err != nil {
				t.Fatal(err)
			}
			want := seen[i][seat].views
			if len(rec.views) != len(want) {
				t.Fatalf("game %d seat %d: %d draws, want %d", i, seat, len(rec.views), len(want))
			}
			for j := range want {
				got, w := rec.views[j], want[j]
				if got.FirstTurn() {
					if gin.HandOf(got.Hand...) != gin.HandOf(w.Hand...) {
						t.Fatalf("game %d seat %d draw %d: first hand %v, want the cards of %v", i, seat, j, got.Hand, w.Hand)
					}
					got.Hand = w.Hand
				}
				if !slices.Equal(got.Hand, w.Hand) || !slices.Equal(got.History, w.History) {
					t.Fatalf("game %d seat %d draw %d: hand %v history %d plays, want %v and %d", i, seat, j, got.Hand, len(got.History), w.Hand, len(w.History))
				}
				got.Hand, got.History, w.Hand, w.History = nil, nil, nil, nil
				if !reflect.DeepEqual(got, w) {
					t.Fatalf("game %d seat %d draw %d:\n got %+v\nwant %+v", i, seat, j, got, w)
				}
			}
		}
	}
}

// TestOtherPlayerDiffers: another player on the logs differs, and each
// difference is located at a decision of the logged player.
func TestOtherPlayerDiffers(t *testing.T) {
	games, _ := play(t, "memory", "simple", 5)
	s := NewSummary(1000)
	for i, g := range games {
		res, err := Retrace(g, i, true, newPlayer(t, "meldable"))
		if err != nil {
			t.Fatal(err)
		}
		s.Add(res)
	}
	if s.Differences == 0 || s.Agreeing == s.Games {
		t.Fatalf("meldable agrees with memory on every decision: %+v", s)
	}
	byTS := map[int64]*replay.Game{}
	for _, g := range games {
		byTS[g.LogTS] = g
	}
	for _, d := range s.First {
		r := &byTS[d.Game].Rounds[d.Round-1]
		if r.Plays[d.Ply-1].Seat != gin.You && d.Kind != Melds {
			t.Errorf("%+v: a difference at a play of the opponent", d)
		}
		if d.Logged == d.Player {
			t.Errorf("%+v: a difference with equal sides", d)
		}
	}
}

// TestMeldsFromScore: the deadwood a player really declared is always one
// the score allows, weak declarations (meldable's) included; and the text
// names the values.
func TestMeldsFromScore(t *testing.T) {
	for _, pair := range [][2]string{{"meldable", "memory"}, {"simple", "meldable"}} {
		for i := range 20 {
			rng := rand.New(rand.NewPCG(3, uint64(i)))
			rec, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{newPlayer(t, pair[0]), newPlayer(t, pair[1])})
			if err != nil {
				t.Fatal(err)
			}
			g := fromRecord(&rec, int64(i))
			for j, r := range rec.Rounds {
				for _, seat := range []gin.Seat{gin.You, gin.Opp} {
					tr := &tracer{seat: seat, g: g}
					text, allowed := tr.impliedDeadwood(&g.Rounds[j], handAt(r, seat), handAt(r, seat.Other()))
					if !allowed.Has(r.Declared[seat]) {
						t.Errorf("%v game %d round %d seat %d: declared %d, allowed %s", pair, i, r.Number, seat, r.Declared[seat], text)
					}
				}
			}
		}
	}
	tr := &tracer{seat: gin.You, g: &replay.Game{}}
	you, err := gin.ParseHand("SA S2 S3 CA C2 C3 DA D2 D3 HK")
	if err != nil {
		t.Fatal(err)
	}
	opp, err := gin.ParseHand("SK CQ DJ H2 H3 H4 C7 C8 C9 S10")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		r    replay.Round
		want string
	}{
		{"knock at 10, optimal", replay.Round{Points: [2]int{30, 0}, Action: gin.Knock, Caller: gin.You}, "deadwood 10"},
		// The opponent's last play emptied the stock: its 40 or 49 against
		// your 10 or 19 give your undercut of 10 + 30.
		{"undercut, two values", replay.Round{Points: [2]int{40, 0}, Action: gin.Drop, Caller: gin.Opp}, "deadwood 10 or 19"},
		{"impossible", replay.Round{Points: [2]int{7, 0}, Action: gin.Gin, Caller: gin.You}, "no declaration explains the score"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := tr.impliedDeadwood(&tc.r, you, opp); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// handAt returns seat's final hand in a round.
func handAt(r gin.RoundRecord, seat gin.Seat) gin.Hand {
	for i := len(r.Plays) - 1; i >= 0; i-- {
		if r.Plays[i].Seat == seat {
			return gin.HandOf(r.Plays[i].Hand...)
		}
	}
	return 0
}

// TestNotListed: a game read without its hands' order is refused, not
// retraced with hands of ten aces of spades.
func TestNotListed(t *testing.T) {
	games, _ := play(t, "memory", "simple", 1)
	g := games[0]
	r := &g.Rounds[len(g.Rounds)-1]
	r.Listed[2] = [gin.HandSize]gin.Card{}
	if _, err := Retrace(g, 0, true, newPlayer(t, "memory")); !errors.Is(err, ErrNotListed) ||
		err.Error() != fmt.Sprintf("game %d round %d ply 3: %v", g.LogTS, r.Number, ErrNotListed) {
		t.Errorf("error %v, want ErrNotListed at round %d ply 3", err, r.Number)
	}
}
