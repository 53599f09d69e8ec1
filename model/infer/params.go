package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

// ParamsVersion is the version of the Params format. A reader refuses
// any other: the tables' meaning is tied to it.
const ParamsVersion = 1

// Params are a model's parameters: the tables that score each unseen card
// (see the package comment for how scores become probabilities), and what
// they were fitted on. Every table is a list of rows of numbers with the
// shape its doc gives; Validate checks shapes and values.
type Params struct {
	Version int    `json:"version"`
	Doc     string `json:"doc"`
	// Rank[phase][rank]: the card's rank (A..K), by phase.
	Rank [][]float64 `json:"rank"`
	// Live[phase][n]: n, 0-4, how many melds of three through the card
	// have no card held by the player or lying in the discard pile.
	Live [][]float64 `json:"live"`
	// Known[relation][n]: how many of the opponent's known cards are of
	// the card's rank, of its suit one rank away, two ranks away (rows 0-2),
	// and how many melds of three the card completes with them (row 3); n
	// is 0, 1 or 2 and more.
	Known [][]float64 `json:"known"`
	// Refused[relation][n]: how many face-up cards in that relation to the
	// card the opponent refused (drew from the stock instead), 0, 1, 2+.
	Refused [][]float64 `json:"refused"`
	// Discarded[relation][n]: how many cards in that relation to the card
	// the opponent discarded, 0, 1, 2+.
	Discarded [][]float64 `json:"discarded"`
	// Last[event][relation]: the card's relation (none, rank, adjacent,
	// gap) to the last card the opponent refused (row 0) and to its last
	// discard (row 1).
	Last [][]float64 `json:"last"`
	// DiscardPoints[discard*6+difference][open]: the card's points less
	// those of the opponent's last discard (discard 0) and of the one
	// before (discard 1), binned, by the open melds through the card (0,
	// 1, 2+).
	DiscardPoints [][]float64 `json:"discard_points"`
	// DiscardRank[difference][open]: the card's rank less that of the
	// opponent's last discard, binned as for DiscardPoints, by the open
	// melds through the card.
	DiscardRank [][]float64 `json:"discard_rank"`
	// Games and Decisions count what the parameters were fitted on: the
	// games, and the decisions whose opponent hands were the labels.
	Games     int `json:"games"`
	Decisions int `json:"decisions"`
}

// ErrParams is wrapped by every error that rejects parameters.
var ErrParams = errors.New("invalid inference parameters")

// ErrRange is wrapped by the error of a number out of its range.
var ErrRange = errors.New("out of range")

// The bounds of the parameters, which Validate checks.
//
// A table entry is a log-odds term: MaxWeight is 100, a factor of e^100
// (about 10^43) on a card's odds. Fitted entries stay within a few units
// (-1.9 to +3.7 on the real logs, -0.9 to +1.4 on the sample; by estimate,
// an entry the data push without end stops near 10 to 15, where the fit's
// L2 penalty balances its gradient), and Marginals already treats a card
// scored 50 below the top as all but impossible: no meaningful entry comes
// near the bound, yet a score, the sum of Lookups entries, stays within
// 1,700 of zero, far from overflowing exp or a sum.
//
// A count (Games, Decisions) is at most MaxCount, a trillion: ten
// thousand times the decisions of a corpus of a million games, and small
// enough that sums of counts stay exact in a float64.
//
// A nonzero entry is at least the least normal float64 (2^-1022) in
// magnitude: below it float64 keeps fewer digits (subnormal numbers), and
// nothing a fit computes lands there.
const (
	MaxWeight = 100
	MaxCount  = 1_000_000_000_000
	minNormal = 0x1p-1022
)

// FieldError is a field of the parameters that is not what the format
// says: a table of the wrong shape, a number out of range. Field is its
// JSON path (rank[0][3], live[2], games); the error wraps ErrParams.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return ErrParams.Error() + ": " + e.Field + ": " + e.Err.Error() }

func (e *FieldError) Unwrap() []error { return []error{ErrParams, e.Err} }

// fieldErrorf returns a *FieldError of field.
func fieldErrorf(field, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// weightInRange reports whether table entry v is 0 or a normal float64 in
// [-MaxWeight, MaxWeight].
func weightInRange(v float64) bool {
	return v >= -MaxWeight && v <= MaxWeight && (v == 0 || math.Abs(v) >= minNormal)
}

// weightError returns the error of table entry v of field, out of range.
func weightError(field string, v float64) error {
	if !(v >= -MaxWeight && v <= MaxWeight) { // NaN too
		return fieldErrorf(field, "%v %w (want %v to %v)", v, ErrRange, -MaxWeight, MaxWeight)
	}
	return fieldErrorf(field, "%v %w (want 0, or %v to %v in magnitude)", v, ErrRange, minNormal, MaxWeight)
}

// Doc describes the model for a reader of the parameters file.
var Doc = "P(the opponent holds card c), for each card c not seen: z(c) = the sum of the tables' entries for c; " +
	"the opponent's unknown cards are a set S with P(S) proportional to the product of exp(z(c)) over S, of the size " +
	"the player knows (ten less the cards it took face up and kept); the probabilities are that distribution's " +
	"inclusion probabilities (conditional Bernoulli). Cards taken face up and kept: 1; held or in the pile: 0. " +
	"Phases by stock left: " + strings.Join(phaseNames[:], ", ") + ". Tables: " + tableDocs() + "."

func tableDocs() string {
	docs := make([]string, NumTables)
	for t, spec := range tables {
		docs[t] = spec.doc
	}
	return strings.Join(docs, "; ")
}

// NewParams returns parameters with every table at zero: the uniform
// model, which gives each unseen card the same probability.
func NewParams() *Params { return fromVector(make([]float64, NumWeights)) }

// table returns a pointer to table t of p.
func (p *Params) table(t int) *[][]float64 {
	switch t {
	case TableRank:
		return &p.Rank
	case TableLive:
		return &p.Live
	case TableKnown:
		return &p.Known
	case TableRefused:
		return &p.Refused
	case TableDiscarded:
		return &p.Discarded
	case TableLast:
		return &p.Last
	case TableDiscardPoints:
		return &p.DiscardPoints
	}
	return &p.DiscardRank
}

// Validate checks the version, every table's shape, that every entry is
// 0 or a normal number within MaxWeight, and the counts within MaxCount.
// Its errors are *FieldError.
func (p *Params) Validate() error {
	if p.Version != ParamsVersion {
		return fieldErrorf("version", "%d, want %d", p.Version, ParamsVersion)
	}
	for _, c := range []struct {
		field string
		n     int
	}{{"games", p.Games}, {"decisions", p.Decisions}} {
		if c.n < 0 || c.n > MaxCount {
			return fieldErrorf(c.field, "%d %w (want 0 to %d)", c.n, ErrRange, MaxCount)
		}
	}
	for t, spec := range tables {
		rows := *p.table(t)
		if len(rows) != spec.rows {
			return fieldErrorf(spec.name, "%d rows, want %d", len(rows), spec.rows)
		}
		for i, row := range rows {
			if len(row) != spec.cols {
				return fieldErrorf(fmt.Sprintf("%s[%d]", spec.name, i), "%d entries, want %d", len(row), spec.cols)
			}
			for j, v := range row {
				if !weightInRange(v) {
					return weightError(fmt.Sprintf("%s[%d][%d]", spec.name, i, j), v)
				}
			}
		}
	}
	return nil
}

// Vector returns the tables as one weight vector of NumWeights entries,
// table after table, row after row. p must be valid.
func (p *Params) Vector() []float64 {
	w := make([]float64, 0, NumWeights)
	for t := range NumTables {
		for _, row := range *p.table(t) {
			w = append(w, row...)
		}
	}
	return w
}

// ParamsFromVector returns the parameters whose tables hold weight vector
// w (as Vector lays it out), with the current version and Doc.
func ParamsFromVector(w []float64) (*Params, error) {
	if len(w) != NumWeights {
		return nil, fmt.Errorf("%w: %d weights, want %d", ErrParams, len(w), NumWeights)
	}
	p := fromVector(w)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// fromVector lays out w, of NumWeights entries, as tables.
func fromVector(w []float64) *Params {
	p := &Params{Version: ParamsVersion, Doc: Doc}
	for t, spec := range tables {
		rows := make([][]float64, spec.rows)
		for i := range rows {
			start := offsets[t] + i*spec.cols
			rows[i] = append([]float64(nil), w[start:start+spec.cols]...)
		}
		*p.table(t) = rows
	}
	return p
}

// Write writes p as indented JSON.
func (p *Params) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

// ReadParams decodes and validates parameters written by Write; name is
// used in errors. Unknown fields, trailing data and invalid tables are
// refused; a syntax error is located as name:line:column.
func ReadParams(r io.Reader, name string) (*Params, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Params
	if err := dec.Decode(&p); err != nil {
		return nil, locate(name, data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s:%s: %w: data after the parameters", name, position(data, dec.InputOffset()), ErrParams)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &p, nil
}

// locate prefixes a decoding error with name and, for a syntax or type
// error, the line and column where it happened.
func locate(name string, data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("%s:%s: %w: %w", name, position(data, syntax.Offset), ErrParams, err)
	case errors.As(err, &typ):
		return fmt.Errorf("%s:%s: %w: %w", name, position(data, typ.Offset), ErrParams, err)
	}
	return fmt.Errorf("%s: %w: %w", name, ErrParams, err)
}

// position returns the line and column, from 1, of byte offset off of
// data as "line:column".
func position(data []byte, off int64) string {
	off = max(0, min(off, int64(len(data))))
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col)
}
