package model

import (
	"bytes"
	"context"
	"database/sql"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/bots"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay/store"
)

func sampleDB(t testing.TB) *sql.DB {
	t.Helper()
	return testdb.Load(t, "../testdata/sample", ingest.Options{})
}

func fitSample(t testing.TB, who string) *Weights {
	t.Helper()
	w, err := Fit(context.Background(), sampleDB(t), FitOptions{Filters: queries.Filters{Who: who}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestFit(t *testing.T) {
	w := fitSample(t, "opp")
	if p := w.Provenance; p.Games != 20 || p.Rounds != 129 || p.Plays != 2097 || !p.Fitted || p.Filters["who"] != "opp" {
		t.Errorf("provenance %+v", p)
	}
	if w.DrawModel.Samples == 0 || w.DrawPolicy.Samples == 0 {
		t.Fatalf("no samples: %+v %+v", w.DrawModel, w.DrawPolicy)
	}
	for _, v := range w.KeepValues.MeldProbability {
		for _, r := range v {
			for _, p := range r {
				if p <= 0 || p >= 1 {
					t.Fatalf("meld probability %v out of (0, 1)", p)
				}
			}
		}
	}
	// A card that completes a known meld is taken far more often.
	if k := w.DrawModel.Coefficients[1+gin.NumRanks]; k <= 0 {
		t.Errorf("known_meld coefficient %v, want positive", k)
	}
}

// TestDrawModelCalibrated checks the logistic regression's defining
// property: with an (unpenalised) intercept, its mean prediction over the
// samples equals the observed take rate.
func TestDrawModelCalibrated(t *testing.T) {
	db := sampleDB(t)
	w, err := Fit(context.Background(), db, FitOptions{Filters: queries.Filters{Who: "opp"}})
	if err != nil {
		t.Fatal(err)
	}
	c := &counts{draw: map[[numDrawFeatures]int8][2]int{}}
	ids, _ := queries.GameIDs(context.Background(), db, queries.Filters{})
	games, _ := store.Load(context.Background(), db, ids)
	for _, g := range games {
		for i := range g.Rounds {
			c.round(&g.Rounds[i], [2]bool{false, true})
		}
	}
	var pred, taken, n float64
	for key, k := range c.draw {
		z := 0.0
		for i, v := range key {
			z += w.DrawModel.Coefficients[i] * float64(v)
		}
		pred += float64(k[1]) / (1 + math.Exp(-z))
		taken += float64(k[0])
		n += float64(k[1])
	}
	if math.Abs(pred/n-taken/n) > 0.002 {
		t.Errorf("mean prediction %.4f, observed take rate %.4f", pred/n, taken/n)
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	w := fitSample(t, "both")
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		t.Fatal(err)
	}
	got, err := Read(bytes.NewReader(b.Bytes()), "w.json")
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	got.Save(&b2)
	if b.String() != b2.String() {
		t.Error("save, read and save again differ")
	}
	for _, bad := range []string{`{"format": "other", "version": 1}`, `{"format": "ginlog-weights", "version": 9}`, `{"format": "ginlog-weights", "version": 1}`, `{"format": "ginlog-weights", "version": 1, "extra": 1}`, `not json`} {
		if _, err := Read(strings.NewReader(bad), "bad.json"); err == nil || !strings.HasPrefix(err.Error(), "bad.json") {
			t.Errorf("Read(%s) error %v", bad, err)
		}
	}
}

func TestPhase(t *testing.T) {
	for _, tc := range []struct {
		stockLeft, want int
	}{
		{31, 0}, {29, 0}, {28, 1}, {26, 1}, {25, 2}, {23, 2}, {22, 3}, {19, 3}, {18, 4}, {13, 4}, {12, 5}, {0, 5},
	} {
		if got := Phase(tc.stockLeft); got != tc.want {
			t.Errorf("Phase(%d) = %d, want %d", tc.stockLeft, got, tc.want)
		}
	}
	want := [NumPhases]string{"29-31", "26-28", "23-25", "19-22", "13-18", "0-12"}
	if PhaseNames != want {
		t.Errorf("PhaseNames = %v, want %v", PhaseNames, want)
	}
}

func TestDefaultsRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := Defaults().Save(&b); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(&b, "defaults"); err != nil {
		t.Fatal(err)
	}
}

// TestPlayerPlaysLegally plays the tuned player against every baseline.
func TestPlayerPlaysLegally(t *testing.T) {
	w := fitSample(t, "opp")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range bots.Names {
		for g := 0; g < 20; g++ {
			b, _ := bots.New(name, rng)
			players := [2]gin.Player{NewPlayer(w), b}
			if g%2 == 1 {
				players = [2]gin.Player{b, NewPlayer(Defaults())}
			}
			if _, err := gin.PlayGame(gin.RandomDeals(rng), players); err != nil {
				t.Fatalf("against %s: %v", name, err)
			}
		}
	}
}

func TestFeedingAvoided(t *testing.T) {
	// The opponent took H5 and H6 from the pile: H7 and H4 would feed its run.
	w := Defaults()
	w.DrawModel.Coefficients[0] = -2
	w.DrawModel.Coefficients[1+gin.NumRanks] = 4
	w.DrawModel.OpponentGain = 10
	w.DrawPolicy.StockGain = 4
	p := NewPlayer(w)
	hand, _ := gin.ParseCards("SA S2 S3 CJ CQ CK D9 H7 S7 C4")
	h5, _ := gin.ParseCard("H5")
	h6, _ := gin.ParseCard("H6")
	x, _ := gin.ParseCard("D2")
	v := &gin.View{Seat: 0, Hand: hand, Turn: 6, StockLeft: 20, Top: x, History: []gin.PublicPlay{
		{Seat: 1, Source: gin.DiscardPile, Top: h5, Discarded: x},
		{Seat: 0, Source: gin.StockPile, Top: x, Discarded: x},
		{Seat: 1, Source: gin.DiscardPile, Top: h6, Discarded: x},
	}}
	drawn, _ := gin.ParseCard("DK")
	if d, _ := p.Discard(v, drawn); d.String() == "H7" {
		t.Errorf("discarded H7 into the opponent's H5 H6")
	}
	if f := p.feeding(gin.NewCard(gin.Hearts, gin.Seven), gin.HandOf(h5, h6), 20); f < 0.5 {
		t.Errorf("feeding risk of H7 %.2f", f)
	}
}

// BenchmarkDecision times the tuned player's decisions in real games and
// reports the 99th percentile.
func BenchmarkDecision(b *testing.B) {
	w := fitSample(b, "opp")
	var durs []time.Duration
	timed := &timedPlayer{p: NewPlayer(w), durs: &durs}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; b.Loop(); i++ {
		opp, _ := bots.New(bots.Names[i%len(bots.Names)], rng)
		if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{timed, opp}); err != nil {
			b.Fatal(err)
		}
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	if len(durs) > 0 {
		b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds()), "p99-µs/decision")
		b.ReportMetric(float64(durs[len(durs)/2].Microseconds()), "p50-µs/decision")
	}
}

type timedPlayer struct {
	p    *Player
	durs *[]time.Duration
}

func (t *timedPlayer) Draw(v *gin.View) gin.Pile {
	s := time.Now()
	defer func() { *t.durs = append(*t.durs, time.Since(s)) }()
	return t.p.Draw(v)
}

func (t *timedPlayer) Discard(v *gin.View, c gin.Card) (gin.Card, gin.Call) {
	s := time.Now()
	defer func() { *t.durs = append(*t.durs, time.Since(s)) }()
	return t.p.Discard(v, c)
}

func (t *timedPlayer) Declare(v *gin.View) []gin.Meld { return t.p.Declare(v) }

// TestExportGo type-checks the generated Go file and compares the defaults'
// export with its golden file.
func TestExportGo(t *testing.T) {
	for _, w := range []*Weights{Defaults(), fitSample(t, "opp")} {
		var b bytes.Buffer
		if err := ExportGo(&b, w, "ginweights"); err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "weights.go", b.Bytes(), parser.ParseComments)
		if err != nil {
			t.Fatalf("generated Go does not parse: %v\n%s", err, b.String())
		}
		conf := types.Config{Importer: importer.Default()}
		if _, err := conf.Check("ginweights", fset, []*ast.File{f}, nil); err != nil {
			t.Fatalf("generated Go does not type-check: %v", err)
		}
		if !w.Provenance.Fitted {
			golden.Check(t, "testdata/defaults.go.txt", b.String())
		}
	}
}

// TestExportHaskell compiles the generated module with GHC under -Wall
// -Werror, with a program that prints some lookups, and compares them with
// the weights.
func TestExportHaskell(t *testing.T) {
	w := fitSample(t, "opp")
	var b bytes.Buffer
	if err := ExportHaskell(&b, Defaults(), "GinlogWeights"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/defaults.hs.txt", b.String())
	ghc, err := exec.LookPath("ghc")
	if err != nil {
		t.Skip("ghc not installed (Debian package ghc): the Haskell export is not compiled; CI installs it")
	}
	dir := t.TempDir()
	b.Reset()
	ExportHaskell(&b, w, "GinlogWeights")
	os.WriteFile(filepath.Join(dir, "GinlogWeights.hs"), b.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "Main.hs"), []byte(`{-# LANGUAGE Safe #-}
module Main (main) where

import GinlogWeights

main :: IO ()
main = do
  print (meldProbability 2 5 Stock19)
  print (knockWinProbability 7 Stock0)
  print (handValue 12 Stock29)
  print (opponentTakeProbability 4 True False Stock0)
  print (phaseOf 15)
`), 0o644)
	cmd := exec.Command(ghc, "-Wall", "-Werror", "-O0", "-outputdir", filepath.Join(dir, "out"), "-o", filepath.Join(dir, "main"), "Main.hs", "GinlogWeights.hs")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ghc: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "main")).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	p := NewPlayer(w)
	want := []float64{
		w.KeepValues.MeldProbability[2][5][Phase(20)],
		w.KnockPolicy.WinProbability[7][Phase(5)],
		w.HandValues.Value[12][Phase(30)],
	}
	for i, v := range want {
		got, _ := strconv.ParseFloat(lines[i], 64)
		if math.Abs(got-v) > 1e-12 {
			t.Errorf("Haskell line %d: %v, want %v", i+1, got, v)
		}
	}
	// The take probability of the fifth rank with a known meld, in the last phase.
	p.x = make([]float64, numDrawFeatures)
	p.x[0], p.x[1+4], p.x[1+gin.NumRanks], p.x[2+gin.NumRanks+Phase(5)] = 1, 1, 1, 1
	z := 0.0
	for i, c := range w.DrawModel.Coefficients {
		z += c * p.x[i]
	}
	if got, _ := strconv.ParseFloat(lines[3], 64); math.Abs(got-1/(1+math.Exp(-z))) > 1e-12 {
		t.Errorf("opponentTakeProbability: Haskell %v, Go %v", got, 1/(1+math.Exp(-z)))
	}
	if lines[4] != "Stock13" {
		t.Errorf("phaseOf 15 = %s", lines[4])
	}
}

func TestDecreasing(t *testing.T) {
	for _, tc := range []struct {
		ys, ws, want []float64
	}{
		{[]float64{5, 4, 3}, []float64{1, 1, 1}, []float64{5, 4, 3}},
		{[]float64{5, 6, 3}, []float64{1, 1, 1}, []float64{5.5, 5.5, 3}},
		{[]float64{1, 2, 3}, []float64{1, 1, 2}, []float64{2.25, 2.25, 2.25}},
		{[]float64{4, 1, 2}, []float64{1, 3, 1}, []float64{4, 1.25, 1.25}},
	} {
		got := decreasing(tc.ys, tc.ws)
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Errorf("decreasing(%v, %v) = %v, want %v", tc.ys, tc.ws, got, tc.want)
				break
			}
		}
	}
}

// TestOpponentMayCallFirst: against an opponent that always calls, a hand
// is worth what its call scores against the hand's deadwood.
func TestOpponentMayCallFirst(t *testing.T) {
	w := Defaults()
	for ph := range w.Opponent.CallRate {
		w.Opponent.CallRate[ph], w.Opponent.KnockDeadwood[ph] = 1, 6
	}
	p := NewPlayer(w)
	h, _ := gin.ParseHand("SA S2 S3 C5 C6 C7 D9 D10 DJ HQ")
	unknown := gin.FullDeck &^ h
	for _, tc := range []struct {
		dw   int
		want float64
	}{{3, 10 + 3}, {6, 10}, {9, -3}, {30, -24}} {
		if got := p.next(h, tc.dw, unknown, 20); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("next at deadwood %d = %v, want %v", tc.dw, got, tc.want)
		}
	}
}
