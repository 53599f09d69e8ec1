package model

import "fmt"

// NumRaceBuckets is the number of spans of the opponent's deadwood that
// RaceValues distinguishes.
const NumRaceBuckets = 7

// RaceFloors holds the least opponent deadwood of each bucket of
// RaceValues: 0-10 (it may knock), 11-15, 16-20, 21-25, 26-30, 31-40 and
// 41 or more.
var RaceFloors = [NumRaceBuckets]int{0, 11, 16, 21, 26, 31, 41}

// RaceBucket returns the bucket of an opponent's optimal deadwood.
func RaceBucket(dw int) int {
	for b := NumRaceBuckets - 1; b > 0; b-- {
		if dw >= RaceFloors[b] {
			return b
		}
	}
	return 0
}

// RaceBucketNames names the buckets by their deadwood.
var RaceBucketNames = func() [NumRaceBuckets]string {
	var names [NumRaceBuckets]string
	for b, floor := range RaceFloors {
		if b+1 < NumRaceBuckets {
			names[b] = fmt.Sprintf("%d-%d", floor, RaceFloors[b+1]-1)
		} else {
			names[b] = fmt.Sprintf("%d+", floor)
		}
	}
	return names
}()

// RacePrior is the weight, in plays, of the prior that RaceValues' cells
// are shrunk towards.
const RacePrior = 20

// RaceValues holds Value[deadwood][bucket][phase]: like HandValues, the
// mean net points of rounds in which a player's optimal deadwood after a
// play was that much in that phase, but also by its opponent's optimal
// deadwood then (a bucket of RaceFloors), which the logs show. A round
// is a race: the same hand is worth less against an opponent about to
// call. The sampled player values the hands it keeps by it, against the
// deadwood of the hands the opponent may hold.
type RaceValues struct {
	Doc     string                                                   `json:"doc"`
	Buckets [NumRaceBuckets]string                                   `json:"buckets"`
	Phases  [NumPhases]string                                        `json:"phases"`
	Value   [MaxValueDeadwood + 1][NumRaceBuckets][NumPhases]float64 `json:"value"`
	Samples [MaxValueDeadwood + 1][NumRaceBuckets][NumPhases]int     `json:"samples"`
}

// DefaultRaceValues returns race values that ignore the opponent: minus
// the deadwood, as the default hand values.
func DefaultRaceValues() *RaceValues {
	rv := &RaceValues{Doc: raceDoc, Buckets: RaceBucketNames, Phases: PhaseNames}
	for d := range rv.Value {
		for b := range rv.Value[d] {
			for ph := range rv.Value[d][b] {
				rv.Value[d][b][ph] = float64(-d)
			}
		}
	}
	return rv
}

// At returns the value of holding optimal deadwood dw against an opponent
// of deadwood bucket b, in phase.
func (rv *RaceValues) At(dw, b, phase int) float64 {
	return rv.Value[min(dw, MaxValueDeadwood)][b][phase]
}

var raceDoc = "value[deadwood][bucket][phase]: the mean net points (the player's round points minus its opponent's) of rounds in " +
	"which the player's optimal deadwood after a play was that much (60 and over in the last row), its opponent's optimal deadwood " +
	"then in the bucket (buckets: the opponent's deadwood), in that phase. " +
	fmt.Sprintf("Small cells are shrunk towards a prior, the hand value of that deadwood and phase plus the bucket's mean "+
		"difference from the hand values in that phase: a cell is (sum + %[1]d prior) / (n + %[1]d); then each bucket and phase is "+
		"made non-increasing in deadwood (weighted isotonic regression, weights n + %[1]d). ", RacePrior) +
	"The player values the hands it keeps against the hands the opponent may hold. Default: minus the deadwood."
