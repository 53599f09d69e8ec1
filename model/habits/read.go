package habits

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/ginlog/ginlog/model"
)

// MaxFileSize is the largest weights file Read accepts. A fitted file is
// about 3 KB.
const MaxFileSize = 1 << 20

// MaxCount bounds every count of the weights: a trillion, far more than
// the plays of a million games, so that sums of counts stay exact in a
// float64.
const MaxCount = 1_000_000_000_000

// ErrVersion is the error of a file of another format or version.
var ErrVersion = errors.New("not a Hearts weights file of this version")

// ErrRange is wrapped by the error of a count out of its range or
// inconsistent with the others.
var ErrRange = errors.New("out of range")

// ReadError is a weights file Read refused, located by line and column (a
// JSON error) or by the path of the field at fault.
type ReadError struct {
	File   string
	Line   int // 1-based; 0 when located by Field
	Column int
	Field  string // e.g. dump.cases[3][1]
	Err    error
}

func (e *ReadError) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
	case e.Field != "":
		return fmt.Sprintf("%s: %s: %v", e.File, e.Field, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// FieldError is a field of the weights that is not what the format says.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

func (e *FieldError) Unwrap() error { return e.Err }

// Write writes w as indented JSON.
func (w *Weights) Write(out io.Writer) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return fmt.Errorf("write Hearts weights: %w", err)
	}
	return nil
}

// Read decodes and checks a Hearts weights file; name is used in errors,
// which are *ReadError. It refuses a file larger than MaxFileSize, unknown
// or missing fields, tables of another shape, anything after the JSON
// object, another format or version, and counts Validate refuses.
func Read(r io.Reader, name string) (*Weights, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &ReadError{File: name, Err: err}
	}
	if len(data) > MaxFileSize {
		return nil, &ReadError{File: name, Err: fmt.Errorf("larger than %d bytes: not a Hearts weights file", MaxFileSize)}
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(data, &head) == nil && (head.Format != FormatName || head.Version != FormatVersion) {
		return nil, &ReadError{File: name, Err: versionError(head.Format, head.Version)}
	}
	var w Weights
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, locate(name, data, err)
	}
	if rest := skipSpace(data, dec.InputOffset()); rest < int64(len(data)) {
		line, col := position(data, rest)
		return nil, &ReadError{File: name, Line: line, Column: col, Err: errors.New("data after the weights object")}
	}
	if w.Format != FormatName || w.Version != FormatVersion {
		return nil, &ReadError{File: name, Err: versionError(w.Format, w.Version)}
	}
	if field, err := checkShape(data); err != nil {
		return nil, &ReadError{File: name, Field: field, Err: err}
	}
	if err := w.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, &ReadError{File: name, Field: fe.Field, Err: fe.Err}
		}
		return nil, &ReadError{File: name, Err: err}
	}
	return &w, nil
}

// versionError is the error of a file of another format or version.
func versionError(format string, version int) error {
	if format == model.FormatName {
		return fmt.Errorf("%w: Gin weights (format %q, for tuned:PATH); mc:PATH wants the Hearts habits of ginlog fit --game hearts",
			ErrVersion, format)
	}
	return fmt.Errorf("%w: format %q version %d, want %q version %d (run ginlog fit --game hearts)",
		ErrVersion, format, version, FormatName, FormatVersion)
}

// Validate checks what the types cannot: the kinds' names are the
// format's, every count is in [0, MaxCount], each mask's cases sum to its
// opportunities with none of a kind outside the mask, and mask 0 holds
// nothing. The first fault is a *FieldError.
func (w *Weights) Validate() error {
	if w.Format != FormatName || w.Version != FormatVersion {
		return &FieldError{"format", fmt.Errorf("%w: %q version %d", ErrVersion, w.Format, w.Version)}
	}
	p := &w.Provenance
	for _, f := range []struct {
		name string
		n    int
	}{{"provenance.games", p.Games}, {"provenance.hands", p.Hands}, {"provenance.plays", p.Plays}} {
		if f.n < 0 || f.n > MaxCount {
			return &FieldError{f.name, fmt.Errorf("%d %w (want 0 to %d)", f.n, ErrRange, MaxCount)}
		}
	}
	if err := w.Dump.validate("dump", DumpKindNames); err != nil {
		return err
	}
	return w.Lead.validate("lead", LeadKindNames)
}

// validate checks one table named name.
func (t *Table) validate(name string, kinds [NumKinds]string) error {
	if t.Kinds != kinds {
		return &FieldError{name + ".kinds", fmt.Errorf("%q, want %q", t.Kinds, kinds)}
	}
	for m := range NumMasks {
		opp := t.Opportunities[m]
		field := fmt.Sprintf("%s.opportunities[%d]", name, m)
		switch {
		case opp < 0 || opp > MaxCount:
			return &FieldError{field, fmt.Errorf("%d %w (want 0 to %d)", opp, ErrRange, MaxCount)}
		case m == 0 && opp != 0:
			return &FieldError{field, fmt.Errorf("%d %w (want 0: mask 0 is no set of kinds)", opp, ErrRange)}
		}
		sum := 0
		for k, n := range t.Cases[m] {
			field := fmt.Sprintf("%s.cases[%d][%d]", name, m, k)
			switch {
			case n < 0 || n > MaxCount:
				return &FieldError{field, fmt.Errorf("%d %w (want 0 to %d)", n, ErrRange, MaxCount)}
			case n != 0 && m&(1<<k) == 0:
				return &FieldError{field, fmt.Errorf("%d %w (want 0: kind %d %q is not in mask %d)", n, ErrRange, k, kinds[k], m)}
			}
			sum += n
		}
		if sum != opp {
			return &FieldError{fmt.Sprintf("%s.cases[%d]", name, m),
				fmt.Errorf("%d cases %w: want as many as the %d opportunities of mask %d (popcount %d)", sum, ErrRange, opp, m, bits.OnesCount(uint(m)))}
		}
	}
	return nil
}

// checkShape checks, on the generic form of the file, what the typed
// decode lets pass: every field present, and the tables' arrays of exactly
// their lengths (the decode fills short arrays with zeros) with no null.
func checkShape(data []byte) (string, error) {
	var doc struct {
		Format, Version, Doc, Provenance *json.RawMessage
		Dump, Lead                       *tableShape
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return "", err
	}
	for _, f := range []struct {
		name string
		ok   bool
	}{{"format", doc.Format != nil}, {"version", doc.Version != nil}, {"doc", doc.Doc != nil},
		{"provenance", doc.Provenance != nil}, {"dump", doc.Dump != nil}, {"lead", doc.Lead != nil}} {
		if !f.ok {
			return f.name, errors.New("missing")
		}
	}
	for _, named := range []struct {
		name string
		t    *tableShape
	}{{"dump", doc.Dump}, {"lead", doc.Lead}} {
		name, t := named.name, named.t
		switch {
		case t.Doc == nil:
			return name + ".doc", errors.New("missing")
		case t.Kinds == nil:
			return name + ".kinds", errors.New("missing")
		case t.Opportunities == nil || len(*t.Opportunities) != NumMasks:
			return name + ".opportunities", fmt.Errorf("want an array of %d counts", NumMasks)
		case t.Cases == nil || len(*t.Cases) != NumMasks:
			return name + ".cases", fmt.Errorf("want an array of %d arrays of %d counts", NumMasks, NumKinds)
		}
		for m, n := range *t.Opportunities {
			if n == nil {
				return fmt.Sprintf("%s.opportunities[%d]", name, m), fmt.Errorf("null %w (want a count)", ErrRange)
			}
		}
		for m, row := range *t.Cases {
			if row == nil || len(*row) != NumKinds {
				return fmt.Sprintf("%s.cases[%d]", name, m), fmt.Errorf("want an array of %d counts", NumKinds)
			}
			for k, n := range *row {
				if n == nil {
					return fmt.Sprintf("%s.cases[%d][%d]", name, m, k), fmt.Errorf("null %w (want a count)", ErrRange)
				}
			}
		}
	}
	return "", nil
}

// tableShape is a table as checkShape reads it: nil for what is missing.
type tableShape struct {
	Doc, Kinds    *json.RawMessage
	Opportunities *[]*int
	Cases         *[]*[]*int
}

// locate turns a JSON error into a ReadError at its line and column.
func locate(name string, data []byte, err error) error {
	var offset int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset - 1
	case errors.As(err, &te):
		offset = te.Offset - 1
		if num, ok := strings.CutPrefix(te.Value, "number "); ok && te.Field != "" {
			err = fmt.Errorf("%s: %s %w (want a whole number from 0 to %d)", te.Field, num, ErrRange, MaxCount)
		}
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		offset = int64(len(data))
		err = errors.New("unexpected end of the file")
	}
	if offset < 0 {
		return &ReadError{File: name, Err: err}
	}
	line, col := position(data, offset)
	return &ReadError{File: name, Line: line, Column: col, Err: err}
}

// skipSpace returns the offset of the first byte of data at or after i
// that is not JSON white space.
func skipSpace(data []byte, i int64) int64 {
	for i < int64(len(data)) && strings.IndexByte(" \t\r\n", data[i]) >= 0 {
		i++
	}
	return i
}

// position returns the 1-based line and byte column of offset in data.
func position(data []byte, offset int64) (line, col int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte("\n"))
	return line, int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}
