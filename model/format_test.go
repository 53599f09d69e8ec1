package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// fixture reads testdata/fitted.json: weights fitted on the sample
// corpus.
func fixture(t testing.TB) *Weights {
	t.Helper()
	f, err := os.Open("testdata/fitted.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := Read(f, "testdata/fitted.json")
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func saved(t testing.TB, w *Weights) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRoundTrip saves, reads and saves again the defaults and fitted
// weights: the same bytes.
func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    *Weights
	}{{"defaults", Defaults()}, {"fitted", fixture(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			b := saved(t, tc.w)
			got, err := Read(bytes.NewReader(b), "w.json")
			if err != nil {
				t.Fatal(err)
			}
			if again := saved(t, got); !bytes.Equal(b, again) {
				t.Error("save, read and save again differ")
			}
			if err := got.CheckPolicy(); err != nil {
				t.Error(err)
			}
		})
	}
}

// edit returns the defaults saved as JSON after change has edited their
// generic form.
func edit(t testing.TB, change func(doc map[string]any)) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(saved(t, Defaults()), &doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func section(doc map[string]any, name string) map[string]any { return doc[name].(map[string]any) }

func TestReadRejects(t *testing.T) {
	valid := string(saved(t, Defaults()))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"not json", "not json", "w.json:1:2: invalid character 'o' in literal null (expecting 'u')"},
		{"empty", "", "w.json:1:1: unexpected end of the file"},
		{"truncated", valid[:200], "unexpected end of the file"},
		{"trailing data", valid + "{}", fmt.Sprintf("w.json:%d:1: data after the weights object", strings.Count(valid, "\n")+1)},
		{"trailing garbage", valid + "\nmain = evil\n", "data after the weights object"},
		{"other format", `{"format": "other", "version": 2}`, "not a weights file of this version"},
		{"old version", `{"format": "ginlog-weights", "version": 1}`, `format "ginlog-weights" version 1, want "ginlog-weights" version 2 to 4 (run ginlog fit again)`},
		{"round points missing", edit(t, func(d map[string]any) { delete(d, "round_points") }), "w.json: round_points: missing"},
		{"round points in version 3", edit(t, func(d map[string]any) { d["version"] = 3 }), "w.json: round_points: not in format version 3 (it came with version 4)"},
		{"round points short", edit(t, func(d map[string]any) {
			rp := section(d, "round_points")
			rp["other"] = rp["other"].([]any)[:100]
		}), "w.json: round_points.other: 100 elements, want 128"},
		{"round points negative", edit(t, func(d map[string]any) { section(d, "round_points")["modelled"].([]any)[12] = -1 }), "w.json: round_points.modelled[12]: -1 out of range (want 0 to 1000000000000)"},
		{"a round of 0 points", edit(t, func(d map[string]any) { section(d, "round_points")["modelled"].([]any)[0] = 4 }), "w.json: round_points.modelled[0]: 4 out of range (want 0: exactly one player scores in a round)"},
		{"unknown field", `{"format": "ginlog-weights", "version": 2, "extra": 1}`, `unknown field "extra"`},
		{"wrong type", `{"format": "ginlog-weights", "version": "2"}`, `w.json:1:43: json: cannot unmarshal string`},
		{"missing section", edit(t, func(d map[string]any) { delete(d, "hand_values") }), "w.json: hand_values: missing"},
		{"missing field", edit(t, func(d map[string]any) { delete(section(d, "knock_policy"), "threshold") }), "w.json: knock_policy.threshold: missing"},
		{"short table", edit(t, func(d map[string]any) {
			kp := section(d, "knock_policy")
			kp["win_probability"] = kp["win_probability"].([]any)[:10]
		}), "w.json: knock_policy.win_probability: 10 elements, want 11"},
		{"long row", edit(t, func(d map[string]any) {
			o := section(d, "opponent")
			o["call_rate"] = append(o["call_rate"].([]any), 0.5)
		}), "w.json: opponent.call_rate: 7 elements, want 6"},
		{"short inner row", edit(t, func(d map[string]any) {
			hv := section(d, "hand_values")["value"].([]any)
			hv[7] = hv[7].([]any)[:2]
		}), "w.json: hand_values.value[7]: 2 elements, want 6"},
		{"null table", edit(t, func(d map[string]any) { section(d, "hand_values")["samples"] = nil }), "w.json: hand_values.samples: want an array"},
		{"probability above 1", edit(t, func(d map[string]any) {
			section(d, "knock_policy")["win_probability"].([]any)[3].([]any)[2] = 1.5
		}), "w.json: knock_policy.win_probability[3][2]: 1.5 out of range (want 0 to 1)"},
		{"negative count", edit(t, func(d map[string]any) { section(d, "draw_policy")["samples"] = -3 }), "w.json: draw_policy.samples: -3 out of range (want 0 to 1000000000000)"},
		{"huge value", edit(t, func(d map[string]any) {
			section(d, "hand_values")["value"].([]any)[0].([]any)[0] = 1e300
		}), "w.json: hand_values.value[0][0]: 1e+300 out of range (want -1000 to 1000)"},
		{"number beyond float64", strings.Replace(valid, `"threshold": 0.5`, `"threshold": 1e999`, 1), "knock_policy.threshold: 1e999 out of range (want a finite number)"},
		{"knock deadwood above 10", edit(t, func(d map[string]any) { section(d, "opponent")["knock_deadwood"].([]any)[1] = 11 }), "w.json: opponent.knock_deadwood[1]: 11 out of range (want 0 to 10)"},
		{"feature renamed", edit(t, func(d map[string]any) {
			section(d, "draw_model")["features"].([]any)[1] = "rank_A\nmain = evil"
		}), `w.json: draw_model.features[1]: "rank_A\nmain = evil", want "rank_A"`},
		{"feature missing", edit(t, func(d map[string]any) {
			dm := section(d, "draw_model")
			dm["features"] = dm["features"].([]any)[1:]
		}), "w.json: draw_model.features: 20 names, want 21"},
		{"coefficient missing", edit(t, func(d map[string]any) {
			dm := section(d, "draw_model")
			dm["coefficients"] = dm["coefficients"].([]any)[1:]
		}), "w.json: draw_model.coefficients: 20 coefficients, want 21"},
		{"rank group renamed", edit(t, func(d map[string]any) {
			section(d, "keep_values")["rank_groups"].([]any)[0] = "A-4\n-}"
		}), `w.json: keep_values.rank_groups[0]: "A-4\n-}", want "A-4"`},
		{"too large", valid + strings.Repeat(" ", MaxFileSize), "larger than 4194304 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.data), "w.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			var re *ReadError
			if !errors.As(err, &re) || re.File != "w.json" {
				t.Errorf("error %#v is not a *ReadError of w.json", err)
			}
		})
	}
}

// TestReadsVersion3: a file of format version 3 (no round points) still
// reads (players/tuned checks that its rollout player values rounds by
// their net points).
func TestReadsVersion3(t *testing.T) {
	data := edit(t, func(d map[string]any) {
		d["version"] = 3
		delete(d, "round_points")
	})
	w, err := Read(strings.NewReader(data), "w.json")
	if err != nil {
		t.Fatal(err)
	}
	if w.Version != 3 || w.RoundPoints != nil {
		t.Fatalf("version %d, round points %v", w.Version, w.RoundPoints)
	}
}

// TestReadAcceptsText: docs and provenance filters may hold any text
// (exporters escape it).
func TestReadAcceptsText(t *testing.T) {
	w := Defaults()
	w.Doc = "a\n\"quoted\" \\ {- -} \x00 é"
	w.Provenance.Filters["opponent"] = "bot\"\n7"
	got, err := Read(bytes.NewReader(saved(t, w)), "w.json")
	if err != nil {
		t.Fatal(err)
	}
	if got.Doc != w.Doc || got.Provenance.Filters["opponent"] != "bot\"\n7" {
		t.Errorf("text changed: %q %q", got.Doc, got.Provenance.Filters)
	}
}

func TestCheckPolicy(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(w *Weights)
		want   string
	}{
		{"defaults", func(*Weights) {}, ""},
		{"gin refused", func(w *Weights) { w.KnockPolicy.WinProbability[0][2] = 0.4 }, "knock_policy.win_probability[0][2]: absurd policy: 0.4 at deadwood 0, want 1"},
		{"knock better at more deadwood", func(w *Weights) {
			w.KnockPolicy.WinProbability[4][1] = 0.7
			w.KnockPolicy.WinProbability[5][1] = 0.8
		}, "knock_policy.win_probability[5][1]: absurd policy: 0.8 at deadwood 5 is more than 0.7 at 4"},
		{"hand better at more deadwood", func(w *Weights) { w.HandValues.Value[12][5] = 3 }, "hand_values.value[12][5]: absurd policy: 3 at deadwood 12 is more than -11 at 11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := Defaults()
			tc.change(w)
			err := w.CheckPolicy()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrPolicy)):
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// FuzzRead: Read never panics; what it accepts is valid, saving it reads
// back the same, and what is computed from it is a number
// (checkComputed).
// Run it with -fuzzminimizetime=2s: minimising each new 35 KB input
// otherwise takes the default minute, and the fuzzer looks stalled.
func FuzzRead(f *testing.F) {
	f.Add(saved(f, Defaults()))
	if b, err := os.ReadFile("testdata/fitted.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"format": "ginlog-weights", "version": 2}`))
	f.Add([]byte(`{"format": "ginlog-weights", "version": 2} trailing`))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := Read(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			var re *ReadError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a *ReadError", err)
			}
			return
		}
		if err := w.Validate(); err != nil {
			t.Fatalf("accepted invalid weights: %v", err)
		}
		checkComputed(t, w)
		b := saved(t, w)
		again, err := Read(bytes.NewReader(b), "again.json")
		if err != nil {
			t.Fatalf("saved weights do not read back: %v", err)
		}
		if !bytes.Equal(saved(t, again), b) {
			t.Fatal("saved weights read back different")
		}
	})
}
