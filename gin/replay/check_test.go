package replay

import (
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testenv"
)

// corpusGames reads a corpus's games through the oracle's reader (ingest
// is tested elsewhere), in timestamp order, with the oracle's games.
func corpusGames(t testing.TB, c testenv.Corpus) ([]*Game, []*oracle.Game) {
	t.Helper()
	logs, err := oracle.Read(c.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	card := func(s string) gin.Card {
		c, err := gin.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	seat := func(you bool) gin.Seat {
		if you {
			return gin.You
		}
		return gin.Opp
	}
	var games []*Game
	for _, lg := range logs {
		g := &Game{ID: lg.TS, LogTS: lg.TS}
		for _, r := range lg.Rounds {
			call, err := gin.ParseCall(r.Action)
			if err != nil {
				t.Fatal(err)
			}
			rr := Round{Number: r.Number, Points: r.Points, Action: call, Caller: seat(r.CallerYou)}
			for _, p := range r.Plays {
				var hand gin.Hand
				var listed [gin.HandSize]gin.Card
				for i, c := range p.Hand {
					listed[i] = card(c)
					hand = hand.Add(listed[i])
				}
				rr.Plays = append(rr.Plays, Play{Seat: seat(p.You), Hand: hand, DrawnFirst: p.Hand[0] == p.Drawn,
					Top: card(p.Top), Drawn: card(p.Drawn), Discarded: card(p.Discarded)})
				rr.Listed = append(rr.Listed, listed)
			}
			rr.Plays, rr.Listed = slices.Clip(rr.Plays), slices.Clip(rr.Listed)
			g.Rounds = append(g.Rounds, rr)
		}
		games = append(games, g)
	}
	return games, logs
}

// TestCorpora is the acceptance test of the replay, on the bundled sample
// and the real logs: no violations, and every round's verdict (status,
// both best deadwoods, the number of explanations) is the one the oracle's
// brute force finds from the final hands. On the real logs that is 53
// rounds exact, 13 explained, none impossible.
func TestCorpora(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			games, logs := corpusGames(t, c)
			counts := map[Status]int{}
			for i, g := range games {
				res := Check(g)
				for _, v := range res.Violations {
					t.Errorf("game %d round %d ply %d: %s: %s", g.LogTS, v.Round, v.Ply, v.Code, v.Msg)
				}
				if len(res.Rounds) != len(g.Rounds) {
					t.Fatalf("game %d: %d verdicts for %d rounds", g.LogTS, len(res.Rounds), len(g.Rounds))
				}
				for j, rc := range res.Rounds {
					counts[rc.Status]++
					want, err := logs[i].Rounds[j].Verdict()
					if err != nil {
						t.Fatal(err)
					}
					got := oracle.Verdict{Status: string(rc.Status), Best: [2]int{rc.BestYou, rc.BestOpp}, Explanations: rc.Explanations}
					if got != want {
						t.Errorf("game %d round %d: %+v, the brute force finds %+v", g.LogTS, rc.Round, got, want)
					}
					if rc.Status == Explained && rc.LostYou+rc.LostOpp == 0 {
						t.Errorf("game %d round %d explained but no side lost points", g.LogTS, rc.Round)
					}
				}
			}
			if c == testenv.RealLogs && (counts[Exact] != 53 || counts[Explained] != 13 || counts[Impossible] != 0) {
				t.Errorf("rounds by status %v, want 53 exact, 13 explained, 0 impossible", counts)
			}
		})
	}
}
