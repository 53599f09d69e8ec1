package export

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// fitted reads weights that model/fit's tests fit and keep as golden
// files.
func fitted(t testing.TB, name string) *model.Weights {
	t.Helper()
	path := filepath.Join("..", "fit", "testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := model.Read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// exported are weights under test, by the name of their Haskell module.
type exported struct {
	module string
	w      *model.Weights
	fitted bool // by fit, from logs
}

// lookups lists the Haskell expressions, on the module imported qualified
// as q, whose values the test compares with the weights, and the values.
func lookups(w *model.Weights, q string) (exprs []string, want []string) {
	add := func(expr string, v any) {
		exprs = append(exprs, q+"."+expr)
		switch v := v.(type) {
		case bool:
			want = append(want, map[bool]string{true: "True", false: "False"}[v])
		default:
			want = append(want, fmt.Sprint(v))
		}
	}
	show := func(ph int) string { return fmt.Sprintf("Stock%d", model.PhaseFloors[ph]) }
	con := func(ph int) string { return q + "." + show(ph) }
	for n := 0; n <= gin.StockSize; n++ {
		add(fmt.Sprintf("phaseOf %d", n), show(model.Phase(n)))
	}
	for ph := range model.NumPhases {
		for dw := range model.NumKnockDeadwoods + 1 {
			legal := dw < model.NumKnockDeadwoods && w.KnockPolicy.WinProbability[dw][ph] >= w.KnockPolicy.Threshold
			add(fmt.Sprintf("shouldKnock %d %s", dw, con(ph)), legal)
		}
		add(fmt.Sprintf("handValue 12 %s", con(ph)), w.HandValues.Value[12][ph])
		add(fmt.Sprintf("handValue 75 %s", con(ph)), w.HandValues.Value[model.MaxValueDeadwood][ph])
		add(fmt.Sprintf("knockValue 7 %s", con(ph)), w.KnockPolicy.Value[7][ph])
		add(fmt.Sprintf("knockWinProbability 9 %s", con(ph)), w.KnockPolicy.WinProbability[9][ph])
		add(fmt.Sprintf("meldProbability 2 5 %s", con(ph)), w.KeepValues.MeldProbability[2][5][ph])
		add(fmt.Sprintf("opponentCallRate %s", con(ph)), w.Opponent.CallRate[ph])
		add(fmt.Sprintf("opponentGinShare %s", con(ph)), w.Opponent.GinShare[ph])
		add(fmt.Sprintf("opponentKnockDeadwood %s", con(ph)), w.Opponent.KnockDeadwood[ph])
		for _, tc := range []struct {
			rank        int
			meld, combo bool
		}{{4, true, false}, {11, false, true}, {0, false, false}} {
			add(fmt.Sprintf("opponentTakeProbability %d %v %v %s", tc.rank, boolHs(tc.meld), boolHs(tc.combo), con(ph)),
				takeProbability(w, tc.rank, tc.meld, tc.combo, ph))
		}
	}
	add("stockGain", w.DrawPolicy.StockGain)
	add("opponentGain", w.DrawModel.OpponentGain)
	add("knockThreshold", w.KnockPolicy.Threshold)
	return exprs, want
}

func boolHs(b bool) string { return map[bool]string{true: "True", false: "False"}[b] }

// takeProbability is the draw model's chance of a take, from the features
// by name.
func takeProbability(w *model.Weights, rank int, meld, combo bool, ph int) float64 {
	coef := map[string]float64{}
	for i, f := range w.DrawModel.Features {
		coef[f] = w.DrawModel.Coefficients[i]
	}
	z := coef["intercept"] + coef["rank_"+gin.Rank(rank).String()]
	switch {
	case meld:
		z += coef["known_meld"]
	case combo:
		z += coef["known_combo"]
	}
	if ph > 0 {
		z += coef["phase_"+model.PhaseNames[ph]]
	}
	return 1 / (1 + math.Exp(-z))
}

// same compares a printed value with the wanted one: numbers to 1e-12.
func same(got, want string) bool {
	if got == want {
		return true
	}
	g, err1 := strconv.ParseFloat(got, 64)
	w, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && math.Abs(g-w) <= 1e-12*max(1, math.Abs(w))
}

// TestExportsTakeGin exports the weights fitted on the real logs and on
// the sample corpus, and asks the compiled Haskell and Go what a bot
// would: a call at deadwood 0 is always favoured (it once was not after a
// fit on the real logs), and every lookup gives the weights' own value.
func TestExportsTakeGin(t *testing.T) {
	all := []exported{
		{"RealWeights", fitted(t, "reallogs.json"), true},
		{"SampleWeights", fitted(t, "sample.json"), true},
		{"RandomWeights", randomWeights(rand.New(rand.NewPCG(11, 13))), false},
	}
	if testing.Short() {
		// GHC compiles each module's tables for seconds: -short asks the
		// weights of the real logs', whose Gin was once not favoured.
		all = all[:1]
	}
	for _, e := range all {
		for ph := range model.NumPhases {
			if e.fitted && !(e.w.KnockPolicy.WinProbability[0][ph] >= e.w.KnockPolicy.Threshold) {
				t.Errorf("%s: Gin not favoured in phase %d", e.module, ph)
			}
		}
	}
	t.Run("haskell", func(t *testing.T) {
		files := map[string]string{}
		var main strings.Builder
		main.WriteString("{-# LANGUAGE Safe #-}\nmodule Main (main) where\n\n")
		for _, e := range all {
			files[e.module+".hs"] = exportHaskell(t, e.w, e.module)
			fmt.Fprintf(&main, "import qualified %s\n", e.module)
		}
		main.WriteString("\nmain :: IO ()\nmain = do\n")
		var want []string
		for _, e := range all {
			exprs, values := lookups(e.w, e.module)
			for _, x := range exprs {
				fmt.Fprintf(&main, "  putStrLn (show (%s))\n", x)
			}
			want = append(want, values...)
		}
		files["Main.hs"] = main.String()
		got := strings.Split(strings.TrimSuffix(ghc(t, files), "\n"), "\n")
		compareLookups(t, all, got, want)
	})
	t.Run("go", func(t *testing.T) {
		files := map[string]string{}
		var main strings.Builder
		main.WriteString("package main\n\nimport (\n\t\"fmt\"\n")
		var want []string
		for _, e := range all {
			pkg := strings.ToLower(strings.TrimSuffix(e.module, "Weights"))
			var b bytes.Buffer
			if err := Go(&b, e.w, pkg); err != nil {
				t.Fatal(err)
			}
			files[pkg+"/weights.go"] = b.String()
			fmt.Fprintf(&main, "\t%q\n", "x/"+pkg)
		}
		main.WriteString(")\n\nfunc main() {\n")
		for _, e := range all {
			pkg := strings.ToLower(strings.TrimSuffix(e.module, "Weights"))
			for n := 0; n <= gin.StockSize; n++ {
				fmt.Fprintf(&main, "\tfmt.Println(%s.PhaseOf(%d))\n", pkg, n)
				want = append(want, strconv.Itoa(model.Phase(n)))
			}
			for ph := range model.NumPhases {
				for dw := range model.NumKnockDeadwoods + 1 {
					fmt.Fprintf(&main, "\tfmt.Println(%s.ShouldKnock(%d, %d))\n", pkg, dw, ph)
					want = append(want, strconv.FormatBool(dw < model.NumKnockDeadwoods && e.w.KnockPolicy.WinProbability[dw][ph] >= e.w.KnockPolicy.Threshold))
				}
			}
		}
		main.WriteString("}\n")
		files["main.go"] = main.String()
		got := strings.Split(strings.TrimSuffix(goRun(t, files), "\n"), "\n")
		compareLookups(t, all, got, want)
	})
}

func compareLookups(t *testing.T, all []exported, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d lines printed, want %d", len(got), len(want))
	}
	for i := range want {
		if !same(got[i], want[i]) {
			t.Errorf("line %d: %s, want %s", i+1, got[i], want[i])
		}
	}
}
