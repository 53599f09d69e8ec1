package logs_test

import (
	"bytes"
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

// TestPrefixHash: the hash of a game's first rows is the content hash of
// the game those rows make, cut anywhere in a round (the score file then
// holds the rounds begun); a game's hash of all its rows is its own, and
// the hash of the mirror's first rows is not the game's.
func TestPrefixHash(t *testing.T) {
	turns, scores := testlogs.Read(t, testlogs.Meldable[0])
	whole := logs.Parse("w.csv", turns, "w-score.csv", scores)
	mt, ms := testlogs.Mirror(turns, scores)
	mirror := logs.Parse("m.csv", mt, "m-score.csv", ms)
	if len(whole.Errors) > 0 || len(mirror.Errors) > 0 {
		t.Fatal(whole.Errors, mirror.Errors)
	}
	if got := logs.PrefixHash(&whole, len(whole.Plays), len(whole.Rounds)); got != whole.ContentHash {
		t.Errorf("the hash of every row %s, want the content hash %s", got, whole.ContentHash)
	}
	lines := bytes.SplitAfter(turns, []byte("\n"))
	scoreLines := bytes.SplitAfter(scores, []byte("\n"))
	for _, plays := range []int{1, 2, 10, len(whole.Plays) / 2, len(whole.Plays) - 1} {
		rounds := int(whole.Plays[plays-1].Round)
		t.Run(fmt.Sprintf("%d plays", plays), func(t *testing.T) {
			p := logs.Parse("p.csv", bytes.Join(lines[:plays], nil), "p-score.csv", bytes.Join(scoreLines[:rounds], nil))
			if len(p.Errors) > 0 {
				t.Fatal(p.Errors)
			}
			if got := logs.PrefixHash(&whole, plays, rounds); got != p.ContentHash {
				t.Errorf("prefix hash %s, want the prefix's content hash %s", got, p.ContentHash)
			}
			if got := logs.PrefixHash(&mirror, plays, rounds); got == p.ContentHash {
				t.Error("the mirror's first rows hash as the game's")
			}
		})
	}
}
