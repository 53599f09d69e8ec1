package infer

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(p *Params)
		want   string // a part of the error, "" for none
	}{
		{"zero tables", func(p *Params) {}, ""},
		{"random tables", func(p *Params) { *p = *randomParams(t, 3) }, ""},
		{"old version", func(p *Params) { p.Version = 0 }, "version: 0, want 1"},
		{"missing table", func(p *Params) { p.Known = nil }, "known: 0 rows, want 4"},
		{"extra row", func(p *Params) { p.Rank = append(p.Rank, make([]float64, 13)) }, "rank: 7 rows, want 6"},
		{"short row", func(p *Params) { p.Live[2] = p.Live[2][:4] }, "live[2]: 4 entries, want 5"},
		{"long row", func(p *Params) { p.DiscardRank[0] = append(p.DiscardRank[0], 1) }, "discard_rank[0]: 4 entries, want 3"},
		{"not a number", func(p *Params) { p.Refused[1][2] = math.NaN() }, "refused[1][2]: NaN out of range (want -100 to 100)"},
		{"infinite", func(p *Params) { p.Last[0][1] = math.Inf(-1) }, "last[0][1]: -Inf out of range (want -100 to 100)"},
		{"negative games", func(p *Params) { p.Games = -1 }, "games: -1 out of range (want 0 to 1000000000000)"},
		{"huge decisions", func(p *Params) { p.Decisions = math.MaxInt }, "decisions: 9223372036854775807 out of range (want 0 to 1000000000000)"},
		{"huge entry", func(p *Params) { p.Rank[0][3] = 1e308 }, "rank[0][3]: 1e+308 out of range (want -100 to 100)"},
		{"huge negative entry", func(p *Params) { p.DiscardPoints[11][2] = -1e308 }, "discard_points[11][2]: -1e+308 out of range (want -100 to 100)"},
		{"just above the bound", func(p *Params) { p.Known[3][0] = math.Nextafter(MaxWeight, 200) }, "known[3][0]: 100.00000000000001 out of range"},
		{"subnormal entry", func(p *Params) { p.Live[5][4] = 1e-308 }, "live[5][4]: 1e-308 out of range (want 0, or 2.2250738585072014e-308 to 100 in magnitude)"},
		{"entries at the bounds", func(p *Params) {
			for t := range NumTables {
				for i, row := range *p.table(t) {
					for j := range row {
						row[j] = [4]float64{MaxWeight, -MaxWeight, minNormal, -minNormal}[(i+j)%4]
					}
				}
			}
			p.Games, p.Decisions = MaxCount, MaxCount
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewParams()
			tc.change(p)
			err := p.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrParams)):
				t.Fatalf("got %v, want an ErrParams with %q", err, tc.want)
			}
			var fe *FieldError
			if err != nil && !errors.As(err, &fe) {
				t.Errorf("error %v is not a *FieldError", err)
			}
			if strings.Contains(tc.want, "out of range") && !errors.Is(err, ErrRange) {
				t.Errorf("error %v is not an ErrRange", err)
			}
			if _, err := NewModel(p); (err == nil) != (tc.want == "") {
				t.Errorf("NewModel: %v", err)
			}
		})
	}
}

func TestVectorRoundTrip(t *testing.T) {
	p := randomParams(t, 4)
	w := p.Vector()
	if len(w) != NumWeights {
		t.Fatalf("%d weights, want %d", len(w), NumWeights)
	}
	q, err := ParamsFromVector(w)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range q.Vector() {
		if v != w[i] {
			t.Fatalf("weight %d: %v, want %v", i, v, w[i])
		}
	}
	if _, err := ParamsFromVector(w[1:]); !errors.Is(err, ErrParams) {
		t.Errorf("short vector: got %v, want ErrParams", err)
	}
}

// TestZeroParamsGolden keeps the file format of the uniform parameters.
func TestZeroParamsGolden(t *testing.T) {
	var b bytes.Buffer
	if err := NewParams().Write(&b); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/zero-params.json", b.String())
}

func TestReadParams(t *testing.T) {
	var good bytes.Buffer
	p := randomParams(t, 5)
	p.Games, p.Decisions = 12, 345
	if err := p.Write(&good); err != nil {
		t.Fatal(err)
	}
	q, err := ReadParams(bytes.NewReader(good.Bytes()), "p.json")
	if err != nil {
		t.Fatal(err)
	}
	if q.Games != 12 || q.Decisions != 345 {
		t.Errorf("counts %d %d", q.Games, q.Decisions)
	}
	for i, v := range q.Vector() {
		if v != p.Vector()[i] {
			t.Fatalf("weight %d: %v after the round trip, want %v", i, v, p.Vector()[i])
		}
	}
	tests := []struct {
		name, data, want string
	}{
		{"syntax error", "{\n  \"version\": 1,\n  \"doc\": x\n}", "p.json:3:11: "},
		{"wrong type", "{\n  \"version\": \"one\"\n}", "p.json:2:19: "},
		{"unknown field", "{\"version\": 1, \"weights\": []}", `p.json: invalid inference parameters: json: unknown field "weights"`},
		{"trailing data", good.String() + "{}", "data after the parameters"},
		{"bad shape", `{"version": 1, "rank": [[1]]}`, "rank: 1 rows, want 6"},
		{"empty", "", "p.json: invalid inference parameters: EOF"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadParams(strings.NewReader(tc.data), "p.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrParams) {
				t.Fatalf("got %v, want an ErrParams with %q", err, tc.want)
			}
		})
	}
}

// FuzzReadParams checks that reading never panics, and that what it
// accepts is valid and survives a round trip.
func FuzzReadParams(f *testing.F) {
	var b bytes.Buffer
	if err := NewParams().Write(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte(`{"version": 1}`))
	f.Add([]byte(`{"version": 1, "rank": [[1e400]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadParams(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if !errors.Is(err, ErrParams) {
				t.Fatalf("error %v is not an ErrParams", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted invalid parameters: %v", err)
		}
		var out bytes.Buffer
		if err := p.Write(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadParams(&out, "again.json"); err != nil {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// TestLayout checks the weight vector's layout: the offsets are the sums
// of the tables' sizes, and at every decision of some games each unseen
// card's features index inside the vector, in the order of the tables.
func TestLayout(t *testing.T) {
	consts := [NumTables + 1]int{offRank, offLive, offKnown, offRefused, offDiscarded, offLast, offDiscardPoints, offDiscardRank, NumWeights}
	if consts != offsets {
		t.Fatalf("offsets %v, the tables give %v", consts, offsets)
	}
	var tr Tracker
	var pr Problem
	views := recordViews(t, 3)
	for i := range views {
		tr.Sync(&views[i])
		tr.Problem(&pr)
		if len(pr.Cards) != tr.Unseen().Len() || pr.Count != tr.Hidden() {
			t.Fatalf("%d cards and count %d, want %d and %d", len(pr.Cards), pr.Count, tr.Unseen().Len(), tr.Hidden())
		}
		for _, f := range pr.Features {
			prev := -1
			for _, k := range f {
				if int(k) >= NumWeights || int(k) <= prev {
					t.Fatalf("features %v out of order or out of the vector", f)
				}
				prev = int(k)
			}
		}
	}
}
