package infer

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// TestSampleDistribution draws many sets from small problems and compares
// each set's frequency with its probability under the conditional
// Bernoulli distribution, enumerated by brute force: the product of its
// cards' odds over the sum of the products of every set of that size.
func TestSampleDistribution(t *testing.T) {
	tests := []struct {
		name  string
		z     []float64
		count int
	}{
		{"equal scores", []float64{0, 0, 0, 0, 0}, 2},
		{"one card", []float64{1.5}, 1},
		{"none taken", []float64{1, 2, 3}, 0},
		{"all taken", []float64{1, -2, 3}, 3},
		{"skewed", []float64{2, -1, 0, 1, -2, 0.5}, 3},
		{"one dominant card", []float64{8, 0, 0, 0, 0}, 2},
		{"wide scores", []float64{-3, -1, 0, 1, 3, 2, -2}, 4},
	}
	const draws = 200000
	for ti, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cards := make([]gin.Card, len(tc.z))
			for i := range cards {
				cards[i] = gin.Card(3 * i) // any distinct cards
			}
			var s Sampler
			s.prepare(gin.HandOf(gin.Card(50)), cards, tc.z, tc.count)
			rng := rand.New(rand.NewPCG(uint64(ti), 11))
			freq := map[uint32]int{}
			for range draws {
				h := s.Sample(rng)
				if !h.Has(gin.Card(50)) {
					t.Fatalf("sample %v lacks the known card", h)
				}
				var set uint32
				for i, c := range cards {
					if h.Has(c) {
						set |= 1 << i
					}
				}
				if got := bits.OnesCount32(set); got != tc.count {
					t.Fatalf("sample %v holds %d unseen cards, want %d", h, got, tc.count)
				}
				freq[set]++
			}
			want := bruteSets(tc.z, tc.count)
			for set, p := range want {
				got := float64(freq[set]) / draws
				sd := math.Sqrt(p * (1 - p) / draws)
				if math.Abs(got-p) > 5*sd+1e-12 {
					t.Errorf("set %b: frequency %.5f, want %.5f (sd %.5f)", set, got, p, sd)
				}
			}
			for set := range freq {
				if _, ok := want[set]; !ok {
					t.Errorf("set %b drawn, but it has probability 0", set)
				}
			}
		})
	}
}

// bruteSets returns the probability of every set of count of the n cards
// with scores z.
func bruteSets(z []float64, count int) map[uint32]float64 {
	out := map[uint32]float64{}
	total := 0.0
	for set := uint32(0); set < 1<<len(z); set++ {
		if bits.OnesCount32(set) != count {
			continue
		}
		w := 0.0
		for i := range z {
			if set&(1<<i) != 0 {
				w += z[i]
			}
		}
		out[set] = math.Exp(w)
		total += out[set]
	}
	for set := range out {
		out[set] /= total
	}
	return out
}

// TestSamplesMatchProbabilities checks, along real games, that every
// sampled hand is one the opponent could hold (its known cards, no card
// seen elsewhere, ten cards) and that over many samples each card is held
// as often as Probabilities says.
func TestSamplesMatchProbabilities(t *testing.T) {
	m, err := NewModel(randomParams(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	views := recordViews(t, 2)
	rng := rand.New(rand.NewPCG(9, 9))
	const draws = 4000
	var s Sampler
	checked := 0
	for vi := range views {
		if vi%7 != 0 {
			continue
		}
		var tr Tracker
		tr.Sync(&views[vi])
		var probs [gin.NumCards]float64
		tr.Probabilities(m, &probs)
		tr.Sampler(m, &s)
		var held [gin.NumCards]int
		for range draws {
			h := s.Sample(rng)
			switch {
			case h.Len() != gin.HandSize:
				t.Fatalf("view %d: a sample of %d cards", vi, h.Len())
			case h&tr.Known() != tr.Known():
				t.Fatalf("view %d: sample %v lacks known cards %v", vi, h, tr.Known())
			case h&tr.Seen() != 0:
				t.Fatalf("view %d: sample %v holds seen cards %v", vi, h, h&tr.Seen())
			}
			for x := uint64(h); x != 0; x &= x - 1 {
				held[bits.TrailingZeros64(x)]++
			}
		}
		for c, p := range probs {
			got := float64(held[c]) / draws
			if sd := math.Sqrt(p * (1 - p) / draws); math.Abs(got-p) > 5*sd+1e-9 {
				t.Errorf("view %d card %v: held in %.4f of the samples, probability %.4f", vi, gin.Card(c), got, p)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d views checked", checked)
	}
}

func BenchmarkSample(b *testing.B) {
	views := recordViews(b, 5)
	m, err := NewModel(randomParams(b, 6))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	var s Sampler
	var sink gin.Hand
	for i := 0; b.Loop(); i++ {
		var tr Tracker
		tr.Sync(&views[i%len(views)])
		tr.Sampler(m, &s)
		for range 32 {
			sink ^= s.Sample(rng)
		}
	}
	_ = sink
}

// TestSamplePCG checks that SamplePCG draws the hands Sample draws from a
// rand.Rand over the same PCG, and leaves the PCG where Sample does.
func TestSamplePCG(t *testing.T) {
	for ti, tc := range []struct {
		n, count int
	}{{5, 2}, {31, 10}, {20, 0}, {12, 12}, {40, 7}} {
		z := make([]float64, tc.n)
		cards := make([]gin.Card, tc.n)
		zr := rand.New(rand.NewPCG(uint64(ti), 3))
		for i := range z {
			z[i], cards[i] = zr.NormFloat64(), gin.Card(i)
		}
		var s Sampler
		s.prepare(gin.HandOf(gin.Card(51)), cards, z, tc.count)
		a, b := rand.NewPCG(uint64(ti), 7), rand.NewPCG(uint64(ti), 7)
		rng := rand.New(a)
		for i := range 500 {
			if got, want := s.SamplePCG(b), s.Sample(rng); got != want {
				t.Fatalf("problem %d, draw %d: SamplePCG = %v, Sample = %v", ti, i, got, want)
			}
			if *a != *b {
				t.Fatalf("problem %d, draw %d: the PCGs part", ti, i)
			}
		}
	}
}
