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

// TestGameValueOneSided: when one side scores about every round a point is
// worth almost nothing of a game (5e-218 here), and values divided by it
// would overflow: NewGameValue gives no table, or one whose values stay
// within 1/minSlope.
func TestGameValueOneSided(t *testing.T) {
	for _, tc := range []struct {
		name       string
		own, opp   int // the points of the player's rounds, and of its opponent's
		ownN, oppN int
	}{
		{"the opponent scores 127 in all rounds but one", 5, 127, 1, MaxCount},
		{"the player scores 127 in all rounds but one", 127, 5, MaxCount, 1},
		{"one round each, 5 and 127", 5, 127, 1, 1},
		{"one point in one round of a trillion", 1, 127, 1, MaxCount},
		{"ten points in one round of a thousand", 10, 127, 1, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rp := &RoundPoints{}
			rp.Other[tc.own], rp.Modelled[tc.opp] = tc.ownN, tc.oppN
			g := NewGameValue(rp)
			if g == nil {
				return
			}
			for own := range GameTarget {
				for opp := range GameTarget {
					for _, net := range []int{-MaxRoundPoints, -1, 1, MaxRoundPoints} {
						if v := g.Points(own, opp, net); !(math.Abs(v) <= 1/minSlope) {
							t.Fatalf("%d points from %d-%d: %v", net, own, opp, v)
						}
					}
				}
			}
		})
	}
}
