package infer

import (
	"math"

	"github.com/ginlog/ginlog/gin"
)

// The Bayesian filter is the hand-written baseline a fitted model must
// beat. It knows the rules and the obvious logic of play, not the data:
// starting from the uniform, each event of the round multiplies the odds
// that the opponent holds a card by a fixed likelihood ratio, by the
// card's relation to the event's card:
//
//   - a card the opponent took face up and keeps: it was taken to meld, so
//     the cards of its rank and of its suit one rank away are three times
//     as likely held, those two ranks away half as likely again;
//   - a face-up card the opponent refused: had it held cards that meld
//     with it, it would have taken it, so those cards are half as likely
//     (three quarters two ranks away);
//   - a card the opponent discarded: a player keeps what melds and throws
//     the rest, so its neighbours are half as likely (three quarters two
//     ranks away).
//
// The odds are then conditioned on the number of the opponent's unknown
// cards, as for a Model (Marginals).
var filterRatios = [3][NumRelations]float64{
	{3, 3, 1.5},      // known cards
	{0.5, 0.5, 0.75}, // refused cards
	{0.5, 0.5, 0.75}, // discarded cards
}

// filterLogs holds the logs of filterRatios.
var filterLogs = func() (l [3][NumRelations]float64) {
	for i, row := range filterRatios {
		for r, v := range row {
			l[i][r] = math.Log(v)
		}
	}
	return l
}()

// Filter sets out as Probabilities does, for the Bayesian filter baseline
// (see filterRatios).
func (t *Tracker) Filter(out *[gin.NumCards]float64) {
	t.Problem(&t.problem)
	pr := &t.problem
	z := t.z[:len(pr.Cards)]
	for i, c := range pr.Cards {
		s := 0.0
		for r := range NumRelations {
			s += float64((related[r][c] & t.known).Len()) * filterLogs[0][r]
			s += float64(t.refused[r][c]) * filterLogs[1][r]
			s += float64(t.discarded[r][c]) * filterLogs[2][r]
		}
		z[i] = s
	}
	t.fill(pr, z, out)
}
