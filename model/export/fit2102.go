package export

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"reflect"
	"strings"
	"text/template"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// The FIT2102 flavour of the Haskell export: a module written for the
// FIT2102 framework's own types (docs/haskell.md).

//go:embed fit2102.tmpl
var fit2102Files embed.FS

// fit2102Template shares the other templates' functions, and adds hsList.
var fit2102Template = template.Must(template.Must(templates.Clone()).Funcs(template.FuncMap{
	"hsList":  hsList,
	"hsPairs": hsPairs,
}).ParseFS(fit2102Files, "fit2102.tmpl"))

// fit2102Exports are the names the FIT2102 module exports, in order: its
// export list, and the names a single-file Player.hs must export when the
// module is pasted into it. Functions the template adds (such as the
// hand-inference tables of weights format 3) are listed here too.
var fit2102Exports = []string{
	"cardPoints", "handDeadwood", "bestMelds", "discardOptions",
	"Phase (..)", "phaseOf",
	"Tracker (..)", "trackPick", "trackPlay", "trackDiscard", "showTracker", "readTracker",
	"trackerPhase", "trackerNextPhase", "trackerFirstTurn", "trackerUnseen",
	"opponentTakeProbability", "opponentTakes", "feedingRisk", "opponentGain", "stockGain",
	"meldChance",
	"knockWinProbability", "knockThreshold", "knockValue", "shouldKnock", "handValue", "valueAhead",
	"orOpponentCalls", "opponentCallRate", "opponentGinShare", "opponentKnockDeadwood",
	"provenanceFilters",
}

// fit2102View is what fit2102.tmpl sees: the weights' view, the draw
// model's coefficients by what they weigh, and the exports.
type fit2102View struct {
	*view
	File        string // the module's file name
	Take        takeTerms
	Exports     []string // fit2102Exports
	ExportLines []string // the exports, a few per line, for the paste instructions

	GinBonus, UndercutBonus int // the rules' bonuses, gin.GinBonus and gin.UndercutBonus
}

// takeTerms are the draw model's coefficients by feature: Ranks by rank
// from the ace, Phases by phase from the first (which has none: 0).
type takeTerms struct {
	Intercept, KnownMeld, KnownCombo float64
	Ranks, Phases                    []float64
}

// HaskellFIT2102 writes w as one Haskell module for a player of the
// FIT2102 framework (modules Cards and Rummy.Types): functions over the
// framework's Card, Rank and Suit, a Tracker of the round kept in the
// memory string, and the weights as lookups over cards. It compiles under
// -Wall -Werror, with or without the framework's default extensions
// (Trustworthy, NamedFieldPuns), and can be pasted into a single-file
// Player.hs as its header comment says.
func HaskellFIT2102(out io.Writer, w *model.Weights, module string) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	v, err := newView(w, module)
	if err != nil {
		return err
	}
	fv := &fit2102View{view: v, File: strings.ReplaceAll(module, ".", "/") + ".hs", Take: newTakeTerms(w),
		Exports: fit2102Exports, ExportLines: packNames(fit2102Exports, 68),
		GinBonus: gin.GinBonus, UndercutBonus: gin.UndercutBonus}
	var b bytes.Buffer
	if err := fit2102Template.ExecuteTemplate(&b, "fit2102.tmpl", fv); err != nil {
		return fmt.Errorf("export haskell fit2102: %w", err)
	}
	if _, err := out.Write(b.Bytes()); err != nil {
		return fmt.Errorf("export haskell fit2102: %w", err)
	}
	return nil
}

// newTakeTerms reads the draw model's coefficients by name (Validate has
// checked the names).
func newTakeTerms(w *model.Weights) takeTerms {
	coef := make(map[string]float64, len(w.DrawModel.Features))
	for i, f := range w.DrawModel.Features {
		coef[f] = w.DrawModel.Coefficients[i]
	}
	t := takeTerms{Intercept: coef["intercept"], KnownMeld: coef["known_meld"], KnownCombo: coef["known_combo"]}
	for r := range gin.Rank(gin.NumRanks) {
		t.Ranks = append(t.Ranks, coef["rank_"+r.String()])
	}
	t.Phases = append(t.Phases, 0)
	for _, ph := range model.PhaseNames[1:] {
		t.Phases = append(t.Phases, coef["phase_"+ph])
	}
	return t
}

// packNames joins names with ", " into lines of at most width
// characters.
func packNames(names []string, width int) []string {
	var lines []string
	line := ""
	for _, n := range names {
		if line != "" && len(line)+2+len(n) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += ", "
		}
		line += n
	}
	return append(lines, line)
}

// hsWidth is the column the Haskell lists stay within.
const hsWidth = 79

// hsList writes a list of numbers, or of lists of them, nested to any
// depth, as a Haskell list literal indented by indent spaces: on one line
// when it fits within hsWidth, else one element per line, leading commas,
// and lists of numbers packed a few to a line.
func hsList(indent int, v any) (string, error) {
	t, err := hsTree(reflect.ValueOf(v))
	if err != nil {
		return "", err
	}
	return strings.Repeat(" ", indent) + t.layout(indent), nil
}

// hsNode is a number (leaf) or a list of nodes.
type hsNode struct {
	leaf string
	kids []hsNode
	list bool
}

func hsTree(v reflect.Value) (hsNode, error) {
	switch v.Kind() {
	case reflect.Float64:
		return hsNode{leaf: hsNum(v.Float())}, nil
	case reflect.Slice, reflect.Array:
		n := hsNode{list: true}
		for i := range v.Len() {
			k, err := hsTree(v.Index(i))
			if err != nil {
				return n, err
			}
			n.kids = append(n.kids, k)
		}
		return n, nil
	}
	return hsNode{}, fmt.Errorf("hsList: %s is not a number or a list", v.Type())
}

// flat writes the node on one line.
func (n hsNode) flat() string {
	if !n.list {
		return n.leaf
	}
	parts := make([]string, len(n.kids))
	for i, k := range n.kids {
		parts[i] = k.flat()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// layout writes the node starting at column col, its continuation lines
// indented to col.
func (n hsNode) layout(col int) string {
	if f := n.flat(); !n.list || col+len(f) <= hsWidth || len(n.kids) == 0 {
		return f
	}
	pad := "\n" + strings.Repeat(" ", col)
	var b strings.Builder
	if !n.kids[0].list { // numbers: packed
		line := "["
		for i, k := range n.kids {
			sep := " "
			if i > 0 {
				sep = ", "
			}
			if i > 0 && col+len(line)+len(sep)+len(k.leaf) > hsWidth-2 {
				b.WriteString(line + pad)
				line, sep = ",", " "
			}
			line += sep + k.leaf
		}
		b.WriteString(line + " ]")
		return b.String()
	}
	for i, k := range n.kids {
		if i == 0 {
			b.WriteString("[ ")
		} else {
			b.WriteString(pad + ", ")
		}
		b.WriteString(k.layout(col + 2))
	}
	b.WriteString(pad + "]")
	return b.String()
}

// hsPairs writes pairs of strings as a Haskell list literal indented by
// two spaces, within hsWidth: a pair to a line when it fits, else its
// strings split into literals joined by ++.
func hsPairs(pairs [][2]string) string {
	if len(pairs) == 0 {
		return "  []"
	}
	var b strings.Builder
	for i, p := range pairs {
		lead := "\n  , "
		if i == 0 {
			lead = "  [ "
		}
		b.WriteString(lead)
		if flat := "(" + hsString(p[0]) + ", " + hsString(p[1]) + ")"; 4+len(flat) <= hsWidth {
			b.WriteString(flat)
			continue
		}
		b.WriteString("( " + hsText(p[0], 6) + "\n    , " + hsText(p[1], 6) + "\n    )")
	}
	b.WriteString("\n  ]")
	return b.String()
}

// hsText writes s as Haskell string literals starting at column col,
// joined by ++ on as many lines as it takes to stay within hsWidth.
func hsText(s string, col int) string {
	width := hsWidth - col - len(" ++")
	var pieces []string
	var piece []rune
	for _, r := range []rune(s) {
		if len(piece) > 0 && len(hsString(string(append(piece, r)))) > width {
			pieces = append(pieces, hsString(string(piece)))
			piece = piece[:0]
		}
		piece = append(piece, r)
	}
	pieces = append(pieces, hsString(string(piece)))
	return strings.Join(pieces, " ++\n"+strings.Repeat(" ", col))
}
