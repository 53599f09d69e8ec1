package logs_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
)

// TestSampleGames parses every game of the sample corpus and its mirror
// (the other player's logs): no errors, different content hashes, one
// canonical hash.
func TestSampleGames(t *testing.T) {
	for _, stamp := range slices.Concat(testlogs.Meldable, testlogs.Simple, testlogs.Random) {
		t.Run(fmt.Sprint(stamp), func(t *testing.T) {
			turns, scores := testlogs.Read(t, stamp)
			g := logs.Parse("g.csv", turns, "g-score.csv", scores)
			mturns, mscores := testlogs.Mirror(turns, scores)
			m := logs.Parse("m.csv", mturns, "m-score.csv", mscores)
			if len(g.Errors) > 0 || len(m.Errors) > 0 {
				t.Fatalf("errors %v, mirror %v", g.Errors, m.Errors)
			}
			if g.ContentHash == m.ContentHash || g.CanonicalHash != m.CanonicalHash {
				t.Errorf("content hashes %s and %s, canonical %s and %s: want different, then equal", g.ContentHash, m.ContentHash, g.CanonicalHash, m.CanonicalHash)
			}
		})
	}
}

// TestRoundTrip writes simulated games with AppendTurns and AppendScores
// and parses them back: every play and round as the record has it. One
// worker: the sink counts the games.
func TestRoundTrip(t *testing.T) {
	entrants, err := players.Bots("simple", "random")
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	err = sim.Run(context.Background(), sim.Config{Players: entrants, Games: 20, Seed: 7, Start: 1600000000, Workers: 1}, func(sg *sim.Game) error {
		games++
		rec := &sg.Record
		g := logs.Parse("g.csv", logs.AppendTurns(nil, rec), "g-score.csv", logs.AppendScores(nil, rec))
		if len(g.Errors) > 0 {
			return fmt.Errorf("game %d: %v", sg.Index, g.Errors)
		}
		var plays []logs.Play
		var rounds []logs.Score
		for _, r := range rec.Rounds {
			for _, p := range r.Plays {
				pl := logs.Play{Round: int16(r.Number), Seat: p.Seat, Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded}
				copy(pl.Hand[:], p.Hand)
				plays = append(plays, pl)
			}
			rounds = append(rounds, logs.Score{Round: int16(r.Number), You: int16(r.Points[gin.You]), Opp: int16(r.Points[gin.Opp]), Action: r.Call, Caller: r.Caller})
		}
		for i := range g.Plays {
			g.Plays[i].Line = 0
		}
		for i := range g.Rounds {
			g.Rounds[i].Line = 0
		}
		if !slices.Equal(g.Plays, plays) || !slices.Equal(g.Rounds, rounds) {
			return fmt.Errorf("game %d read back as\n%v\n%v\nwant\n%v\n%v", sg.Index, g.Plays, g.Rounds, plays, rounds)
		}
		return nil
	})
	if err != nil || games != 20 {
		t.Fatalf("%d games: %v", games, err)
	}
}
