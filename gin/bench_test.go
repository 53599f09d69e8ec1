package gin

import (
	"math/rand/v2"
	"testing"
)

// The solver benchmarks run beside the brute-force reference on the same
// hands, so one `go test -bench` run gives the ratio.

const benchHands = 4096

func benchSet(size int, rich bool) []Hand {
	rng := rand.New(rand.NewPCG(7, uint64(size)))
	hands := make([]Hand, benchHands)
	for i := range hands {
		if rich {
			hands[i] = richHand(rng, size)
		} else {
			hands[i] = randomHand(rng, size)
		}
	}
	return hands
}

var sink int

func BenchmarkDeadwood(b *testing.B) {
	for _, tc := range []struct {
		name string
		rich bool
	}{{"random10", false}, {"rich10", true}} {
		hands := benchSet(10, tc.rich)
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sink += Deadwood(hands[i%benchHands])
			}
		})
		b.Run(tc.name+"/bruteforce", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sink += refMin(hands[i%benchHands])
			}
		})
	}
}

func BenchmarkBestDiscard(b *testing.B) {
	for _, tc := range []struct {
		name string
		rich bool
	}{{"random11", false}, {"rich11", true}} {
		hands := benchSet(11, tc.rich)
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				d := BestDiscards(hands[i%benchHands], 0)
				v, _ := d.Best()
				sink += v
			}
		})
		b.Run(tc.name+"/least", func(b *testing.B) {
			var s Solver
			for i := 0; b.Loop(); i++ {
				v, _ := s.LeastDiscards(hands[i%benchHands], 0)
				sink += v
			}
		})
		b.Run(tc.name+"/bruteforce", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sink += len(refDiscards(hands[i%benchHands], 0))
			}
		})
	}
}

func BenchmarkReachable(b *testing.B) {
	hands := benchSet(10, true)
	b.Run("rich10", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink += ReachableDeadwood(hands[i%benchHands]).Len()
		}
	})
	b.Run("rich10/bruteforce", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink += len(refReach(hands[i%benchHands]))
		}
	})
}
