package replay

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/testenv"
)

// simGames plays n games between the baseline bots a and b, a in seat 0,
// keyed by seed as sim keys a match's games (the deals of game i by
// (seed, i), each bot's randomness apart), without sim: the replay sits
// below it.
func simGames(t testing.TB, a, b string, n int, seed uint64) []*gin.GameRecord {
	t.Helper()
	const playerSeed = 0x9e3779b97f4a7c15 // sim's key of the players' randomness
	out := make([]*gin.GameRecord, n)
	for i := range out {
		var players [2]gin.Player
		for s, name := range []string{a, b} {
			p, err := bots.New(name, rand.New(rand.NewPCG(seed^playerSeed, uint64(2*i+s))))
			if err != nil {
				t.Fatal(err)
			}
			players[s] = p
		}
		rec, err := gin.PlayGame(gin.RandomDeals(rand.New(rand.NewPCG(seed, uint64(i)))), players)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		out[i] = &rec
	}
	return out
}

func clone(g *Game) *Game {
	c := &Game{ID: g.ID, Rounds: slices.Clone(g.Rounds)}
	for i := range c.Rounds {
		c.Rounds[i].Plays = slices.Clone(c.Rounds[i].Plays)
	}
	return c
}

// unseen returns a card that appears nowhere in the round, if any.
func unseen(r *Round) (gin.Card, bool) {
	var all gin.Hand
	for _, p := range r.Plays {
		all |= p.Hand | gin.HandOf(p.Top, p.Drawn, p.Discarded)
	}
	rest := (gin.FullDeck &^ all).Cards()
	if len(rest) == 0 {
		return 0, false
	}
	return rest[0], true
}

// mutation injects one defect into a game and says where it must be found.
type mutation struct {
	name  string
	code  string
	only  bool // the defect must be the only violation
	apply func(g *Game) (round, ply int, ok bool)
}

// stockPly returns a ply (from 1) of round r, after the first two, that
// drew from the stock, or 0.
func stockPly(r *Round) int {
	for i := 2; i < len(r.Plays)-1; i++ {
		if p := r.Plays[i]; p.Drawn != p.Top {
			return i + 1
		}
	}
	return 0
}

var mutations = []mutation{
	{"top of the pile changed", CodeTopMismatch, true, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		k := stockPly(r)
		x, ok := unseen(r)
		if k == 0 || !ok {
			return 0, 0, false
		}
		r.Plays[k-1].Top = x
		return r.Number, k, true
	}},
	{"drawn card not first", CodeDrawnNotFirst, true, func(g *Game) (int, int, bool) {
		r := &g.Rounds[len(g.Rounds)-1]
		r.Plays[1].DrawnFirst = false
		return r.Number, 2, true
	}},
	{"same player twice", CodeNotAlternating, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		if len(r.Plays) < 8 {
			return 0, 0, false
		}
		r.Plays[3].Seat = r.Plays[2].Seat
		return r.Number, 4, true
	}},
	{"hand changed", CodeHandMismatch, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		if len(r.Plays) < 8 {
			return 0, 0, false
		}
		p := &r.Plays[4]
		y, ok := unseen(r)
		if !ok {
			return 0, 0, false
		}
		x := (p.Hand.Remove(p.Drawn)).Cards()[0]
		p.Hand = p.Hand.Remove(x).Add(y)
		return r.Number, 5, true
	}},
	{"drawn card discarded", CodeDiscardDrawn, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		k := stockPly(r)
		if k == 0 {
			return 0, 0, false
		}
		r.Plays[k-1].Discarded = r.Plays[k-1].Drawn
		return r.Number, k, true
	}},
	{"discard not held", CodeDiscardNotHeld, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		if len(r.Plays) < 8 {
			return 0, 0, false
		}
		x, ok := unseen(r)
		if !ok {
			return 0, 0, false
		}
		r.Plays[5].Discarded = x
		return r.Number, 6, true
	}},
	{"stock card already held by the opponent", CodeStockTwice, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		k := stockPly(r)
		if k == 0 {
			return 0, 0, false
		}
		p := &r.Plays[k-1]
		other := r.Plays[k-2].Hand
		x := other.Remove(r.Plays[k-2].Drawn).Cards()[0]
		if p.Hand.Has(x) || x == p.Discarded {
			return 0, 0, false
		}
		p.Hand = p.Hand.Remove(p.Drawn).Add(x)
		p.Drawn = x
		return r.Number, k, true
	}},
	{"initial hands share a card", CodeCardTwice, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		first, second := r.Plays[0], &r.Plays[1]
		x := first.Hand.Remove(first.Drawn).Cards()[0]
		y := second.Hand.Remove(second.Drawn).Cards()[0]
		if second.Hand.Has(x) || x == second.Discarded || x == first.Discarded {
			return 0, 0, false
		}
		second.Hand = second.Hand.Remove(y).Add(x)
		return r.Number, 2, true
	}},
	{"call on the second play", CodeEarlyCall, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		r.Plays = r.Plays[:2]
		r.Action, r.Caller = gin.Knock, r.Plays[1].Seat
		return r.Number, 2, true
	}},
	{"caller flag inverted", CodeCallNotLast, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		r.Caller = r.Caller.Other()
		return r.Number, len(r.Plays), true
	}},
	{"round cut short without a call", CodeEarlyDrop, false, func(g *Game) (int, int, bool) {
		for i := range g.Rounds {
			r := &g.Rounds[i]
			if r.Action != gin.Drop && len(r.Plays) > 4 {
				r.Plays = r.Plays[:len(r.Plays)-1]
				r.Action, r.Caller = gin.Drop, r.Plays[len(r.Plays)-1].Seat
				return r.Number, len(r.Plays), true
			}
		}
		return 0, 0, false
	}},
	{"a play after the stock ran out", CodeRoundTooLong, false, func(g *Game) (int, int, bool) {
		for i := range g.Rounds {
			r := &g.Rounds[i]
			if r.Action != gin.Drop || len(r.Plays) == gin.MaxPlays {
				continue
			}
			last := r.Plays[len(r.Plays)-1]
			prev := r.Plays[len(r.Plays)-2] // the other player's last hand
			x := prev.Hand.Cards()[0]
			hand := prev.Hand.Add(last.Discarded).Remove(x)
			r.Plays = append(r.Plays, Play{Seat: last.Seat.Other(), Hand: hand, DrawnFirst: true, Top: last.Discarded, Drawn: last.Discarded, Discarded: x})
			r.Caller = last.Seat.Other()
			return r.Number, len(r.Plays), true
		}
		return 0, 0, false
	}},
	{"points no declaration allows", CodeImpossible, false, func(g *Game) (int, int, bool) {
		r := &g.Rounds[0]
		if r.Points[gin.You] > 0 {
			r.Points[gin.You] += 500
		} else {
			r.Points[gin.Opp] += 500
		}
		return r.Number, len(r.Plays), true
	}},
	{"a round after the game was won", CodeGameContinues, false, func(g *Game) (int, int, bool) {
		extra := g.Rounds[len(g.Rounds)-1]
		extra.Number++
		g.Rounds = append(g.Rounds, extra)
		return extra.Number, 1, true
	}},
	{"the last round missing", CodeGameUnfinished, true, func(g *Game) (int, int, bool) {
		if len(g.Rounds) < 2 {
			return 0, 0, false
		}
		g.Rounds = g.Rounds[:len(g.Rounds)-1]
		r := g.Rounds[len(g.Rounds)-1]
		return r.Number, len(r.Plays), true
	}},
}

// TestMutations injects each kind of defect into valid games, simulated,
// of the sample and real: the right code is reported at the right ply,
// first (and alone for defects that disturb nothing else).
func TestMutations(t *testing.T) {
	// Every mutation applies to at least 5 simulated games; a corpus may
	// hold no game a mutation applies to (no round ended by the stock).
	sets := []struct {
		name       string
		minApplied int
		games      func(t *testing.T) []*Game
	}{{"simulated", 5, func(t *testing.T) []*Game {
		var games []*Game
		for _, rec := range append(simGames(t, "meldable", "memory", 30, 3), simGames(t, "random", "random", 5, 4)...) {
			games = append(games, FromRecord(rec))
		}
		return games
	}}}
	for _, c := range testenv.Corpora() {
		sets = append(sets, struct {
			name       string
			minApplied int
			games      func(t *testing.T) []*Game
		}{c.Name, 0, func(t *testing.T) []*Game {
			games, _ := corpusGames(t, c)
			return games
		}})
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			mutate(t, set.games(t), set.minApplied)
		})
	}
}

// mutate applies every mutation to each of games in turn; each must apply
// to minApplied games at least.
func mutate(t *testing.T, games []*Game, minApplied int) {
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			applied := 0
			for gi, orig := range games {
				if v := Check(orig).Violations; len(v) != 0 {
					t.Fatalf("game %d is not valid before the mutation: %v", gi, v)
				}
				g := clone(orig)
				round, ply, ok := m.apply(g)
				if !ok {
					continue
				}
				applied++
				vs := Check(g).Violations
				if len(vs) == 0 {
					t.Fatalf("game %d: no violation, want %s at round %d ply %d", gi, m.code, round, ply)
				}
				if first := vs[0]; first.Code != m.code || first.Round != round || first.Ply != ply {
					t.Errorf("game %d: first violation %s at round %d ply %d (%s), want %s at round %d ply %d",
						gi, first.Code, first.Round, first.Ply, first.Msg, m.code, round, ply)
				}
				if m.only && len(vs) != 1 {
					t.Errorf("game %d: %d violations, want only %s: %v", gi, len(vs), m.code, vs)
				}
			}
			if applied < minApplied {
				t.Errorf("the mutation applied to %d of %d games only", applied, len(games))
			}
		})
	}
}
