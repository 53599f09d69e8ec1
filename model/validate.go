package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/ginlog/ginlog/model/infer"
)

// MaxMagnitude bounds every figure of the weights that is not a
// probability or a count: coefficients, deadwood gains and net points lie
// in [-MaxMagnitude, MaxMagnitude]. A round scores at most 25 + 100 points;
// the defaults' knock value is this bound. A draw model coefficient is a
// log-odds term: fitted ones stay within a few units (33 with a vanishing
// --l2 on the 8 real games, where a feature separates the takes), and the
// players compute the logistic of any sum of them without overflow
// (Logistic).
const MaxMagnitude = 1000

// MaxL2 bounds the draw model's L2 penalty.
const MaxL2 = 1e6

// MaxCount bounds every count of the weights (samples, games, rounds,
// plays, round points): a trillion, ten thousand times the plays of a
// million games, the inference model's bound (infer.MaxCount). The sums
// of a table's counts then stay exact in a float64 and far from
// overflowing an int.
const MaxCount = infer.MaxCount

// MinMagnitude is the least magnitude of a nonzero figure: the least
// normal float64, 2^-1022. Below it float64 keeps fewer digits (subnormal
// numbers); a fitted figure is a mean or a share of counts (or a fitted
// coefficient) and never lands there.
const MinMagnitude = 0x1p-1022

// ErrRange is wrapped by the error of a number of the weights out of its
// range, in the inference model too (it is infer.ErrRange).
var ErrRange = infer.ErrRange

// FieldError is a field of the weights that is out of its range or is not
// what the format says, located by its JSON path.
type FieldError struct {
	Field string // e.g. knock_policy.win_probability[3][2]
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

func (e *FieldError) Unwrap() error { return e.Err }

// Validate checks what the types cannot: every number is in the range of
// what it can mean (probabilities in [0, 1], counts in [0, MaxCount],
// knock deadwood in [0, 10], the L2 penalty in [0, MaxL2], the inference
// model's entries within infer.MaxWeight, other figures within
// MaxMagnitude; NaN and infinities never, and a nonzero figure at least
// MinMagnitude in magnitude), and the names of the features, rank
// groups, relations and phases are the format's, in order. The first
// fault is a *FieldError, whose error reads "VALUE out of range (want LO
// to HI)" for a number. Free text (docs, provenance filters) is not
// checked: exporters escape it.
func (w *Weights) Validate() error {
	c := &checker{}
	if w.Format != FormatName {
		c.fail("format", "%q, want %q", w.Format, FormatName)
	}
	if w.Version < MinFormatVersion || w.Version > FormatVersion {
		c.fail("version", "%d, want %d to %d", w.Version, MinFormatVersion, FormatVersion)
	}
	p := &w.Provenance
	c.count("provenance.games", p.Games)
	c.count("provenance.rounds", p.Rounds)
	c.count("provenance.plays", p.Plays)
	c.count("provenance.schema_version", p.SchemaVersion)

	d := &w.DrawModel
	c.names("draw_model.features", d.Features, DrawFeatureNames())
	if len(d.Coefficients) != NumDrawFeatures {
		c.fail("draw_model.coefficients", "%d coefficients, want %d", len(d.Coefficients), NumDrawFeatures)
	}
	c.floats("draw_model.coefficients", d.Coefficients, -MaxMagnitude, MaxMagnitude)
	c.float("draw_model.l2", d.L2, 0, MaxL2)
	c.count("draw_model.samples", d.Samples)
	c.float("draw_model.opponent_gain", d.OpponentGain, -MaxMagnitude, MaxMagnitude)

	k := &w.KeepValues
	c.names("keep_values.rank_groups", k.RankGroups[:], RankGroupNames[:])
	c.names("keep_values.relations", k.Relations[:], RelationNames[:])
	c.names("keep_values.phases", k.Phases[:], PhaseNames[:])
	for g := range k.MeldProbability {
		for r := range k.MeldProbability[g] {
			c.floats(fmt.Sprintf("keep_values.meld_probability[%d][%d]", g, r), k.MeldProbability[g][r][:], 0, 1)
			c.counts(fmt.Sprintf("keep_values.samples[%d][%d]", g, r), k.Samples[g][r][:])
		}
	}

	kp := &w.KnockPolicy
	for dw := range kp.WinProbability {
		c.floats(fmt.Sprintf("knock_policy.win_probability[%d]", dw), kp.WinProbability[dw][:], 0, 1)
		c.counts(fmt.Sprintf("knock_policy.samples[%d]", dw), kp.Samples[dw][:])
		c.floats(fmt.Sprintf("knock_policy.value[%d]", dw), kp.Value[dw][:], -MaxMagnitude, MaxMagnitude)
	}
	c.float("knock_policy.threshold", kp.Threshold, 0, 1)

	c.float("draw_policy.stock_gain", w.DrawPolicy.StockGain, -MaxMagnitude, MaxMagnitude)
	c.count("draw_policy.samples", w.DrawPolicy.Samples)

	for dw := range w.HandValues.Value {
		c.floats(fmt.Sprintf("hand_values.value[%d]", dw), w.HandValues.Value[dw][:], -MaxMagnitude, MaxMagnitude)
		c.counts(fmt.Sprintf("hand_values.samples[%d]", dw), w.HandValues.Samples[dw][:])
	}

	o := &w.Opponent
	c.floats("opponent.call_rate", o.CallRate[:], 0, 1)
	c.floats("opponent.gin_share", o.GinShare[:], 0, 1)
	c.floats("opponent.knock_deadwood", o.KnockDeadwood[:], 0, NumKnockDeadwoods-1)
	c.counts("opponent.turns", o.Turns[:])

	c.version3(w)
	c.version4(w)
	if c.err != nil {
		return c.err
	}
	return nil
}

// version4 checks the section of format version 4: present in version 4,
// absent before.
func (c *checker) version4(w *Weights) {
	rp := w.RoundPoints
	switch {
	case w.Version < 4 && rp != nil:
		c.fail("round_points", "not in format version %d (it came with version 4)", w.Version)
	case w.Version < 4:
	case rp == nil:
		c.fail("round_points", "missing")
	default:
		for _, side := range []struct {
			name   string
			rounds []int
		}{{"modelled", rp.Modelled[:]}, {"other", rp.Other[:]}} {
			if n := side.rounds[0]; n != 0 {
				c.fail("round_points."+side.name+"[0]", "%d %w (want 0: exactly one player scores in a round)", n, ErrRange)
			}
			c.counts("round_points."+side.name, side.rounds)
		}
	}
}

// version3 checks the sections of format version 3: present in version 3
// and later, absent before.
func (c *checker) version3(w *Weights) {
	if w.Version < 3 {
		if w.Inference != nil {
			c.fail("inference", "not in format version %d (it came with version 3)", w.Version)
		}
		if w.HandPolicy != nil {
			c.fail("hand_policy", "not in format version %d (it came with version 3)", w.Version)
		}
		if w.RaceValues != nil {
			c.fail("race_values", "not in format version %d (it came with version 3)", w.Version)
		}
		return
	}
	rv := w.RaceValues
	if rv == nil {
		c.fail("race_values", "missing")
	} else {
		c.names("race_values.buckets", rv.Buckets[:], RaceBucketNames[:])
		c.names("race_values.phases", rv.Phases[:], PhaseNames[:])
		for d := range rv.Value {
			for b := range rv.Value[d] {
				c.floats(fmt.Sprintf("race_values.value[%d][%d]", d, b), rv.Value[d][b][:], -MaxMagnitude, MaxMagnitude)
				c.counts(fmt.Sprintf("race_values.samples[%d][%d]", d, b), rv.Samples[d][b][:])
			}
		}
	}
	if w.Inference == nil {
		c.fail("inference", "missing")
	} else if err := w.Inference.Validate(); err != nil {
		var fe *infer.FieldError
		if errors.As(err, &fe) {
			c.fail("inference."+fe.Field, "%w", fe.Err)
		} else {
			c.fail("inference", "%v", err)
		}
	}
	hp := w.HandPolicy
	if hp == nil {
		c.fail("hand_policy", "missing")
		return
	}
	c.names("hand_policy.relations", hp.Relations[:], TakeRelationNames[:])
	c.names("hand_policy.phases", hp.Phases[:], PhaseNames[:])
	for r := range hp.TakeRate {
		c.floats(fmt.Sprintf("hand_policy.take_rate[%d]", r), hp.TakeRate[r][:], 0, 1)
		c.counts(fmt.Sprintf("hand_policy.take_samples[%d]", r), hp.TakeSamples[r][:])
	}
	for d := range hp.CallRate {
		c.floats(fmt.Sprintf("hand_policy.call_rate[%d]", d), hp.CallRate[d][:], 0, 1)
		c.counts(fmt.Sprintf("hand_policy.call_samples[%d]", d), hp.CallSamples[d][:])
	}
	c.floats("hand_policy.best_discard_rate", hp.BestDiscardRate[:], 0, 1)
	c.counts("hand_policy.best_discard_samples", hp.BestDiscardSamples[:])
}

// ErrPolicy is the error of weights whose knock policy or hand values a
// bot cannot trust.
var ErrPolicy = errors.New("absurd policy")

// CheckPolicy checks what a bot playing by the weights relies on, which
// fitting guarantees: Gin is always taken (the knock win probability at
// deadwood 0 is 1 in every phase), a knock never looks better at more
// deadwood (win probabilities non-increasing in deadwood within a phase),
// and neither does a hand (hand values non-increasing in deadwood). The
// first fault is a *FieldError wrapping ErrPolicy.
func (w *Weights) CheckPolicy() error {
	kp := &w.KnockPolicy
	for ph := range NumPhases {
		if p := kp.WinProbability[0][ph]; p != 1 {
			return &FieldError{fmt.Sprintf("knock_policy.win_probability[0][%d]", ph),
				fmt.Errorf("%w: %v at deadwood 0, want 1: Gin cannot be undercut (fit the weights again)", ErrPolicy, p)}
		}
		for dw := 1; dw < NumKnockDeadwoods; dw++ {
			if a, b := kp.WinProbability[dw-1][ph], kp.WinProbability[dw][ph]; b > a {
				return &FieldError{fmt.Sprintf("knock_policy.win_probability[%d][%d]", dw, ph),
					fmt.Errorf("%w: %v at deadwood %d is more than %v at %d (fit the weights again)", ErrPolicy, b, dw, a, dw-1)}
			}
		}
		for dw := 1; dw <= MaxValueDeadwood; dw++ {
			if a, b := w.HandValues.Value[dw-1][ph], w.HandValues.Value[dw][ph]; b > a {
				return &FieldError{fmt.Sprintf("hand_values.value[%d][%d]", dw, ph),
					fmt.Errorf("%w: %v at deadwood %d is more than %v at %d (fit the weights again)", ErrPolicy, b, dw, a, dw-1)}
			}
		}
	}
	return nil
}

// checker collects the first fault of Validate.
type checker struct{ err *FieldError }

func (c *checker) fail(field, format string, args ...any) {
	if c.err == nil {
		c.err = &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
	}
}

// inRange reports whether v is a number in [lo, hi], and 0 or at least
// MinMagnitude in magnitude.
func inRange(v, lo, hi float64) bool {
	return v >= lo && v <= hi && (v == 0 || math.Abs(v) >= MinMagnitude)
}

// float checks that v is in range (inRange).
func (c *checker) float(field string, v, lo, hi float64) {
	switch {
	case !(v >= lo && v <= hi): // NaN too
		c.fail(field, "%v %w (want %v to %v)", v, ErrRange, lo, hi)
	case !inRange(v, lo, hi):
		c.fail(field, "%v %w (want 0, or %v to %v in magnitude)", v, ErrRange, MinMagnitude, max(-lo, hi))
	}
}

// floats checks each of the list vs with float.
func (c *checker) floats(field string, vs []float64, lo, hi float64) {
	for i, v := range vs {
		if !inRange(v, lo, hi) {
			c.float(fmt.Sprintf("%s[%d]", field, i), v, lo, hi)
			return
		}
	}
}

// count checks that n is in [0, MaxCount].
func (c *checker) count(field string, n int) {
	if n < 0 || n > MaxCount {
		c.fail(field, "%d %w (want 0 to %d)", n, ErrRange, MaxCount)
	}
}

// counts checks each of the list ns with count.
func (c *checker) counts(field string, ns []int) {
	for i, n := range ns {
		if n < 0 || n > MaxCount {
			c.count(fmt.Sprintf("%s[%d]", field, i), n)
			return
		}
	}
}

// names checks that got is want.
func (c *checker) names(field string, got, want []string) {
	if len(got) != len(want) {
		c.fail(field, "%d names, want %d", len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			c.fail(fmt.Sprintf("%s[%d]", field, i), "%q, want %q", got[i], want[i])
			return
		}
	}
}
