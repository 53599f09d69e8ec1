package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
)

// sampleRates are small rate tables, with keys a hostile player id could
// give: quotes, backslashes, line breaks, comment ends, a NUL, non-ASCII.
func sampleRates() *RateTables {
	return &RateTables{
		Format: RateTablesFormat, Version: RateTablesVersion,
		Source: RateSource{Games: 3, Hands: 30, Determined: 20, Filters: map[string]string{"source": "week */ 3\n"}},
		Tables: []RateTable{
			{Name: "hearts-cards", Doc: "each card's rates", Keys: []string{"card", "measure"}, Rows: []RateRow{
				{Key: []string{"S2", "wins"}, Cases: 1, Opportunities: 20, Rate: 0.05, Low: 0.0089, High: 0.236},
				{Key: []string{"SQ", "dumped"}, Cases: 0, Opportunities: 0, Rate: 0, Low: 0, High: 1},
			}},
			{Name: "hearts-moon", Doc: "moons: \"attempts\" */ and\nsuccesses", Keys: []string{"player"}, Rows: []RateRow{
				{Key: []string{`p"1\`}, Cases: 2, Opportunities: 4, Rate: 0.5, Low: 0.15, High: 0.85},
				{Key: []string{"line\nbreak */ \x00 ☺ 9"}, Cases: 4, Opportunities: 4, Rate: 1, Low: 0.51, High: 1},
			}},
			{Name: "hearts-empty", Doc: "no rows", Keys: []string{"x"}},
		},
	}
}

func TestRateTablesCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(t *RateTables)
	}{
		{"key too short", func(t *RateTables) { t.Tables[0].Rows[0].Key = []string{"S2"} }},
		{"key twice", func(t *RateTables) { t.Tables[0].Rows[1].Key = []string{"S2", "wins"} }},
		{"more cases than opportunities", func(t *RateTables) { t.Tables[0].Rows[0].Cases = 21 }},
		{"negative cases", func(t *RateTables) { t.Tables[0].Rows[0].Cases = -1 }},
		{"rate out of its interval", func(t *RateTables) { t.Tables[0].Rows[0].Rate = 0.3 }},
		{"rate above 1", func(t *RateTables) { t.Tables[1].Rows[1].High = 1.5 }},
		{"NaN", func(t *RateTables) { t.Tables[0].Rows[0].Low = nan() }},
		{"name without letters", func(t *RateTables) { t.Tables[2].Name = "--" }},
		{"name with a leading digit", func(t *RateTables) { t.Tables[2].Name = "1-x" }},
		{"two names one identifier", func(t *RateTables) { t.Tables[2].Name = "hearts cards" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := sampleRates()
			tc.change(rt)
			if err := rt.Check(); !errors.Is(err, ErrBadTables) {
				t.Errorf("Check: %v, want ErrBadTables", err)
			}
			var b bytes.Buffer
			if HeartsGo(&b, rt, "x") == nil || HeartsHaskell(&b, rt, "X") == nil || rt.JSON(&b) == nil {
				t.Error("bad tables exported")
			}
		})
	}
	if err := sampleRates().Check(); err != nil {
		t.Errorf("the sample: %v", err)
	}
}

func nan() float64 {
	var z float64
	return z / z
}

// TestHeartsGolden checks the three exports of the sample.
func TestHeartsGolden(t *testing.T) {
	for _, tc := range []struct {
		file  string
		write func(b *bytes.Buffer) error
	}{
		{"hearts.json", func(b *bytes.Buffer) error { return sampleRates().JSON(b) }},
		{"hearts.go.txt", func(b *bytes.Buffer) error { return HeartsGo(b, sampleRates(), "heartsrates") }},
		{"hearts.hs.txt", func(b *bytes.Buffer) error { return HeartsHaskell(b, sampleRates(), "HeartsRates") }},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(&b); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.file), b.String())
		})
	}
	var back RateTables
	var b bytes.Buffer
	if err := sampleRates().JSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Tables[1].Rows[1].Key[0] != sampleRates().Tables[1].Rows[1].Key[0] {
		t.Errorf("the JSON does not read back: %v", err)
	}
}

// TestHeartsGoKeys parses and type-checks the Go export and reads its maps
// back: it declares Rate and one map per table, and every key is the
// table's, whatever its text.
func TestHeartsGoKeys(t *testing.T) {
	rt := sampleRates()
	var b bytes.Buffer
	if err := HeartsGo(&b, rt, "heartsrates"); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "rates.go", b.Bytes(), parser.ParseComments)
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if _, err := (&types.Config{}).Check(f.Name.Name, fset, []*ast.File{f}, nil); err != nil || len(f.Imports) != 0 {
		t.Fatalf("type-check: %v; %d imports", err, len(f.Imports))
	}
	got := map[string][]string{}
	var names []string
	for _, d := range f.Decls {
		for _, s := range d.(*ast.GenDecl).Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				names = append(names, s.Names[0].Name)
				for _, e := range s.Values[0].(*ast.CompositeLit).Elts {
					k, err := strconv.Unquote(e.(*ast.KeyValueExpr).Key.(*ast.BasicLit).Value)
					if err != nil {
						t.Fatal(err)
					}
					got[s.Names[0].Name] = append(got[s.Names[0].Name], k)
				}
			}
		}
	}
	slices.Sort(names)
	if want := []string{"HeartsCards", "HeartsEmpty", "HeartsMoon", "Rate"}; !slices.Equal(names, want) {
		t.Errorf("declares %v, want %v", names, want)
	}
	for _, tb := range rt.Tables {
		var want []string
		for _, r := range tb.Rows {
			want = append(want, strings.Join(r.Key, KeySeparator))
		}
		if !slices.Equal(got[goIdent(tb.Name)], want) {
			t.Errorf("%s keys %q, want %q", tb.Name, got[goIdent(tb.Name)], want)
		}
	}
}

// TestHeartsHaskellCompiles compiles the Haskell export with GHC under
// -Wall -Werror beside a program that looks every key up, and checks what
// it prints.
func TestHeartsHaskellCompiles(t *testing.T) {
	testenv.Tool(t, "ghc", "the Debian package ghc")
	rt := sampleRates()
	dir := t.TempDir()
	var b bytes.Buffer
	if err := HeartsHaskell(&b, rt, "HeartsRates"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "HeartsRates.hs"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var main, want strings.Builder
	main.WriteString("module Main (main) where\n\nimport HeartsRates\n\nmain :: IO ()\nmain = do\n")
	for _, tb := range rt.Tables {
		for _, r := range tb.Rows {
			fmt.Fprintf(&main, "  print (fmap cases (lookupRate %s %s), fmap opportunities (lookupRate %s %s))\n",
				hsString(strings.Join(r.Key, KeySeparator)), hsIdent(tb.Name), hsString(strings.Join(r.Key, KeySeparator)), hsIdent(tb.Name))
			fmt.Fprintf(&want, "(Just %d,Just %d)\n", r.Cases, r.Opportunities)
		}
	}
	main.WriteString("  print (length heartsEmpty)\n")
	want.WriteString("0\n")
	if err := os.WriteFile(filepath.Join(dir, "Main.hs"), []byte(main.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := testenv.GHC(t, dir, "-Wall", "-Werror", "-o", "rates", "Main.hs"); err != nil {
		t.Fatalf("ghc: %v\n%s\n%s", err, out, b.String())
	}
	out, err := exec.Command(filepath.Join(dir, "rates")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want.String() {
		t.Errorf("the program printed\n%s\nwant\n%s", out, want.String())
	}
}
