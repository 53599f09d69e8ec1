package habits

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"reflect"

	"github.com/ginlog/ginlog/model"
)

// MaxFileSize is the largest weights file Read accepts. A fitted file is
// about 3 KB.
const MaxFileSize = 1 << 20

// MaxCount bounds every count of the weights: a trillion, far more than
// the plays of a million games, so that sums of counts stay exact in a
// float64.
const MaxCount = model.MaxCount

// ErrVersion is the error of a file of another format or version.
var ErrVersion = errors.New("not a Hearts weights file of this version")

// ErrRange is wrapped by the error of a count out of its range or
// inconsistent with the others: the Gin weights' (model.ErrRange).
var ErrRange = model.ErrRange

// ReadError is a weights file Read refused, located by line and column (a
// JSON error) or by the path of the field at fault: the Gin weights' type.
type ReadError = model.ReadError

// FieldError is a field of the weights that is not what the format says.
type FieldError = model.FieldError

// Write writes w as indented JSON.
func (w *Weights) Write(out io.Writer) error { return model.WriteJSON(out, w, "Hearts weights") }

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
	// Another format or version is said before the strict decode, whose
	// error would be an unknown field; a file this fails to read, the
	// strict decode refuses too.
	if json.Unmarshal(data, &head) == nil && (head.Format != FormatName || head.Version != FormatVersion) {
		return nil, &ReadError{File: name, Err: versionError(head.Format, head.Version)}
	}
	var w Weights
	if err := model.DecodeJSON(name, data, &w, "weights"); err != nil {
		return nil, err
	}
	if err := model.CheckShape(name, data, reflect.TypeFor[Weights]()); err != nil {
		return nil, err
	}
	if err := w.Validate(); err != nil {
		return nil, model.Located(name, err)
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
		return &FieldError{Field: "format", Err: fmt.Errorf("%w: %q version %d", ErrVersion, w.Format, w.Version)}
	}
	p := &w.Provenance
	for _, f := range []struct {
		name string
		n    int
	}{{"provenance.games", p.Games}, {"provenance.hands", p.Hands}, {"provenance.plays", p.Plays}} {
		if f.n < 0 || f.n > MaxCount {
			return &FieldError{Field: f.name, Err: fmt.Errorf("%d %w (want 0 to %d)", f.n, ErrRange, MaxCount)}
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
		return &FieldError{Field: name + ".kinds", Err: fmt.Errorf("%q, want %q", t.Kinds, kinds)}
	}
	for m := range NumMasks {
		opp := t.Opportunities[m]
		field := fmt.Sprintf("%s.opportunities[%d]", name, m)
		switch {
		case opp < 0 || opp > MaxCount:
			return &FieldError{Field: field, Err: fmt.Errorf("%d %w (want 0 to %d)", opp, ErrRange, MaxCount)}
		case m == 0 && opp != 0:
			return &FieldError{Field: field, Err: fmt.Errorf("%d %w (want 0: mask 0 is no set of kinds)", opp, ErrRange)}
		}
		sum := 0
		for k, n := range t.Cases[m] {
			field := fmt.Sprintf("%s.cases[%d][%d]", name, m, k)
			switch {
			case n < 0 || n > MaxCount:
				return &FieldError{Field: field, Err: fmt.Errorf("%d %w (want 0 to %d)", n, ErrRange, MaxCount)}
			case n != 0 && m&(1<<k) == 0:
				return &FieldError{Field: field, Err: fmt.Errorf("%d %w (want 0: kind %d %q is not in mask %d)", n, ErrRange, k, kinds[k], m)}
			}
			sum += n
		}
		if sum != opp {
			return &FieldError{Field: fmt.Sprintf("%s.cases[%d]", name, m),
				Err: fmt.Errorf("%d cases %w: want as many as the %d opportunities of mask %d (popcount %d)", sum, ErrRange, opp, m, bits.OnesCount(uint(m)))}
		}
	}
	return nil
}
