package export

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model/infer"
)

// rolloutInferModule is the module GlRollout made as the exporter makes
// the rollout player's: a header (the imports the fragments may use),
// then the fragments core.hs, shared/random.hs and float.hs, and infer.hs.
func rolloutInferModule(t testing.TB) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("module GlRollout where\n\nimport Cards ()\nimport Data.Bits\nimport Data.List\nimport Data.Word\nimport Rummy.Types ()\n")
	for _, f := range [][2]string{{"rollout", "core.hs"}, {"shared", "random.hs"}, {"shared", "float.hs"}, {"rollout", "infer.hs"}} {
		b.WriteString("\n")
		b.Write(fragment(t, f[0], f[1]))
	}
	return b.String()
}

// TestRolloutInferCompiles compiles the fragments both ways under -Wall
// -Werror, plain inferred Safe; every line is under 80 columns.
func TestRolloutInferCompiles(t *testing.T) {
	src := rolloutInferModule(t)
	for n, line := range strings.Split(src, "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d columns: %q", n+1, len(line), line)
		}
	}
	for name, flags := range ghcFlags {
		t.Run(name, func(t *testing.T) {
			if name == "plain" {
				testenv.Long(t, "GHC compiles the fragments with the plain flags, as TestRolloutInfer's probe does; -short leaves it to the probe")
			}
			ghcMake(t, map[string]string{"GlRollout.hs": src}, flags, false)
		})
	}
}

// inferRecorder wraps a player and keeps a copy of every view it
// discards from, with the card it drew: where the rollout player samples.
type inferRecorder struct {
	gin.Player
	views *[]inferView
}

type inferView struct {
	v     gin.View
	drawn gin.Card
}

func (r inferRecorder) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	*r.views = append(*r.views, inferView{v.Clone(), drawn})
	return r.Player.Discard(v, drawn)
}

// rolloutInferViews plays games between baseline bots and returns both
// seats' discard views, in play order.
func rolloutInferViews(t testing.TB, games int) []inferView {
	t.Helper()
	var views []inferView
	pairs := [][2]string{{"simple", "memory"}, {"meldable", "random"}, {"memory", "meldable"}, {"random", "simple"}}
	for i := range games {
		var players [2]gin.Player
		for s, name := range pairs[i%len(pairs)] {
			p, err := bots.New(name, rand.New(rand.NewPCG(uint64(i), uint64(s)+10)))
			if err != nil {
				t.Fatal(err)
			}
			players[s] = inferRecorder{Player: p, views: &views}
		}
		if _, err := gin.PlayGame(gin.RandomDeals(rand.New(rand.NewPCG(uint64(i), 77))), players); err != nil {
			t.Fatal(err)
		}
	}
	return views
}

// hidden returns v as the FIT2102 framework shows it when the opponent
// moved first: the face-up card, taken or refused, is no card (255), in
// FaceUp and in the first play's top. ok is false when v is not such a
// view.
func hidden(v gin.View) (gin.View, bool) {
	if len(v.History) == 0 || v.History[0].Seat == v.Seat {
		return v, false
	}
	c := v.Clone()
	c.FaceUp, c.History[0].Top = 255, 255
	return c, true
}

// inferRequest writes the probe's track request of view v, the player
// holding own after the draw.
func inferRequest(v *gin.View, own gin.Hand, s1, s2 uint64, samples int) string {
	var ps []string
	for _, p := range v.History {
		ps = append(ps, fmt.Sprintf("%d:%d:%d:%d", b2i(p.Seat == v.Seat), p.Source, p.Top, p.Discarded))
	}
	hist := "-"
	if len(ps) > 0 {
		hist = strings.Join(ps, ",")
	}
	return fmt.Sprintf("%d %x %x %d %d %d %s", v.FaceUp, uint64(v.HandSet()), uint64(own), s1, s2, samples, hist)
}

// inferAnswer is what the probe should answer for tracker t (synced and
// given the eleven cards) under model m: the Go side of a track request.
func inferAnswer(t *infer.Tracker, m *infer.Model, s1, s2 uint64, samples int) string {
	var pr infer.Problem
	t.Problem(&pr)
	z := make([]float64, len(pr.Cards))
	if t.OpponentPlays() > 0 {
		m.Scores(&pr, z)
	}
	var feats []string
	for i, c := range pr.Cards {
		var fs []string
		for _, k := range pr.Features[i] {
			fs = append(fs, strconv.Itoa(int(k)))
		}
		feats = append(feats, fmt.Sprintf("%d:%s", c, strings.Join(fs, ".")))
	}
	// Sampler's odds: infer's topScore and ScaledOdds, which it does not
	// export.
	top := math.Inf(-1)
	for _, v := range z {
		if v > top {
			top = v
		}
	}
	var zs, odds []string
	for _, v := range z {
		zs = append(zs, strconv.FormatUint(math.Float64bits(v), 16))
		o := infer.ScaledOdds(v, top)
		odds = append(odds, strconv.FormatUint(math.Float64bits(o), 16))
	}
	var s infer.Sampler
	t.Sampler(m, &s)
	rng := rand.New(rand.NewPCG(s1, s2))
	var hs []string
	for range samples {
		hs = append(hs, strconv.FormatUint(uint64(s.Sample(rng)), 16))
	}
	return fmt.Sprintf("%x %x %x %d %d %d F%s Z%s O%s S%s", uint64(t.Known()), uint64(t.Unseen()), uint64(t.Seen()),
		t.StockLeft(), t.Hidden(), t.OpponentPlays(), strings.Join(feats, ";"), strings.Join(zs, ","),
		strings.Join(odds, ","), strings.Join(hs, ","))
}

// rolloutInferProbe compiles testdata/RolloutInferProbe.hs at -O1 with
// the fragments; it reads the weights as its first line.
func rolloutInferProbe(t testing.TB, w []float64) (*probe, string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "RolloutInferProbe.hs"))
	if err != nil {
		t.Fatal(err)
	}
	flags := append(append([]string(nil), ghcFlags["plain"]...), "-O1")
	exe := ghcMake(t, map[string]string{"GlRollout.hs": rolloutInferModule(t), "Main.hs": string(src)}, flags, true)
	var ws []string
	for _, v := range w {
		ws = append(ws, strconv.FormatUint(math.Float64bits(v), 10))
	}
	return &probe{t: t, exe: exe}, strings.Join(ws, ",")
}

// TestRolloutInfer compares the Haskell tracker and sampler with
// infer.Tracker and infer.Sampler at every discard of both seats over
// games between baseline bots, as the rollout player syncs its tracker
// (incrementally, then the eleven cards): the sets and counts, every
// unseen card's entries, the scores and odds to the bit, and 20 hands
// drawn from the same seeds. Where the opponent moved first the views
// are also compared with the face-up card hidden (255).
func TestRolloutInfer(t *testing.T) {
	w := fitted(t, "sample.json")
	m, err := infer.NewModel(w.Inference)
	if err != nil {
		t.Fatal(err)
	}
	p, weights := rolloutInferProbe(t, w.Inference.Vector())
	rng := rand.New(rand.NewPCG(5, 6))
	var reqs, want []string
	var trackers [2][2]infer.Tracker // by seat, then face-up hidden
	hiddenViews, takenHidden := 0, 0
	for _, rv := range rolloutInferViews(t, 12) {
		own := rv.v.HandSet().Add(rv.drawn)
		for k, v := range []gin.View{rv.v, {}} {
			if k == 1 {
				var ok bool
				if v, ok = hidden(rv.v); !ok {
					continue
				}
				hiddenViews++
				takenHidden += b2i(v.History[0].Source == gin.DiscardPile)
			}
			tr := &trackers[v.Seat][k]
			tr.Sync(&v)
			tr.SetHand(own)
			s1, s2 := rng.Uint64(), rng.Uint64()
			reqs = append(reqs, "track "+inferRequest(&v, own, s1, s2, 20))
			want = append(want, inferAnswer(tr, m, s1, s2, 20))
		}
	}
	if takenHidden == 0 || takenHidden == hiddenViews {
		t.Fatalf("%d views with the face-up card hidden, %d where the opponent took it: want both kinds", hiddenViews, takenHidden)
	}
	got := p.ask(append([]string{weights}, reqs...))[1:]
	bad := 0
	for i, g := range got {
		if g != want[i] && bad < 5 {
			bad++
			t.Errorf("%s:\n got %s\nwant %s", reqs[i], g, want[i])
		}
	}
	t.Logf("%d views compared, %d with the face-up card hidden (%d where the opponent took it)", len(reqs), hiddenViews, takenHidden)
}

// TestRolloutInferTime times the Haskell tracker, sampler and 192 hands
// at a late decision, compiled -O1.
func TestRolloutInferTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	w := fitted(t, "sample.json")
	p, weights := rolloutInferProbe(t, w.Inference.Vector())
	views := rolloutInferViews(t, 1)
	rv := views[len(views)/2]
	const n = 2000
	req := fmt.Sprintf("bench %d %s", n, inferRequest(&rv.v, rv.v.HandSet().Add(rv.drawn), 1, 2, 192))
	start := time.Now()
	sum := p.ask([]string{weights, req})[1]
	t.Logf("%d plays of history: %v per tracker, sampler and 192 hands (checksum %s)", len(rv.v.History), time.Since(start)/n, sum)
}
