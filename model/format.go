package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"
)

// MaxFileSize is the largest weights file Read accepts. A fitted file is
// about 35 KB.
const MaxFileSize = 4 << 20

// ReadError is a weights file that Read refused, located by line and column
// (a JSON syntax or type error) or by the path of the field at fault (a
// missing field, a table of the wrong shape, a number out of range).
type ReadError struct {
	File   string
	Line   int    // 1-based; 0 when the error is located by Field
	Column int    // 1-based byte column
	Field  string // e.g. knock_policy.win_probability[3][2]
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

// ErrVersion is the error of a weights file of another format or version:
// it has to be fitted again.
var ErrVersion = errors.New("not a weights file of this version")

// ErrNoInference is the error of weights without the inference model
// (format version 2) where it is needed: by the sampled and rollout
// players (players/tuned), the inference report and fit --evaluate.
var ErrNoInference = errors.New("the weights have no inference model (format version 2): fit them again")

// Save writes w as indented JSON.
func (w *Weights) Save(out io.Writer) error { return WriteJSON(out, w, "weights") }

// WriteJSON writes v, a file format's struct, as the indented JSON every
// weights file is written in; what names it in the error.
func WriteJSON(out io.Writer, v any, what string) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write %s: %w", what, err)
	}
	return nil
}

// Read decodes and checks a weights file; name is used in errors, which
// are *ReadError. It refuses unknown fields, missing fields, tables of
// another shape, anything after the JSON object, numbers out of range and
// names that are not the format's (Validate).
func Read(r io.Reader, name string) (*Weights, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &ReadError{File: name, Err: err}
	}
	if len(data) > MaxFileSize {
		return nil, &ReadError{File: name, Err: fmt.Errorf("larger than %d bytes: not a weights file", MaxFileSize)}
	}
	var w Weights
	if err := DecodeJSON(name, data, &w, "weights"); err != nil {
		return nil, err
	}
	if w.Format != FormatName || w.Version < MinFormatVersion || w.Version > FormatVersion {
		return nil, &ReadError{File: name, Err: fmt.Errorf("%w: format %q version %d, want %q version %d to %d (run ginlog fit again)",
			ErrVersion, w.Format, w.Version, FormatName, MinFormatVersion, FormatVersion)}
	}
	if err := CheckShape(name, data, reflect.TypeFor[Weights]()); err != nil {
		return nil, err
	}
	if err := w.Validate(); err != nil {
		return nil, Located(name, err)
	}
	return &w, nil
}

// DecodeJSON decodes data, the whole of the file name, into v, a file
// format's struct: it refuses unknown fields and anything but white space
// after the object (what names the object in that error), and its errors
// are *ReadError, located by line and column. A number too large for its
// field is said in the words of Validate, counts bounded by MaxCount.
func DecodeJSON(name string, data []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return locate(name, data, err)
	}
	rest := dec.InputOffset()
	for rest < int64(len(data)) && strings.IndexByte(" \t\r\n", data[rest]) >= 0 {
		rest++
	}
	if rest < int64(len(data)) {
		line, col := position(data, rest)
		return &ReadError{File: name, Line: line, Column: col, Err: fmt.Errorf("data after the %s object", what)}
	}
	return nil
}

// CheckShape checks data, a file DecodeJSON read into a value of type t,
// on its generic form: the typed decode fills short arrays with zeros,
// drops the extra elements of long ones and takes null for zero. Every
// field must be present (pointers aside) and every array of exactly t's
// length with no null; the error is a *ReadError naming the first field at
// fault.
func CheckShape(name string, data []byte, t reflect.Type) error {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return locate(name, data, err)
	}
	if field, err := checkShape(doc, t, ""); err != nil {
		return &ReadError{File: name, Field: field, Err: err}
	}
	return nil
}

// Located returns a Validate error of file name as a *ReadError, at its
// field when it is a *FieldError.
func Located(name string, err error) error {
	var fe *FieldError
	if errors.As(err, &fe) {
		return &ReadError{File: name, Field: fe.Field, Err: fe.Err}
	}
	return &ReadError{File: name, Err: err}
}

// locate turns a JSON error into a ReadError at its line and column.
func locate(name string, data []byte, err error) error {
	var offset int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch { // both offsets count the bytes read when the error occurred
	case errors.As(err, &se):
		offset = se.Offset - 1
	case errors.As(err, &te):
		offset = te.Offset - 1
		err = numberError(te, err)
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

// numberError returns the error of a JSON number that its field's type
// cannot hold (a float64 beyond ±1.8e308, a count with a fraction or
// beyond int) in the words of Validate, naming the field (a table, for
// an entry of one); any other type error as it is.
func numberError(te *json.UnmarshalTypeError, err error) error {
	num, ok := strings.CutPrefix(te.Value, "number ")
	if !ok || te.Field == "" {
		return err
	}
	switch te.Type.Kind() {
	case reflect.Float64:
		return fmt.Errorf("%s: %s %w (want a finite number)", te.Field, num, ErrRange)
	case reflect.Int:
		if te.Field == "version" || strings.HasSuffix(te.Field, ".version") {
			return fmt.Errorf("%s: %s %w (want a whole number)", te.Field, num, ErrRange)
		}
		return fmt.Errorf("%s: %s %w (want a whole number from 0 to %d)", te.Field, num, ErrRange, MaxCount)
	}
	return err
}

// position returns the 1-based line and byte column of offset in data.
func position(data []byte, offset int64) (line, col int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte("\n"))
	return line, int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}

// checkShape checks that doc, a decoded JSON value, has every field of
// type t and arrays of exactly t's lengths. It returns the path of the
// first field at fault. A pointer field may be missing (the sections of
// one format version only: Validate checks them).
func checkShape(doc any, t reflect.Type, path string) (string, error) {
	switch t.Kind() {
	case reflect.Pointer:
		if doc == nil {
			return "", nil
		}
		return checkShape(doc, t.Elem(), path)
	case reflect.Struct:
		if t == reflect.TypeFor[time.Time]() {
			return "", nil
		}
		obj, ok := doc.(map[string]any)
		if !ok {
			return path, errors.New("want an object")
		}
		for i := range t.NumField() {
			f := t.Field(i)
			key := jsonName(f)
			sub := key
			if path != "" {
				sub = path + "." + key
			}
			v, ok := obj[key]
			if !ok && f.Type.Kind() == reflect.Pointer {
				continue
			}
			if !ok {
				return sub, errors.New("missing")
			}
			if p, err := checkShape(v, f.Type, sub); err != nil {
				return p, err
			}
		}
	case reflect.Array, reflect.Slice:
		arr, ok := doc.([]any)
		if !ok {
			return path, errors.New("want an array")
		}
		if t.Kind() == reflect.Array && len(arr) != t.Len() {
			return path, fmt.Errorf("%d elements, want %d", len(arr), t.Len())
		}
		switch t.Elem().Kind() {
		case reflect.Float64, reflect.Int:
			// The typed decode checked the elements' types, but for null.
			for i, v := range arr {
				if v == nil {
					return fmt.Sprintf("%s[%d]", path, i), fmt.Errorf("null %w (want a number)", ErrRange)
				}
			}
			return "", nil
		case reflect.String:
			return "", nil
		}
		for i, v := range arr {
			if p, err := checkShape(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return p, err
			}
		}
	case reflect.Map:
		if _, ok := doc.(map[string]any); !ok {
			return path, errors.New("want an object")
		}
	case reflect.Float64, reflect.Int:
		if doc == nil {
			return path, fmt.Errorf("null %w (want a number)", ErrRange)
		}
	}
	return "", nil
}

// jsonName returns the JSON key of a struct field.
func jsonName(f reflect.StructField) string {
	if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" {
		return name
	}
	return f.Name
}
