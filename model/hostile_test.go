package model_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testweights"
	"github.com/ginlog/ginlog/model"
)

// sampleLeaves returns, of every table of the weights, its first and last
// number (the first only with -short): what the hostile values are
// written into.
func sampleLeaves(t testing.TB, leaves []testweights.Leaf) []testweights.Leaf {
	t.Helper()
	byTable := map[string][]testweights.Leaf{}
	var tables []string
	for _, l := range leaves {
		if byTable[l.Table] == nil {
			tables = append(tables, l.Table)
		}
		byTable[l.Table] = append(byTable[l.Table], l)
	}
	var out []testweights.Leaf
	for _, name := range tables {
		ls := byTable[name]
		out = append(out, ls[0])
		if len(ls) > 1 && !testing.Short() {
			out = append(out, ls[len(ls)-1])
		}
	}
	return out
}

// refusal matches the one line a number out of range is refused with:
// located by its field (Validate), or by line and column and its table (a
// number its type cannot hold).
var refusal = regexp.MustCompile(`^w\.json(:\d+:\d+)?: ([a-z_.\[\]0-9]+): (\S+) out of range \(want [^\n]+\)$`)

// TestReadRefusesHostile writes each of testweights.Hostile into the
// first and last number of every table of the weights (the
// inference model's included): each number out of its range is refused
// with one line naming the field and the number, and wraps
// model.ErrRange; each in range is read.
func TestReadRefusesHostile(t *testing.T) {
	w := model.Defaults()
	leaves, err := testweights.Leaves(w)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := testweights.Doc(w)
	if err != nil {
		t.Fatal(err)
	}
	tried, refused, tables := 0, 0, map[string]bool{}
	for _, l := range sampleLeaves(t, leaves) {
		tables[l.Table] = true
		for _, num := range testweights.Hostile {
			data, err := testweights.With(doc, l.Path, num)
			if err != nil {
				t.Fatal(err)
			}
			tried++
			got, err := model.Read(bytes.NewReader(data), "w.json")
			if testweights.Accepts(l, num) {
				if err != nil {
					t.Errorf("%s = %s, in range: %v", l.Field, num, err)
				}
				if got != nil && !strings.Contains(string(saved(t, got)), num) {
					t.Errorf("%s = %s, read as something else", l.Field, num)
				}
				continue
			}
			refused++
			if err == nil {
				t.Errorf("%s = %s accepted, want refused", l.Field, num)
				continue
			}
			m := refusal.FindStringSubmatch(err.Error())
			switch {
			case m == nil:
				t.Errorf("%s = %s: error %q, want one line FILE: FIELD: VALUE out of range (want ...)", l.Field, num, err)
			case m[1] == "" && m[2] != l.Field, m[1] != "" && m[2] != l.Table:
				t.Errorf("%s = %s: error %q names %s", l.Field, num, err, m[2])
			case !sameNumber(m[3], num):
				t.Errorf("%s = %s: error %q names the number %s", l.Field, num, err, m[3])
			case !errors.Is(err, model.ErrRange):
				t.Errorf("%s = %s: error %q is not a model.ErrRange", l.Field, num, err)
			}
		}
	}
	t.Logf("%d hostile numbers tried in %d fields of %d tables: %d refused out of range, %d in range and read", tried,
		len(sampleLeaves(t, leaves)), len(tables), refused, tried-refused)
}

// sameNumber reports whether the number an error prints is num.
func sameNumber(printed, num string) bool {
	if printed == num {
		return true
	}
	a, errA := strconv.ParseFloat(printed, 64)
	b, errB := strconv.ParseFloat(num, 64)
	return errA == nil && errB == nil && a == b
}

func saved(t testing.TB, w *model.Weights) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadsEdges: weights whose every number lies at an edge of its
// range read back as they were saved, and what is computed from them is
// a number (CheckComputed).
func TestReadsEdges(t *testing.T) {
	edges, err := testweights.Edges()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		t.Run(e.Name, func(t *testing.T) {
			b := saved(t, e.W)
			w, err := model.Read(bytes.NewReader(b), "w.json")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(saved(t, w), b) {
				t.Error("read back different")
			}
			model.CheckComputed(t, w)
		})
	}
}

// FuzzReadEdits edits the numbers of weights at the edges of their ranges
// (testweights.Edges) and reads the file: Read refuses it exactly when an
// edited number is out of its range by testweights.Accepts, the oracle
// written apart from Validate, with one line wrapping model.ErrRange; what
// it accepts is computed on (CheckSection, for the sections edited)
// without a NaN, an infinity or a chance out of [0, 1]. An edit is 11 bytes: the number's index (two),
// how the value is made (one: from its bits, near the least or the
// highest of its range by a number of ulps, near zero, or within the
// range) and eight bytes.
func FuzzReadEdits(f *testing.F) {
	edges, err := testweights.Edges()
	if err != nil {
		f.Fatal(err)
	}
	leaves, err := testweights.Leaves(model.Defaults())
	if err != nil {
		f.Fatal(err)
	}
	docs := make([]map[string]any, len(edges))
	for i, e := range edges {
		if docs[i], err = testweights.Doc(e.W); err != nil {
			f.Fatal(err)
		}
	}
	edit := func(leaf uint16, mode byte, v uint64) []byte {
		b := binary.BigEndian.AppendUint16(nil, leaf)
		return binary.BigEndian.AppendUint64(append(b, mode), v)
	}
	f.Add(uint8(0), []byte{})
	f.Add(uint8(1), edit(0, 1, 0))
	f.Add(uint8(2), edit(3000, 2, 1))
	f.Add(uint8(3), append(edit(7000, 3, 0), edit(100, 0, math.Float64bits(1e308))...))
	f.Add(uint8(4), edit(6900, 4, 1<<63))
	f.Fuzz(func(t *testing.T, variant uint8, edits []byte) {
		doc := docs[int(variant)%len(docs)]
		var (
			edited []int // the leaves edited, in order; one edited twice keeps its last value
			paths  [][]any
			values []string
		)
		for ; len(edits) >= 11 && len(values) < 8; edits = edits[11:] {
			i := int(binary.BigEndian.Uint16(edits)) % len(leaves)
			num := number(leaves[i], edits[2], binary.BigEndian.Uint64(edits[3:]))
			if k := slices.Index(edited, i); k >= 0 {
				values[k] = num
				continue
			}
			edited, paths, values = append(edited, i), append(paths, leaves[i].Path), append(values, num)
		}
		want := true
		for k, i := range edited {
			want = want && testweights.Accepts(leaves[i], values[k])
		}
		data, err := testweights.WithAll(doc, paths, values)
		if err != nil {
			t.Fatal(err)
		}
		w, err := model.Read(bytes.NewReader(data), "w.json")
		switch {
		case want && err != nil:
			t.Fatalf("edits %v in range, yet refused: %v", values, err)
		case !want && err == nil:
			t.Fatalf("edits %v out of range, yet read", values)
		case err != nil:
			if !refusal.MatchString(err.Error()) || !errors.Is(err, model.ErrRange) {
				t.Fatalf("edits %v: error %q", values, err)
			}
			return
		}
		// The variants' computations are checked whole (TestReadsEdges):
		// only the sections edited can change them.
		for _, section := range sections(paths) {
			model.CheckSection(t, w, section)
		}
	})
}

// sections returns the sections of the weights, as the file names them,
// that paths lie in, each once.
func sections(paths [][]any) []string {
	var out []string
	for _, p := range paths {
		if s := p[0].(string); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// number makes the JSON text of a value for leaf l from an edit's mode and
// bits.
func number(l testweights.Leaf, mode byte, bits uint64) string {
	ulps := float64(int8(bits)) // a few ulps either way
	var v float64
	switch mode % 5 {
	case 0:
		v = math.Float64frombits(bits)
	case 1:
		v = nudge(l.Lo, ulps)
	case 2:
		v = nudge(l.Hi, ulps)
	case 3:
		v = nudge(math.Copysign(model.MinMagnitude, float64(int8(bits>>8))), ulps)
	case 4:
		v = l.Lo + (l.Hi-l.Lo)*float64(bits>>11)/(1<<53)
	}
	if l.Count && v == math.Trunc(v) && math.Abs(v) < 1<<62 {
		return strconv.FormatInt(int64(v), 10)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return map[bool]string{true: "1e999", false: "-1e999"}[v > 0]
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// nudge moves v by n ulps.
func nudge(v, n float64) float64 {
	for ; n > 0; n-- {
		v = math.Nextafter(v, math.Inf(1))
	}
	for ; n < 0; n++ {
		v = math.Nextafter(v, math.Inf(-1))
	}
	return v
}
