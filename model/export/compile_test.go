package export

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
)

// goDecls are the top-level names of the Go export of weights of format
// version 2, and goDecls3 those that version 3 adds: nothing else may
// appear, whatever the weights' text.
var (
	goDecls = []string{"DrawCoefficients", "DrawFeatures", "HandValue", "KnockThreshold", "KnockValue", "KnockWinProbability",
		"MeldProbability", "OpponentCallRate", "OpponentGain", "OpponentGinShare", "OpponentKnockDeadwood", "PhaseFloors", "PhaseOf",
		"ProvenanceFilters", "RankGroups", "Relations", "ShouldKnock", "StockGain"}
	goDecls3 = []string{"HandBestDiscardRate", "HandCallRate", "HandTakeRate", "InferDiscardPoints", "InferDiscardRank",
		"InferDiscarded", "InferKnown", "InferLast", "InferLive", "InferRank", "InferRefused", "NewTracker", "OpponentPlay",
		"OwnPlay", "Probabilities", "RaceFloors", "RaceValue", "SetHand", "Tracker", "atMost2", "bit", "count", "diffBin", "draw",
		"lastRelation", "marginals", "phase", "points", "popcount", "related", "score"}
)

// checkGo parses and type-checks a Go export (it imports math at most),
// checks that it declares exactly goDecls (and goDecls3 with the
// inference model), and returns its ProvenanceFilters.
func checkGo(t testing.TB, src []byte) [][2]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "weights.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated Go does not parse: %v\n%s", err, src)
	}
	for _, imp := range f.Imports {
		if imp.Path.Value != `"math"` {
			t.Fatalf("generated Go imports %s", imp.Path.Value)
		}
	}
	if _, err := (&types.Config{Importer: importer.Default()}).Check(f.Name.Name, fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("generated Go does not type-check: %v", err)
	}
	var names []string
	var filters [][2]string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			names = append(names, d.Name.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					names = append(names, s.Names[0].Name)
					if s.Names[0].Name == "ProvenanceFilters" {
						filters = literalPairs(t, s.Values[0])
					}
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				}
			}
		}
	}
	slices.Sort(names)
	want := goDecls
	if len(f.Imports) > 0 {
		want = slices.Sorted(slices.Values(append(slices.Clone(goDecls), goDecls3...)))
	}
	if !slices.Equal(names, want) {
		t.Fatalf("generated Go declares %v, want %v", names, want)
	}
	return filters
}

// literalPairs reads a composite literal of string pairs.
func literalPairs(t testing.TB, e ast.Expr) [][2]string {
	t.Helper()
	var out [][2]string
	for _, elt := range e.(*ast.CompositeLit).Elts {
		var pair [2]string
		for i, s := range elt.(*ast.CompositeLit).Elts {
			v, err := strconv.Unquote(s.(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			pair[i] = v
		}
		out = append(out, pair)
	}
	return out
}

// sortedFilters returns the provenance filters as the exports list them.
func sortedFilters(w *model.Weights) [][2]string {
	var out [][2]string
	for k, v := range w.Provenance.Filters {
		out = append(out, [2]string{k, v})
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// TestGoCompiles type-checks the Go export of default, random and
// adversarial weights. The adversarial text once ended the package
// comment and declared code of its own.
func TestGoCompiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for name, w := range map[string]*model.Weights{
		"defaults": model.Defaults(), "random": randomWeights(rng), "adversarial": adversarialInference(t),
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Go(&b, w, "ginweights"); err != nil {
				t.Fatal(err)
			}
			if got, want := checkGo(t, b.Bytes()), sortedFilters(w); !slices.Equal(got, want) {
				t.Errorf("ProvenanceFilters %q, want %q", got, want)
			}
		})
	}
}

// hsTopLevel are how the lines of the Haskell export that start a
// declaration begin; any other unindented line (but comments) is code
// that should not be there.
var hsTopLevel = []string{"{-# LANGUAGE Safe #-}", "module ", "data Phase ", "phaseOf ", "provenanceFilters ", "phaseFeatures ",
	"at ", "at3 ", "at2 ", "drawCoefficients ", "coefficient ", "opponentTakeProbability ", "opponentGain ",
	"meldProbability ", "meldTable ", "knockWinProbability ", "knockTable ", "knockThreshold ", "knockValue ",
	"knockValueTable ", "shouldKnock ", "stockGain ", "handValue ", "valueTable ", "opponentCallRate ",
	"opponentGinShare ", "opponentKnockDeadwood ",
	// format version 3
	"handTakeRate ", "takeRateTable ", "handCallRate ", "callRateTable ", "handBestDiscardRate ", "raceBucket ", "raceFloors ",
	"raceValue ", "raceTable ", "data Tracker ", "inferRank ", "inferLive ", "inferKnown ", "inferRefused ", "inferDiscarded ",
	"inferLast ", "inferDiscardPoints ", "inferDiscardRank ", "isCard ", "without ", "with ", "newTracker ", "setHand ", "drawFrom ",
	"ownPlay ", "opponentPlay ", "related ", "bump ", "probabilities ", "atMost2 ", "cardPoints ", "diffBin ", "count2 ", "score ",
	"marginals "}

// checkHaskell checks a Haskell export without compiling it: printable
// ASCII lines; every string literal reads back; every unindented line is a
// comment or one of hsTopLevel.
func checkHaskell(t testing.TB, src string) {
	t.Helper()
	checkHaskellLines(t, src, func(line string) bool {
		return strings.HasPrefix(line, "-- ") || line == "--" ||
			slices.ContainsFunc(hsTopLevel, func(p string) bool { return strings.HasPrefix(line, p) })
	})
}

// checkHaskellLines checks Haskell source line by line: printable ASCII
// only, every unindented line one that topLevel allows, every string
// literal one that reads back.
func checkHaskellLines(t testing.TB, src string, topLevel func(line string) bool) {
	t.Helper()
	for n, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		for i := 0; i < len(line); i++ {
			if line[i] < 0x20 || line[i] >= 0x7f {
				t.Fatalf("line %d has byte %#x: %q", n+1, line[i], line)
			}
		}
		if line != "" && line[0] != ' ' && !topLevel(line) {
			t.Fatalf("line %d declares something unexpected: %q", n+1, line)
		}
		for rest := line; rest != "" && !strings.HasPrefix(rest, "--"); {
			if rest[0] != '"' {
				rest = rest[1:]
				continue
			}
			var err error
			if _, rest, err = hsDecode(rest); err != nil {
				t.Fatalf("line %d: %v: %q", n+1, err, line)
			}
		}
	}
}

// FuzzExport reads fuzzed weights and exports them: the Go must parse,
// type-check and declare only what it should, and the Haskell pass
// checkHaskell, or the export must fail.
// Run it with -fuzzminimizetime=2s: minimising each new 35 KB input
// otherwise takes the default minute, and the fuzzer looks stalled.
func FuzzExport(f *testing.F) {
	for _, w := range []*model.Weights{model.Defaults(), randomWeights(rand.New(rand.NewPCG(8, 8))), adversarialInference(f)} {
		var b bytes.Buffer
		if err := w.Save(&b); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := model.Read(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		var g, h bytes.Buffer
		if err := Go(&g, w, "ginweights"); err == nil {
			checkGo(t, g.Bytes())
		}
		if err := Haskell(&h, w, "GinlogWeights"); err == nil {
			checkHaskell(t, h.String())
		}
	})
}

// ghc compiles the Haskell files with -Wall -Werror and runs the program,
// whose Main module is Main.hs, returning what it prints.
func ghc(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	args := []string{"-Wall", "-Werror", "-O0", "-outputdir", filepath.Join(dir, "out"), "-o", filepath.Join(dir, "main")}
	for _, name := range slices.Sorted(maps.Keys(files)) { // one command line for the same files
		src := files[name]
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	if out, err := testenv.GHC(t, dir, args...); err != nil {
		t.Fatalf("ghc: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "main")).Output()
	if err != nil {
		t.Fatalf("the compiled program: %v", err)
	}
	return string(out)
}

// goRun runs a Go program made of the files (paths relative to a new
// module named x), returning what it prints.
func goRun(t testing.TB, files map[string]string) string {
	t.Helper()
	goPath := testenv.Tool(t, "go", "the Go distribution")
	dir := t.TempDir()
	files["go.mod"] = "module x\n\ngo 1.22\n"
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goPath, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go run: %v\n%s", err, stderr)
	}
	return string(out)
}

func exportHaskell(t testing.TB, w *model.Weights, module string) string {
	t.Helper()
	var b bytes.Buffer
	if err := Haskell(&b, w, module); err != nil {
		t.Fatal(err)
	}
	checkHaskell(t, b.String())
	return b.String()
}

// TestHaskellAdversarial compiles the Haskell export of weights whose
// every doc and filter is adversarial text, under -Wall -Werror (one GHC
// run: it takes a while), reads the filters back from the program, and
// runs its inference Tracker over real rounds, comparing its
// probabilities with package infer's.
func TestHaskellAdversarial(t *testing.T) {
	testenv.Long(t, "GHC compiles the export of adversarial weights under -Wall -Werror")
	w := adversarialInference(t)
	rounds, probs := inferenceCase(t, w.Inference, 4)
	out := ghc(t, map[string]string{
		"GinlogWeights.hs": exportHaskell(t, w, "GinlogWeights"),
		"Main.hs": hsInferenceMain(rounds,
			`mapM_ (\(k, v) -> putStrLn (unwords (map (show . fromEnum) k) ++ " = " ++ unwords (map (show . fromEnum) v))) provenanceFilters`),
	})
	var want []string
	codes := func(s string) string {
		var parts []string
		for _, r := range s {
			parts = append(parts, strconv.Itoa(int(r)))
		}
		return strings.Join(parts, " ")
	}
	for _, f := range sortedFilters(w) {
		want = append(want, codes(f[0])+" = "+codes(f[1]))
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got := lines[:min(len(want), len(lines))]; !slices.Equal(got, want) {
		t.Fatalf("Haskell reads the filters as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	compareLines(t, strings.Join(lines[len(want):], "\n"), probs, 1e-9)
}
