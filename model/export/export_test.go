package export

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/model"
)

// randomWeights returns valid weights with a trustworthy policy and every
// table filled with random numbers, some of them awkward to write (minus
// zero, tiny, integral).
func randomWeights(rng *rand.Rand) *model.Weights {
	w := model.Defaults()
	w.Provenance = model.Provenance{Games: rng.IntN(5000), Rounds: rng.IntN(50000), Plays: rng.IntN(500000),
		Filters:       map[string]string{"who": "opp", "opponent": "bot7", "since": "1604707200"},
		SchemaVersion: 3, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Fitted: true}
	for i := range w.DrawModel.Coefficients {
		w.DrawModel.Coefficients[i] = rng.NormFloat64() * 3
	}
	w.DrawModel.Coefficients[2] = math.Copysign(0, -1)
	w.DrawModel.Coefficients[3] = 1e-7
	w.DrawModel.OpponentGain, w.DrawModel.Samples = rng.Float64()*20, rng.IntN(100000)
	for g := range w.KeepValues.MeldProbability {
		for r := range w.KeepValues.MeldProbability[g] {
			for ph := range w.KeepValues.MeldProbability[g][r] {
				w.KeepValues.MeldProbability[g][r][ph] = rng.Float64()
				w.KeepValues.Samples[g][r][ph] = rng.IntN(1000)
			}
		}
	}
	for ph := range model.NumPhases {
		p := 1.0
		for dw := range w.KnockPolicy.WinProbability {
			if dw > 0 {
				p *= 1 - rng.Float64()*0.1
			}
			w.KnockPolicy.WinProbability[dw][ph] = p
			w.KnockPolicy.Value[dw][ph] = rng.Float64()*60 - 20
			w.KnockPolicy.Samples[dw][ph] = rng.IntN(300)
		}
		v := 30.0
		for dw := range w.HandValues.Value {
			v -= rng.Float64() * 3
			w.HandValues.Value[dw][ph] = v
			w.HandValues.Samples[dw][ph] = rng.IntN(3000)
		}
		w.Opponent.CallRate[ph] = rng.Float64() * 0.3
		w.Opponent.GinShare[ph] = rng.Float64()
		w.Opponent.KnockDeadwood[ph] = rng.Float64() * 10
		w.Opponent.Turns[ph] = rng.IntN(10000)
	}
	w.KnockPolicy.Threshold = 0.3 + rng.Float64()*0.4
	w.DrawPolicy.StockGain, w.DrawPolicy.Samples = rng.Float64()*8, rng.IntN(100000)
	return w
}

// adversarial is text that would break out of a comment or a string
// literal, in Go or in Haskell, were it not escaped.
var adversarial = []string{
	"x\nfunc init() { panic(1) }\n//",
	"x\nmain = error \"pwned\"\n--",
	"x\r\ninjected = 1\r\n",
	"x\fformfeed\vvtab\x00nul\x7fdel",
	"-} {- --> {-# LANGUAGE TemplateHaskell #-}",
	"*/ /* `raw` \"quoted\" 'q' \\ \\\\ \\\"",
	"\\1234\\&5 é\u20285 \u2028 \u0085 \U0001F0A1 \xff\xfe invalid",
	"\"\nvar Evil = 1\n\"",
	"",
}

// adversarialInference returns adversarialWeights with a random
// inference model (its doc adversarial too).
func adversarialInference(t testing.TB) *model.Weights {
	t.Helper()
	w := adversarialWeights()
	doc := w.Inference.Doc
	w.Inference = randomInference(t, 7)
	w.Inference.Doc = doc
	return w
}

// adversarialWeights returns valid weights whose every doc and filter
// holds adversarial text.
func adversarialWeights() *model.Weights {
	w := randomWeights(rand.New(rand.NewPCG(1, 1)))
	docs := []*string{&w.Doc, &w.DrawModel.Doc, &w.KeepValues.Doc, &w.KnockPolicy.Doc, &w.DrawPolicy.Doc, &w.HandValues.Doc, &w.Opponent.Doc,
		&w.HandPolicy.Doc, &w.RaceValues.Doc, &w.Inference.Doc}
	for i, d := range docs {
		*d = adversarial[i%len(adversarial)] + " " + adversarial[(i+3)%len(adversarial)]
	}
	for i, s := range adversarial {
		w.Provenance.Filters[fmt.Sprintf("k%d%s", i, s)] = s
	}
	return w
}

func TestDefaultsGolden(t *testing.T) {
	var g, h bytes.Buffer
	if err := Go(&g, model.Defaults(), "ginweights"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/defaults.go.txt", g.String())
	if err := Haskell(&h, model.Defaults(), "GinlogWeights"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/defaults.hs.txt", h.String())
}

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name        string
		goOK, hsOK  bool
		description string
	}{
		{"ginweights", true, false, "a Go package"},
		{"GinlogWeights", true, true, "both"},
		{"Bot.Weights", false, true, "a hierarchical module"},
		{"_", false, false, "the blank identifier"},
		{"", false, false, "empty"},
		{"x\nfunc init() {}", false, false, "a newline"},
		{"Weights where\nmain = undefined\n--", false, false, "Haskell code"},
		{"Bot..W", false, false, "an empty module part"},
		{"1st", false, false, "a leading digit"},
		{"Pokémon", true, false, "non-ASCII: a Go identifier, not a Haskell conid here"},
	} {
		t.Run(tc.description, func(t *testing.T) {
			if err := CheckGoPackage(tc.name); (err == nil) != tc.goOK || (err != nil && !errors.Is(err, ErrName)) {
				t.Errorf("CheckGoPackage(%q) = %v, want ok %v", tc.name, err, tc.goOK)
			}
			if err := CheckHaskellModule(tc.name); (err == nil) != tc.hsOK || (err != nil && !errors.Is(err, ErrName)) {
				t.Errorf("CheckHaskellModule(%q) = %v, want ok %v", tc.name, err, tc.hsOK)
			}
			if !tc.goOK {
				if err := Go(&bytes.Buffer{}, model.Defaults(), tc.name); !errors.Is(err, ErrName) {
					t.Errorf("Go export as package %q: %v", tc.name, err)
				}
			}
			if !tc.hsOK {
				if err := Haskell(&bytes.Buffer{}, model.Defaults(), tc.name); !errors.Is(err, ErrName) {
					t.Errorf("Haskell export as module %q: %v", tc.name, err)
				}
			}
		})
	}
}

// TestRefuses: the exports refuse weights out of range, of names other
// than the format's, or with a policy a bot cannot trust.
func TestRefuses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(w *model.Weights)
		want   string
	}{
		{"NaN", func(w *model.Weights) { w.HandValues.Value[3][1] = math.NaN() }, "hand_values.value[3][1]: NaN out of range"},
		{"infinite gain", func(w *model.Weights) { w.DrawPolicy.StockGain = math.Inf(1) }, "draw_policy.stock_gain: +Inf out of range"},
		{"rank group with a newline", func(w *model.Weights) { w.KeepValues.RankGroups[0] = "A-4\nmain = undefined" }, "keep_values.rank_groups[0]"},
		{"relation with a comment end", func(w *model.Weights) { w.KeepValues.Relations[1] = "pair -}" }, "keep_values.relations[1]"},
		{"feature with an escape", func(w *model.Weights) { w.DrawModel.Features[0] = "intercept\x7f1" }, "draw_model.features[0]"},
		{"missing coefficient", func(w *model.Weights) { w.DrawModel.Coefficients = w.DrawModel.Coefficients[1:] }, "draw_model.coefficients: 20 coefficients"},
		{"gin refused", func(w *model.Weights) { w.KnockPolicy.WinProbability[0][3] = 0.5 }, "absurd policy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := model.Defaults()
			tc.change(w)
			for lang, export := range map[string]func() error{
				"go":      func() error { return Go(&bytes.Buffer{}, w, "ginweights") },
				"haskell": func() error { return Haskell(&bytes.Buffer{}, w, "GinlogWeights") },
			} {
				if err := export(); err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s: error %v, want %q", lang, err, tc.want)
				}
			}
		})
	}
}

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		goLit  string
		hsLit  string
		reason string
	}{
		{0, "0.0", "0.0", "integral values get a fraction"},
		{math.Copysign(0, -1), "-0.0", "(-0.0)", "minus zero keeps its sign"},
		{-20, "-20.0", "(-20.0)", "negatives are parenthesised in Haskell"},
		{0.1, "0.1", "0.1", "the shortest exact form"},
		{1e-7, "1e-07", "1e-07", "exponents"},
		{1000, "1000.0", "1000.0", "the largest magnitude"},
	} {
		if got := num(tc.v); got != tc.goLit {
			t.Errorf("num(%v) = %s, want %s: %s", tc.v, got, tc.goLit, tc.reason)
		}
		if got := hsNum(tc.v); got != tc.hsLit {
			t.Errorf("hsNum(%v) = %s, want %s: %s", tc.v, got, tc.hsLit, tc.reason)
		}
	}
}

func TestHsString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain", `"plain"`},
		{`a "q" \ b`, `"a \"q\" \\ b"`},
		{"line\nbreak", `"line\10break"`},
		{"\x001", `"\0\&1"`},
		{"é9", `"\233\&9"`},
		{"é.", `"\233."`},
		{"\xff", `"\65533"`},
	} {
		if got := hsString(tc.in); got != tc.want {
			t.Errorf("hsString(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// hsDecode decodes the Haskell string literal at the start of s, as the
// Haskell 2010 report (2.6) reads it, and returns it and the rest of s.
// It knows the escapes hsString writes and the common ones.
func hsDecode(s string) (string, string, error) {
	if s == "" || s[0] != '"' {
		return "", s, errors.New("not a string literal")
	}
	var out []rune
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			return string(out), s[i+1:], nil
		case c < 0x20 || c >= 0x7f:
			return "", s, fmt.Errorf("raw byte %#x in a literal", c)
		case c != '\\':
			out = append(out, rune(c))
			i++
			continue
		}
		i++ // the backslash
		if i >= len(s) {
			break
		}
		switch c := s[i]; {
		case c == '&':
			i++
		case c >= '0' && c <= '9':
			n := 0
			for i < len(s) && s[i] >= '0' && s[i] <= '9' { // greedy, as Haskell reads it
				n = n*10 + int(s[i]-'0')
				if n > utf8.MaxRune {
					return "", s, errors.New("escape beyond the last character")
				}
				i++
			}
			out = append(out, rune(n))
		case strings.IndexByte(`"\'`, c) >= 0:
			out = append(out, rune(c))
			i++
		case strings.IndexByte("abfnrtv", c) >= 0:
			out = append(out, rune("\a\b\f\n\r\t\v"[strings.IndexByte("abfnrtv", c)]))
			i++
		default:
			return "", s, fmt.Errorf("escape \\%c not handled", c)
		}
	}
	return "", s, errors.New("unterminated literal")
}

// FuzzHsString: hsString writes printable ASCII that Haskell reads back
// as the text (invalid UTF-8 as U+FFFD).
func FuzzHsString(f *testing.F) {
	for _, s := range adversarial {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit := hsString(s)
		got, rest, err := hsDecode(lit)
		if err != nil || rest != "" {
			t.Fatalf("hsString(%q) = %s: %v, rest %q", s, lit, err, rest)
		}
		if want := string([]rune(s)); got != want {
			t.Fatalf("hsString(%q) = %s reads back as %q", s, lit, got)
		}
	})
}

// FuzzComment: comment text is printable ASCII, without line breaks but
// those it joins lines with.
func FuzzComment(f *testing.F) {
	for _, s := range adversarial {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, prefix := range []string{"// ", "-- "} {
			for _, line := range strings.Split(comment(prefix, s), "\n") {
				line = strings.TrimPrefix(line, prefix)
				for i := 0; i < len(line); i++ {
					if line[i] < 0x20 || line[i] >= 0x7f {
						t.Fatalf("comment(%q) has byte %#x", s, line[i])
					}
				}
			}
		}
	})
}
