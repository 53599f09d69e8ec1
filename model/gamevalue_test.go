package model

import (
	"math"
	"testing"
)

// rounds returns round points where the player scores each of own's
// points once and its opponent each of opp's.
func rounds(own, opp []int) *RoundPoints {
	rp := &RoundPoints{}
	for _, x := range own {
		rp.Other[x]++
	}
	for _, x := range opp {
		rp.Modelled[x]++
	}
	return rp
}

// TestGameValueExact: rounds of 50 points, either side's at even odds, are
// a race to two round wins; the chances are those of a fair coin. (Ten
// points either way change nothing: NewGameValue finds no slope.)
func TestGameValueExact(t *testing.T) {
	rp := rounds([]int{50}, []int{50})
	if NewGameValue(rp) != nil {
		t.Error("a table whose points are worth nothing at the start")
	}
	g := raceTable(rp, 2)
	for _, tc := range []struct {
		own, opp int
		want     float64
	}{
		{0, 0, 0.5}, {50, 0, 0.75}, {0, 50, 0.25}, {50, 50, 0.5}, {99, 0, 0.75}, {60, 99, 0.5}, {100, 99, 1}, {20, 100, 0},
	} {
		if got := g.at(tc.own, tc.opp); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("at(%d, %d) = %v, want %v", tc.own, tc.opp, got, tc.want)
		}
	}
}

// TestGameValueRace checks the table on a spread of round points, uneven
// between the sides, against its properties: a point is worth about a
// point at the start, a chance never falls as the player's total rises
// or rises as the opponent's does, a round that wins the game is worth
// the same whatever its points, and one that loses it too.
func TestGameValueRace(t *testing.T) {
	var own, opp []int
	for x := 1; x <= 60; x++ {
		for range 60 - x {
			own = append(own, x)
			if x%3 != 0 {
				opp = append(opp, x)
			}
		}
	}
	g := NewGameValue(rounds(own, opp))
	if g == nil {
		t.Fatal("no table")
	}
	for a := range GameTarget - 1 {
		for b := range GameTarget - 1 {
			if g.at(a+1, b) < g.at(a, b)-1e-12 || g.at(a, b+1) > g.at(a, b)+1e-12 {
				t.Fatalf("the chance at (%d, %d) is not monotone", a, b)
			}
		}
	}
	if v := g.Points(0, 0, 10) - g.Points(0, 0, -10); math.Abs(v-20) > 1e-9 {
		t.Errorf("at the start ten points either way differ by %v points, want 20", v)
	}
	if v := g.Points(0, 0, 5); v < 3 || v > 7 {
		t.Errorf("five points at the start are worth %v", v)
	}
	if a, b := g.Points(95, 40, 5), g.Points(95, 40, 60); a != b || a <= 0 {
		t.Errorf("a round that wins the game is worth %v with 5 points and %v with 60", a, b)
	}
	if a, b := g.Points(40, 90, -10), g.Points(40, 90, -50); a != b || a >= 0 {
		t.Errorf("a round that loses the game is worth %v with 10 points and %v with 50", a, b)
	}
	if g.Points(30, 30, 0) != 0 {
		t.Error("a round of no points is worth something")
	}
}

// TestGameValueNeedsBothSides: without rounds of one side there is no
// race to compute.
func TestGameValueNeedsBothSides(t *testing.T) {
	for _, rp := range []*RoundPoints{nil, {}, rounds([]int{10}, nil), rounds(nil, []int{10})} {
		if g := NewGameValue(rp); g != nil {
			t.Errorf("a table from %v", rp)
		}
	}
}
