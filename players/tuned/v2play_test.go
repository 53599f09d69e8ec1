package tuned

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// TestVersion2PlaysAsBefore plays weights files of format version 2
// (without the inference model) against every baseline and compares every
// play with testdata/v2play.golden, written by the player as it was before
// format version 3: a version-2 file makes the tuned player play exactly as
// it did. The golden file is a record of that player, not a rendering: do
// not rewrite it with -update unless that player is meant to change. The
// same weights upgraded to the current version (with the inference model,
// the hand policy, the race values and the round points) play the same
// games the same way: only the sampled and rollout players use them.
func TestVersion2PlaysAsBefore(t *testing.T) {
	var v2, v3 strings.Builder
	for _, file := range []string{"fitted.json", "simple-v2.json"} {
		w := readWeights(t, file)
		if w.Version != 2 {
			t.Fatalf("%s: version %d, want a version-2 file", file, w.Version)
		}
		playAll(t, &v2, file, w)
		playAll(t, &v3, file, upgraded(w))
	}
	golden.Check(t, "testdata/v2play.golden", v2.String())
	if v3.String() != v2.String() {
		t.Errorf("weights upgraded to the current version play differently:\n%s\nwant\n%s", v3.String(), v2.String())
	}
}

// playAll plays three games of the tuned player with w against every
// baseline and writes a line per game to out.
func playAll(t *testing.T, out *strings.Builder, file string, w *model.Weights) {
	t.Helper()
	for bi, name := range bots.Names {
		for g := range 3 {
			rng := rand.New(rand.NewPCG(uint64(bi), uint64(g)))
			b, err := bots.New(name, rng)
			if err != nil {
				t.Fatal(err)
			}
			players := [2]gin.Player{NewPlayer(w), b}
			if g%2 == 1 {
				players[0], players[1] = players[1], players[0]
			}
			rec, err := gin.PlayGame(gin.RandomDeals(rng), players)
			if err != nil {
				t.Fatalf("%s against %s: %v", file, name, err)
			}
			fmt.Fprintf(out, "%s %s game %d: %d rounds, totals %d-%d, plays %x\n", file, name, g,
				len(rec.Rounds), rec.Totals[0], rec.Totals[1], playsDigest(&rec))
		}
	}
}

// upgraded returns w with the sections of format version 3 at their
// defaults, as version 3.
func upgraded(w *model.Weights) *model.Weights {
	v3 := *w
	v3.Version = model.FormatVersion
	v3.Inference, v3.HandPolicy, v3.RaceValues = infer.NewParams(), model.DefaultHandPolicy(), model.DefaultRaceValues()
	// Round points of 1 to 29, fewer the more, for both sides: the rollout
	// player values rounds by the game.
	v3.RoundPoints = &model.RoundPoints{Doc: model.Defaults().RoundPoints.Doc}
	for x := 1; x < 30; x++ {
		v3.RoundPoints.Modelled[x], v3.RoundPoints.Other[x] = 30-x, 30-x
	}
	return &v3
}

// playsDigest returns a digest of every play and declaration of a game.
func playsDigest(rec *gin.GameRecord) []byte {
	h := sha256.New()
	for _, r := range rec.Rounds {
		for _, p := range r.Plays {
			fmt.Fprintf(h, "%d %v %v %v %v %v;", p.Seat, p.Source, p.Drawn, p.Discarded, p.Call, gin.HandOf(p.Hand...))
		}
		fmt.Fprintf(h, "%v %v|", r.Melds, r.Points)
	}
	return h.Sum(nil)[:12]
}
