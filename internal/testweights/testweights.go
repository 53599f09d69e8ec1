// Package testweights builds weights files for the tests of the weights
// reader (model.Read) and of the players and commands that use weights:
// every number of the format with the range it may take, written here
// apart from model.Validate so that the two check each other; weights at
// the edges of those ranges, which must read and play; and numbers just
// past them, written into the file's generic JSON form, which must be
// refused.
package testweights

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// Leaf is one number of a weights file.
type Leaf struct {
	Path  []any  // the keys (string) and indices (int) from the file's root
	Field string // as errors name it: knock_policy.win_probability[3][2]
	Table string // Field without its indices: knock_policy.win_probability
	Count bool   // a whole number: a count
	// Lo and Hi bound the number; a nonzero float is also at least
	// model.MinMagnitude in magnitude.
	Lo, Hi float64
}

// ranges holds the range of every number of the format that is a float,
// by Table.
var ranges = func() map[string][2]float64 {
	r := map[string][2]float64{
		"draw_model.l2":                {0, model.MaxL2},
		"opponent.knock_deadwood":      {0, model.NumKnockDeadwoods - 1},
		"draw_model.coefficients":      {-model.MaxMagnitude, model.MaxMagnitude},
		"draw_model.opponent_gain":     {-model.MaxMagnitude, model.MaxMagnitude},
		"knock_policy.value":           {-model.MaxMagnitude, model.MaxMagnitude},
		"draw_policy.stock_gain":       {-model.MaxMagnitude, model.MaxMagnitude},
		"hand_values.value":            {-model.MaxMagnitude, model.MaxMagnitude},
		"race_values.value":            {-model.MaxMagnitude, model.MaxMagnitude},
		"inference.rank":               {-infer.MaxWeight, infer.MaxWeight},
		"inference.live":               {-infer.MaxWeight, infer.MaxWeight},
		"inference.known":              {-infer.MaxWeight, infer.MaxWeight},
		"inference.refused":            {-infer.MaxWeight, infer.MaxWeight},
		"inference.discarded":          {-infer.MaxWeight, infer.MaxWeight},
		"inference.last":               {-infer.MaxWeight, infer.MaxWeight},
		"inference.discard_points":     {-infer.MaxWeight, infer.MaxWeight},
		"inference.discard_rank":       {-infer.MaxWeight, infer.MaxWeight},
		"keep_values.meld_probability": {0, 1},
	}
	for _, p := range []string{"knock_policy.win_probability", "knock_policy.threshold", "opponent.call_rate", "opponent.gin_share",
		"hand_policy.take_rate", "hand_policy.call_rate", "hand_policy.best_discard_rate"} {
		r[p] = [2]float64{0, 1}
	}
	return r
}()

// walk calls visit with every number of v, the value of a weights file's
// field at path (field its name, table without indices), settable. The
// format versions are left out.
func walk(v reflect.Value, path []any, field, table string, visit func(Leaf, reflect.Value) error) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return walk(v.Elem(), path, field, table, visit)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			return nil
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			sub, subTable := key, key
			if field != "" {
				sub, subTable = field+"."+key, table+"."+key
			}
			if err := walk(v.Field(i), append(path[:len(path):len(path)], key), sub, subTable, visit); err != nil {
				return err
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if err := walk(v.Index(i), append(path[:len(path):len(path)], i), fmt.Sprintf("%s[%d]", field, i), table, visit); err != nil {
				return err
			}
		}
	case reflect.Float64:
		r, ok := ranges[table]
		if !ok {
			return fmt.Errorf("%s: no range known for its table %s", field, table)
		}
		return visit(Leaf{Path: path, Field: field, Table: table, Lo: r[0], Hi: r[1]}, v)
	case reflect.Int:
		if table == "version" || strings.HasSuffix(table, ".version") {
			return nil
		}
		l := Leaf{Path: path, Field: field, Table: table, Count: true, Hi: model.MaxCount}
		if strings.HasPrefix(table, "round_points.") && path[len(path)-1] == 0 {
			l.Hi = 0 // exactly one player scores in a round
		}
		return visit(l, v)
	}
	return nil
}

// Leaves returns every number of w but the format versions, in the order
// of the file.
func Leaves(w *model.Weights) ([]Leaf, error) {
	var out []Leaf
	err := walk(reflect.ValueOf(w), nil, "", "", func(l Leaf, _ reflect.Value) error {
		out = append(out, l)
		return nil
	})
	return out, err
}

// Variant is a named weights file.
type Variant struct {
	Name string
	W    *model.Weights
}

// Edges returns weights of the current format (from model.Defaults)
// whose every number lies at an edge of its range, or at another value a
// player may find hard: every number at its highest, at its lowest, at
// the least nonzero magnitude (of either sign where the range allows),
// alternately at its highest and lowest, the round points of about one
// side only (a point then worth almost nothing of a game), and random
// mixes of those. Each is valid (model.Validate).
func Edges() ([]Variant, error) {
	type pick func(i int, l Leaf, rng *rand.Rand) float64
	least := func(_ int, l Leaf, _ *rand.Rand) float64 { return min(l.Hi, model.MinMagnitude) }
	count := func(l Leaf, n float64) float64 { return min(l.Hi, n) }
	picks := []struct {
		name string
		f    pick
	}{
		{"high", func(_ int, l Leaf, _ *rand.Rand) float64 { return l.Hi }},
		{"low", func(_ int, l Leaf, _ *rand.Rand) float64 { return l.Lo }},
		{"least", func(i int, l Leaf, r *rand.Rand) float64 {
			if l.Count {
				return count(l, 1)
			}
			return least(i, l, r)
		}},
		{"least negative", func(i int, l Leaf, r *rand.Rand) float64 {
			switch {
			case l.Count:
				return count(l, 1)
			case l.Lo < 0:
				return -model.MinMagnitude
			}
			return least(i, l, r)
		}},
		{"alternating", func(i int, l Leaf, _ *rand.Rand) float64 { return [2]float64{l.Hi, l.Lo}[i%2] }},
	}
	for seed := range 4 {
		picks = append(picks, struct {
			name string
			f    pick
		}{fmt.Sprintf("random %d", seed+1), func(i int, l Leaf, r *rand.Rand) float64 {
			if l.Count {
				return count(l, []float64{0, 1, model.MaxCount, float64(r.IntN(1000))}[r.IntN(4)])
			}
			return []float64{l.Lo, l.Hi, max(l.Lo, 0), least(i, l, r), (l.Lo + l.Hi) / 2, l.Lo + (l.Hi-l.Lo)*r.Float64()}[r.IntN(6)]
		}})
	}
	var out []Variant
	for k, p := range picks {
		w := model.Defaults()
		rng := rand.New(rand.NewPCG(uint64(k), 99))
		i := 0
		err := walk(reflect.ValueOf(w), nil, "", "", func(l Leaf, v reflect.Value) error {
			x := p.f(i, l, rng)
			i++
			if l.Count {
				v.SetInt(int64(x))
			} else {
				v.SetFloat(x)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, Variant{p.name, w})
	}
	for _, side := range []string{"modelled", "other"} {
		w := model.Defaults()
		rp := w.RoundPoints
		// The other side scores 5 points in one round of a trillion: a
		// point is worth 5e-218 of a game.
		if side == "modelled" {
			rp.Modelled[model.MaxRoundPoints], rp.Other[5] = model.MaxCount, 1
		} else {
			rp.Other[model.MaxRoundPoints], rp.Modelled[5] = model.MaxCount, 1
		}
		out = append(out, Variant{"rounds of the " + side + " player", w})
	}
	for _, v := range out {
		if err := v.W.Validate(); err != nil {
			return nil, fmt.Errorf("edge weights %q: %w", v.Name, err)
		}
	}
	return out, nil
}

// Hostile holds numbers, as JSON text, that lie out of some ranges: past
// float64, past the bounds of every kind of number, subnormal, not whole;
// and null.
var Hostile = []string{
	"1e308", "-1e308", "1e-308", "-1e-308", "5e-324", "1e999", "-1e999",
	"1.5", "-0.1", "-1", "10.000000000000002", "11", "100.00000000000001", "-100.00000000000001", "1001", "-1001", "1000001",
	"1000000000001", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "null",
}

// Accepts reports whether number num, as JSON text, is in the range of
// leaf l.
func Accepts(l Leaf, num string) bool {
	if l.Count {
		n, err := strconv.ParseInt(num, 10, 64)
		return err == nil && float64(n) >= l.Lo && float64(n) <= l.Hi
	}
	v, err := strconv.ParseFloat(num, 64)
	return err == nil && v >= l.Lo && v <= l.Hi && (v == 0 || math.Abs(v) >= model.MinMagnitude)
}

// Doc returns w as the generic form of its JSON, numbers as json.Number.
func Doc(w *model.Weights) (map[string]any, error) {
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// With returns doc encoded as JSON with the number at path replaced by
// num, JSON text; doc is left as it was.
func With(doc map[string]any, path []any, num string) ([]byte, error) {
	return WithAll(doc, [][]any{path}, []string{num})
}

// WithAll returns doc encoded as JSON with the number at each of paths
// replaced by the text of nums of the same index; doc is left as it was.
func WithAll(doc map[string]any, paths [][]any, nums []string) ([]byte, error) {
	for i, path := range paths {
		restore := set(doc, path, json.RawMessage(nums[i]))
		defer restore()
	}
	return json.Marshal(doc)
}

// set sets the value at path of doc to v and returns the function that
// puts the old one back.
func set(doc map[string]any, path []any, v any) func() {
	var node any = doc
	for _, k := range path[:len(path)-1] {
		switch k := k.(type) {
		case string:
			node = node.(map[string]any)[k]
		case int:
			node = node.([]any)[k]
		}
	}
	switch k := path[len(path)-1].(type) {
	case string:
		m := node.(map[string]any)
		old := m[k]
		m[k] = v
		return func() { m[k] = old }
	case int:
		a := node.([]any)
		old := a[k]
		a[k] = v
		return func() { a[k] = old }
	}
	panic("testweights: a path ends with neither a key nor an index")
}
