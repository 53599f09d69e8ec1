// Package export writes weights (package model) as code for a bot: a
// self-contained Go file or a Safe Haskell module, generated from the
// templates go.tmpl and haskell.tmpl. The weights are validated first, and
// their policy checked (model.Weights.CheckPolicy): an export never hands a
// bot numbers out of range or a policy that refuses Gin. Every string of
// the weights file that reaches the code is escaped for the target
// language.
package export

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

//go:embed go.tmpl haskell.tmpl
var templateFiles embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"goComment": func(text string) string { return comment("// ", text) },
	"hsComment": func(text string) string { return comment("-- ", text) },
	"goString":  strconv.Quote,
	"hsString":  hsString,
	"goNums":    func(vs []float64) string { return join(vs, num) },
	"hsNums":    func(vs []float64) string { return join(vs, hsNum) },
	"hsNum":     hsNum,
	"num":       num,
	"ints":      func(vs []int) string { return join(vs, strconv.Itoa) },
	"goStrings": func(ss []string) string { return join(ss, strconv.Quote) },
	"hsStrings": func(ss []string) string { return join(ss, hsString) },
	"join":      func(ss []string) string { return strings.Join(ss, ", ") },
}).ParseFS(templateFiles, "*.tmpl"))

// ErrName is the error of a Go package or Haskell module name that is not
// one.
var ErrName = errors.New("not a valid name")

// CheckGoPackage checks that name can name a Go package.
func CheckGoPackage(name string) error {
	if !token.IsIdentifier(name) || name == "_" {
		return fmt.Errorf("Go package %q: %w (want an identifier such as ginweights)", name, ErrName)
	}
	return nil
}

var haskellModule = regexp.MustCompile(`^[A-Z][A-Za-z0-9_']*(\.[A-Z][A-Za-z0-9_']*)*$`)

// CheckHaskellModule checks that name can name a Haskell module.
func CheckHaskellModule(name string) error {
	if !haskellModule.MatchString(name) {
		return fmt.Errorf("Haskell module %q: %w (want a capitalised name such as GinlogWeights)", name, ErrName)
	}
	return nil
}

// Go writes w as a self-contained Go source file of package pkg, with no
// imports: the tables as package-level values, PhaseOf and ShouldKnock.
func Go(out io.Writer, w *model.Weights, pkg string) error {
	return generate(out, w, "go", pkg, CheckGoPackage, format.Source)
}

// Haskell writes w as one self-contained Safe Haskell module that
// compiles without warnings under -Wall -Werror, ready to paste into a
// single-file Player.hs (drop the module header when pasting).
func Haskell(out io.Writer, w *model.Weights, module string) error {
	return generate(out, w, "haskell", module, CheckHaskellModule, nil)
}

// generate checks name and w, executes the template lang.tmpl, passes
// the code through finish unless it is nil, and writes it to out.
func generate(out io.Writer, w *model.Weights, lang, name string, check func(string) error, finish func([]byte) ([]byte, error)) error {
	if err := check(name); err != nil {
		return err
	}
	v, err := newView(w, name)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, lang+".tmpl", v); err != nil {
		return fmt.Errorf("export %s: %w", lang, err)
	}
	code := b.Bytes()
	if finish != nil {
		if code, err = finish(code); err != nil {
			return fmt.Errorf("export %s: the generated code does not parse: %w", lang, err)
		}
	}
	if _, err := out.Write(code); err != nil {
		return fmt.Errorf("export %s: %w", lang, err)
	}
	return nil
}

// view is what the templates see: the weights, and their tables as
// slices.
type view struct {
	W       *model.Weights
	Name    string
	Fitted  string // the provenance, one sentence
	Filters [][2]string
	Phases  []phase
	Last    phase // the last of Phases
	Ranks   []string

	RankGroups, Relations             []string
	MeldProbability                   [][][]float64
	KnockWin, KnockValue, HandValue   [][]float64
	CallRate, GinShare, KnockDeadwood []float64
	KnockLimit, MaxDeadwood           int

	// Format version 3 only: the inference model (nil before), the hand
	// policy and the race values.
	Inf                    *infer.Params
	TakeRelations          []string
	TakeRate, CallRateByDW [][]float64
	BestDiscard            []float64
	RaceFloors             []int
	Race                   [][][]float64
	StockSize              int
}

// phase is one phase of the round.
type phase struct {
	Index, Floor int
	Name         string // its stock left, 29-31
	Con          string // its Haskell constructor, Stock29
}

func newView(w *model.Weights, name string) (*view, error) {
	if err := w.Validate(); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if err := w.CheckPolicy(); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	v := &view{W: w, Name: name, KnockLimit: gin.KnockLimit, MaxDeadwood: model.MaxValueDeadwood}
	keys := make([]string, 0, len(w.Provenance.Filters))
	for k := range w.Provenance.Filters {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v.Filters = append(v.Filters, [2]string{k, w.Provenance.Filters[k]})
	}
	v.Fitted = provenance(&w.Provenance, v.Filters)
	for ph, floor := range model.PhaseFloors {
		v.Phases = append(v.Phases, phase{ph, floor, model.PhaseNames[ph], fmt.Sprintf("Stock%d", floor)})
	}
	v.Last = v.Phases[len(v.Phases)-1]
	for r := range gin.Rank(gin.NumRanks) {
		v.Ranks = append(v.Ranks, r.String())
	}
	for g := range w.KeepValues.MeldProbability {
		v.MeldProbability = append(v.MeldProbability, rows(w.KeepValues.MeldProbability[g][:]))
	}
	v.KnockWin = rows(w.KnockPolicy.WinProbability[:])
	v.KnockValue = rows(w.KnockPolicy.Value[:])
	v.HandValue = rows(w.HandValues.Value[:])
	v.RankGroups, v.Relations = w.KeepValues.RankGroups[:], w.KeepValues.Relations[:]
	o := &w.Opponent
	v.CallRate, v.GinShare, v.KnockDeadwood = o.CallRate[:], o.GinShare[:], o.KnockDeadwood[:]
	if w.Inference != nil && w.HandPolicy != nil && w.RaceValues != nil {
		v.Inf, v.StockSize = w.Inference, gin.StockSize
		hp := w.HandPolicy
		v.TakeRelations = hp.Relations[:]
		v.TakeRate, v.CallRateByDW, v.BestDiscard = rows(hp.TakeRate[:]), rows(hp.CallRate[:]), hp.BestDiscardRate[:]
		v.RaceFloors = model.RaceFloors[:]
		for d := range w.RaceValues.Value {
			v.Race = append(v.Race, rows(w.RaceValues.Value[d][:]))
		}
	}
	return v, nil
}

// rows turns a table of phase rows into slices.
func rows[T ~[model.NumPhases]float64](t []T) [][]float64 {
	out := make([][]float64, len(t))
	for i := range t {
		out[i] = t[i][:]
	}
	return out
}

// provenance says what the weights were fitted on, in one sentence; the
// filters are sorted by name.
func provenance(p *model.Provenance, filters [][2]string) string {
	if !p.Fitted {
		return "default weights (not fitted)"
	}
	list := join(filters, func(f [2]string) string { return f[0] + "=" + f[1] })
	return fmt.Sprintf("fitted %s from %d games, %d rounds, %d plays (%s), schema version %d",
		p.CreatedAt.UTC().Format("2006-01-02 15:04:05 UTC"), p.Games, p.Rounds, p.Plays, list, p.SchemaVersion)
}
