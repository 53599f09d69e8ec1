package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/stats"
)

// The ranking rule of the opponent's tendencies. A measure is ranked by
// its gap: how far the opponent's 95% interval lies from yours (0 when
// the two overlap), the smallest difference between the players that the
// data allow. The intervals allow for the plays of one round being alike
// and for long rounds (see interval). A measure is left out when either
// side has fewer opportunities than the minimum sample, when the
// opponent's interval is wider than maxWidth (too vague to act on), or
// when the gap is under minGap (none, or too small to play on). The list
// shows the maxListed largest gaps, ties in the order of queries.Measures.
const (
	maxWidth  = 0.30
	minGap    = 0.03
	maxListed = 5
)

// wording is how the report speaks of a measure.
type wording struct {
	Short  string // a row label: "takes meld cards"
	What   string // what the opponent does: "takes the face-up card when it joins a meld"
	Of     string // what the opportunities are: "offers"
	Higher string // the advice when the opponent does it more than you
	Lower  string // the advice when it does it less
}

// words holds the wording of every measure of queries.Measures. The
// advice compares the opponent with you, as the ranking does: a rate
// below yours may still be high.
var words = map[queries.Measure]wording{
	queries.TakeMeld: {"takes a face-up card that melds", "takes the face-up card when it joins a meld", "offers",
		"It lets fewer melding cards go by than you do: discard cards that fit its melds later, once its melds are likely complete.",
		"It lets more melding cards go by than you do: discarding near its melds costs less than you may fear."},
	queries.TakeNear: {"takes a face-up card next to its own", "takes the face-up card when it pairs or neighbours a held card without joining a meld", "offers",
		"It builds on pairs and neighbours more than you do: its pick-ups show its sets and runs in the making, so do not discard cards of the same rank as, or next to, the cards it took.",
		"It builds on pairs and neighbours less than you do: a card it takes usually finishes a meld."},
	queries.TakeNone: {"takes a face-up card it cannot use", "takes the face-up card when it relates to nothing held", "offers",
		"It takes more cards it cannot use yet than you do: its pick-ups say less about its hand, and they add to its deadwood.",
		"It takes fewer unrelated cards than you do: read its hand from its pick-ups."},
	queries.KnockPassed: {"plays on when it could knock", "plays on at its first chance to knock in a round", "rounds",
		"It waits longer than you do for lower deadwood or Gin: knock early against it, before it gets there.",
		"It knocks sooner than you do: expect shorter rounds, and keep your deadwood low from the start to undercut it."},
	queries.KnockHigh: {"knocks with 7 or more deadwood", "knocks with 7 or more deadwood", "knocks",
		"Its knocks carry more deadwood than yours: keep your deadwood low and undercut them.",
		"Its knocks carry less deadwood than yours: undercutting it is harder, so do not count on it."},
	queries.Undercut: {"is undercut when it knocks", "is undercut when it knocks", "knocks",
		"Its knocks are undercut more often than yours: against it, a low-deadwood hand pays more than a race to knock.",
		"Its knocks are undercut less often than yours: once it can knock the round is likely lost, so knock first."},
	queries.GinCall: {"calls Gin rather than knock", "calls Gin rather than knock", "calls",
		"It ends rounds with Gin more often than you do: knock early rather than let rounds run long.",
		"It ends rounds with Gin less often than you do: expect knocks, which a low-deadwood hand can undercut."},
	queries.DiscardWorse: {"discards worse than its best", "discards a card that leaves more deadwood than its best discard", "discards",
		"It throws away useful cards more often than you do: its hands stay weaker than its cards allow, and its discards tell less about what it needs.",
		"It throws its worst card more reliably than you do: a card it discards is one it does not need."},
	queries.WeakDeclare: {"declares worse melds than it has", "declares worse melds than it has, losing points", "verified rounds",
		"It declares worse melds than it holds more often than you do: in the rounds it loses it gives away extra points.",
		"It declares its best melds more reliably than you do."},
}

// tendency is one measure of the opponent set against yours.
type tendency struct {
	Measure queries.Measure
	Opp     queries.Rate
	You     queries.Rate
	OppCI   [2]float64 // the 95% intervals, low and high (see interval)
	YouCI   [2]float64
	Gap     float64 // the ranking's key: the gap between the two intervals
	Note    string  // why it is not ranked, or "" when it is
}

// Higher reports whether the opponent's rate is above yours.
func (t tendency) Higher() bool { return t.Opp.Value() > t.You.Value() }

// The notes of measures left out of the ranking.
const (
	noteSmall   = "small sample"
	noteWide    = "interval too wide"
	noteOverlap = "intervals overlap"
	noteNarrow  = "gap under 3 points"
)

// gap returns how far apart two intervals lie: 0 when they overlap.
func gap(a, b [2]float64) float64 {
	return math.Max(0, math.Max(a[0]-b[1], b[0]-a[1]))
}

// interval returns the 95% interval of a rate whose opportunities come in
// rounds, allowing for the plays of one round being alike (they share a
// hand, so a habit shows in runs) and for a few long rounds holding many
// of the opportunities: the Wilson interval on an effective sample, the
// number of independent opportunities that would give the rate the
// variance that a jackknife over rounds finds (the spread of the rate
// recomputed without each round in turn). The effective sample is at most
// the number of opportunities; a rate of 0 or 1 has no spread to go by
// and counts its rounds. Without opportunities it returns (0, 0).
func interval(r queries.Rate, s queries.Spread) [2]float64 {
	if r.Opportunities == 0 {
		return [2]float64{0, 0}
	}
	n, k := float64(r.Opportunities), float64(min(max(s.Rounds, 1), r.Opportunities))
	p := float64(r.Cases) / n
	eff := k
	if p > 0 && p < 1 && s.Rounds > 1 {
		jack := (k - 1) / k * math.Max(0, s.SumSq-s.Sum*s.Sum/k)
		eff = n
		if jack > 0 {
			eff = math.Max(1, math.Min(n, p*(1-p)/jack))
		}
	}
	return wilson(p, eff)
}

// wilsonOf returns the 95% Wilson interval of a rate of independent
// cases.
func wilsonOf(r queries.Rate) [2]float64 {
	lo, hi := r.Interval()
	return [2]float64{lo, hi}
}

// wilson returns the 95% Wilson score interval of a rate p observed on n
// opportunities (n may be fractional: an effective sample).
func wilson(p, n float64) [2]float64 {
	z2 := stats.Z95 * stats.Z95
	center := (p + z2/(2*n)) / (1 + z2/n)
	half := stats.Z95 / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi := math.Max(0, center-half), math.Min(1, center+half)
	// Rounding must not exclude the observed rate at the edges.
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return [2]float64{lo, hi}
}

// rankTendencies applies the ranking rule to the measures: it returns the
// listed tendencies, largest gap first, and every measure with its gap and
// note, in the order given.
func rankTendencies(ms []queries.MeasureRates, minSample int) (listed, all []tendency) {
	for _, m := range ms {
		t := tendency{Measure: m.Measure, Opp: m.Sides[gin.Opp], You: m.Sides[gin.You],
			OppCI: interval(m.Sides[gin.Opp], m.Spread[gin.Opp]), YouCI: interval(m.Sides[gin.You], m.Spread[gin.You])}
		switch {
		case t.Opp.Opportunities < max(1, minSample) || t.You.Opportunities < max(1, minSample):
			t.Note = noteSmall
		case t.OppCI[1]-t.OppCI[0] > maxWidth:
			t.Note = noteWide
		default:
			switch t.Gap = gap(t.OppCI, t.YouCI); {
			case t.Gap == 0:
				t.Note = noteOverlap
			case t.Gap < minGap:
				t.Note = noteNarrow
			}
		}
		all = append(all, t)
		if t.Note == "" {
			listed = append(listed, t)
		}
	}
	slices.SortStableFunc(listed, func(a, b tendency) int { return cmp.Compare(b.Gap, a.Gap) })
	if len(listed) > maxListed {
		listed = listed[:maxListed]
	}
	return listed, all
}

// rateText writes a rate with its interval: "71% (63-78%)".
func rateText(r queries.Rate, ci [2]float64) string {
	if r.Opportunities == 0 {
		return "no data"
	}
	return fmt.Sprintf("%s%% (%s-%s%%)", percentOf(r.Value()), percentOf(ci[0]), percentOf(ci[1]))
}

// percentOf writes a share as a whole percentage, or with one decimal,
// rounded away from the end, when a whole one would read 0 or 100 for a
// share that is neither.
func percentOf(v float64) string {
	whole := fmt.Sprintf("%.0f", 100*v)
	switch {
	case whole == "0" && v > 0:
		return fmt.Sprintf("%.1f", math.Ceil(1000*v)/10)
	case whole == "100" && v < 1:
		return fmt.Sprintf("%.1f", math.Floor(1000*v)/10)
	}
	return whole
}

// Sentence says what the tendency is, how large, and against what.
func (t tendency) Sentence() string {
	w := words[t.Measure]
	return fmt.Sprintf("It %s: %s of %d %s; you %s.", w.What, rateText(t.Opp, t.OppCI), t.Opp.Opportunities, w.Of, rateText(t.You, t.YouCI))
}

// Advice says how to play against the tendency.
func (t tendency) Advice() string {
	if t.Higher() {
		return words[t.Measure].Higher
	}
	return words[t.Measure].Lower
}
