package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/model"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*max(1, math.Abs(b)) }

// TestKnockShrinkage checks the knock policy against the formula of its
// doc, on counts small enough to work out by hand.
func TestKnockShrinkage(t *testing.T) {
	c := newCounts([2]bool{false, true})
	// Deadwood 3: 4 knocks in phase 2, 1 won; 6 in phase 4, 6 won.
	// Deadwood 9: 2 knocks in phase 2, both lost.
	c.knocks[3][2], c.knockWon[3][2] = 4, 1
	c.knocks[3][4], c.knockWon[3][4] = 6, 6
	c.knocks[9][2] = 2
	var k model.KnockPolicy
	sup := c.fitKnockPolicy(&k)
	m := float64(model.KnockPrior)
	p := (7.0 + 1) / (12 + 2)      // every knock
	q3 := (7 + m*p) / (10 + m)     // deadwood 3, all phases
	q9 := (0 + m*p) / (2 + m)      // deadwood 9
	cell32 := (1 + m*q3) / (4 + m) // deadwood 3, phase 2
	cell92 := (0 + m*q9) / (2 + m) // deadwood 9, phase 2
	cell34 := (6 + m*q3) / (6 + m) // deadwood 3, phase 4
	// Made non-increasing: phase 0 reads the deadwood priors p p q3 p ...
	// p q9 p (q3 > p > q9), phase 2 reads, from deadwood 1, p p cell32 p p
	// p p p cell92 p; deadwood 3 to 8 pool, and so do 9 and 10. Phase 4
	// reads p p cell34 p ... with cell34 > p: deadwood 1 to 3 pool.
	pooled32 := (cell32*(4+m) + 5*p*m) / (4 + 6*m)
	pooled92 := (cell92*(2+m) + p*m) / (2 + 2*m)
	pooled34 := (2*p*m + cell34*(6+m)) / (6 + 3*m)
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"gin", k.WinProbability[0][2], 1},
		{"deadwood 1, phase 0: the deadwood priors p p q3, pooled", k.WinProbability[1][0], (2*p + q3) / 3},
		{"deadwood 9, phase 0: the deadwood priors q9 p, pooled", k.WinProbability[9][0], (q9 + p) / 2},
		{"deadwood 2, phase 2", k.WinProbability[2][2], p},
		{"deadwood 3, phase 2", k.WinProbability[3][2], pooled32},
		{"deadwood 8, phase 2", k.WinProbability[8][2], pooled32},
		{"deadwood 9, phase 2", k.WinProbability[9][2], pooled92},
		{"deadwood 10, phase 2", k.WinProbability[10][2], pooled92},
		{"deadwood 1, phase 4", k.WinProbability[1][4], pooled34},
		{"deadwood 3, phase 4", k.WinProbability[3][4], pooled34},
		{"deadwood 4, phase 4", k.WinProbability[4][4], p},
	} {
		if !near(tc.got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	for ph := range model.NumPhases {
		for dw := 1; dw < model.NumKnockDeadwoods; dw++ {
			if k.WinProbability[dw][ph] > k.WinProbability[dw-1][ph] {
				t.Errorf("phase %d increases at deadwood %d", ph, dw)
			}
		}
	}
	if sup[0].Samples != 12 || sup[0].Table != "knock_policy.win_probability" {
		t.Errorf("support %+v", sup[0])
	}
}

// TestKeepShrinkage checks the keep values against the formula of their
// doc.
func TestKeepShrinkage(t *testing.T) {
	c := newCounts([2]bool{false, true})
	// Rank group 1, relation 3 (pair+run): phase 0 held 5, melded 4; phase
	// 5 held 20, melded 2. Relation 0: phase 0 held 30, melded 3.
	c.held[1][3][0], c.melded[1][3][0] = 5, 4
	c.held[1][3][5], c.melded[1][3][5] = 20, 2
	c.held[1][0][0], c.melded[1][0][0] = 30, 3
	var k model.KeepValues
	sup := c.fitKeepValues(&k)
	m := float64(model.KeepPrior)
	g := (9.0 + 1) / (55 + 2)
	r3 := (6 + m*g) / (25 + m)
	r0 := (3 + m*g) / (30 + m)
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"pair+run, phase 0", k.MeldProbability[1][3][0], (4 + m*r3) / (5 + m)},
		{"pair+run, phase 5", k.MeldProbability[1][3][5], (2 + m*r3) / (20 + m)},
		{"pair+run, phase 2: the relation's prior", k.MeldProbability[1][3][2], r3},
		{"isolated, phase 3: the relation's prior", k.MeldProbability[1][0][3], r0},
		{"gap, phase 1: the rank group's prior", k.MeldProbability[1][4][1], g},
		{"another rank group: Laplace", k.MeldProbability[2][4][1], 0.5},
	} {
		if !near(tc.got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if k.Samples[1][3][5] != 20 || sup.Samples != 55 {
		t.Errorf("samples %d, support %+v", k.Samples[1][3][5], sup)
	}
}

// TestOpponentShrinkage checks the opponent model against the formula of
// its doc.
func TestOpponentShrinkage(t *testing.T) {
	c := newCounts([2]bool{false, true})
	c.oppTurns[1], c.oppCalls[1], c.oppGins[1] = 100, 4, 1
	c.oppKnocks[1], c.oppKnockDW[1] = 3, 15
	c.oppTurns[4], c.oppCalls[4], c.oppGins[4] = 50, 16, 3
	c.oppKnocks[4], c.oppKnockDW[4] = 13, 26
	var o model.Opponent
	c.fitOpponent(&o)
	m := float64(model.OpponentPrior)
	share, dw := 4.0/20, 41.0/16
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"call rate, phase 1", o.CallRate[1], 0.04},
		{"call rate, phase 0: no turns", o.CallRate[0], 0},
		{"gin share, phase 1", o.GinShare[1], (1 + m*share) / (4 + m)},
		{"gin share, phase 0: the pooled share", o.GinShare[0], share},
		{"knock deadwood, phase 4", o.KnockDeadwood[4], (26 + m*dw) / (13 + m)},
		{"knock deadwood, phase 5: the pooled mean", o.KnockDeadwood[5], dw},
	} {
		if !near(tc.got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestSupport(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cells  []int
		m      float64
		share  float64
		mostly bool
	}{
		{"no samples", []int{0, 0}, 10, 1, true},
		{"one full cell", []int{90, 0, 0}, 10, 0.1, false},
		{"even", []int{10, 10}, 10, 0.5, false},
		{"small cells", []int{1, 2, 1}, 10, (10.0/11 + 2*10.0/12 + 10.0/11) / 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := support("t", "u", tc.cells, tc.m, 3)
			if !near(s.PriorShare, tc.share) || s.MostlyPrior() != tc.mostly || s.Games != 3 {
				t.Errorf("%+v, want prior share %v, mostly %v", s, tc.share, tc.mostly)
			}
		})
	}
}

func TestDecreasing(t *testing.T) {
	for _, tc := range []struct {
		name         string
		ys, ws, want []float64
	}{
		{"already decreasing", []float64{5, 4, 3}, []float64{1, 1, 1}, []float64{5, 4, 3}},
		{"one violation", []float64{5, 6, 3}, []float64{1, 1, 1}, []float64{5.5, 5.5, 3}},
		{"increasing, weighted", []float64{1, 2, 3}, []float64{1, 1, 2}, []float64{2.25, 2.25, 2.25}},
		{"tail pooled", []float64{4, 1, 2}, []float64{1, 3, 1}, []float64{4, 1.25, 1.25}},
		{"empty", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := decreasing(tc.ys, tc.ws)
			if len(got) != len(tc.want) {
				t.Fatalf("decreasing(%v, %v) = %v, want %v", tc.ys, tc.ws, got, tc.want)
			}
			for i := range got {
				if !near(got[i], tc.want[i]) {
					t.Fatalf("decreasing(%v, %v) = %v, want %v", tc.ys, tc.ws, got, tc.want)
				}
			}
		})
	}
}

// TestDecreasingProperties checks the isotonic regression on random
// inputs: the result never increases, keeps the weighted sum, is a fixed
// point, and fits at least as well as any other non-increasing sequence
// tried (the input sorted, and the constant weighted mean).
func TestDecreasingProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for range 500 {
		n := 1 + rng.IntN(12)
		ys, ws := make([]float64, n), make([]float64, n)
		var sum, wsum float64
		for i := range ys {
			ys[i], ws[i] = rng.NormFloat64()*10, 1+rng.Float64()*20
			sum += ys[i] * ws[i]
			wsum += ws[i]
		}
		got := decreasing(ys, ws)
		var gsum float64
		for i := range got {
			gsum += got[i] * ws[i]
			if i > 0 && got[i] > got[i-1] {
				t.Fatalf("decreasing(%v) = %v increases at %d", ys, got, i)
			}
		}
		if math.Abs(gsum-sum) > 1e-9*max(1, math.Abs(sum)) {
			t.Fatalf("weighted sum %v, want %v", gsum, sum)
		}
		again := decreasing(got, ws)
		for i := range got {
			if !near(again[i], got[i]) {
				t.Fatalf("not a fixed point: %v then %v", got, again)
			}
		}
		sse := func(fit []float64) float64 {
			s := 0.0
			for i := range fit {
				s += ws[i] * (fit[i] - ys[i]) * (fit[i] - ys[i])
			}
			return s
		}
		sorted := append([]float64(nil), ys...)
		for i := range sorted { // insertion sort, descending
			for j := i; j > 0 && sorted[j] > sorted[j-1]; j-- {
				sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
			}
		}
		flat := make([]float64, n)
		for i := range flat {
			flat[i] = sum / wsum
		}
		if best := sse(got); best > sse(sorted)+1e-9 || best > sse(flat)+1e-9 {
			t.Fatalf("decreasing(%v, %v) = %v fits worse than another non-increasing sequence", ys, ws, got)
		}
	}
}
