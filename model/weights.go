// Package model is the pure model of ginlog's tuned player: the weights
// format (weights.json: read, written and checked on plain readers and
// writers) and what is computed from the weights alone (the draw
// features, the hand policy, the race values, GameValue). It imports the
// rules engine (gin), the inference model and the standard library only,
// and no player: the players that play with the weights are in
// players/tuned, package model/fit fits the weights from replayed games
// and package model/export turns them into code.
//
// A weights file is one JSON object, nothing after it, whose every table has
// exactly the shape below and whose every number lies in the range of what
// it can mean: chances in [0, 1], counts in [0, MaxCount], the inference
// model's entries within infer.MaxWeight, other figures within
// MaxMagnitude, none subnormal (Validate; Read says which field is not).
// The weights, each fitted from the data:
//
//   - DrawModel: the probability that the opponent takes the face-up card,
//     by the card's rank, its relation to the cards the opponent is known to
//     hold (taken from the discard pile this round), and the phase of the
//     round; a regularised logistic regression. OpponentGain is how much
//     deadwood a taken card saves the opponent on average.
//
//   - KeepValues: the probability that a deadwood card ends the round in a
//     meld, by its rank group, its relation to the rest of the hand and the
//     phase: how much a card is worth keeping.
//
//   - KnockPolicy: the probability that a knock wins, by deadwood and phase.
//
//   - DrawPolicy: how much a stock draw lowers the deadwood on average, the
//     baseline of what feeding the opponent a card costs.
//
//   - HandValues: what holding an optimal deadwood in a phase was worth, in
//     net round points; never more for more deadwood.
//
//   - Opponent: how often and how the modelled player ends rounds, by phase.
//
//   - Inference (format version 3): the hand-inference model of package
//     model/infer, which gives the probability that the opponent holds
//     each card from what the player has seen of the round.
//
//   - HandPolicy (format version 3): how the modelled player plays given
//     its real hand, which the logs show: how often it takes the face-up
//     card by the card's relation to its hand, and how often it calls by
//     its deadwood. With the inference, it lets the sampled player play the
//     round out against hands the opponent may hold.
//
//   - RaceValues (format version 3): hand values by the opponent's
//     deadwood too, which the logs show: what the sampled player values
//     a kept hand by, against each hand the opponent may hold.
//
//   - RoundPoints (format version 4): how many rounds of the games ended
//     with each score, for the modelled player and for its opponent: the
//     rollout player values a round's outcome by the chance of winning the
//     game from the totals it leaves, a table it computes from them.
//
// A file of format version 2 has none of the last four, and one of version
// 3 not the last: they still read, the tuned player plays them exactly as
// it did before, and the rollout player values a version-3 file's rounds
// by their net points.
//
// Small cells are shrunk towards pooled priors, each section's doc says
// exactly how; the fitted knock policy always takes Gin and never favours
// a knock at more deadwood over one at less (CheckPolicy).
package model

import (
	"fmt"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model/infer"
)

// FormatName and FormatVersion identify the weights file format. Version
// 2 split the round into six phases (version 1 had three: most rounds end
// within the first of them); version 3 added the inference model and the
// hand policy; version 4 the round points. Read takes versions
// MinFormatVersion to FormatVersion.
const (
	FormatName       = "ginlog-weights"
	FormatVersion    = 4
	MinFormatVersion = 2
)

// NumPhases is the number of phases of a round, by the stock left when the
// turn begins. Against a player that knocks early most rounds end with
// 19-25 cards left, and what a hand is worth changes fast there: the
// phases are narrow at the start of the stock and wide at its end.
const NumPhases = 6

// PhaseFloors holds the least stock left of each phase.
var PhaseFloors = [NumPhases]int{29, 26, 23, 19, 13, 0}

// Phase returns the phase of a turn beginning with stockLeft cards.
func Phase(stockLeft int) int {
	if stockLeft >= 0 && stockLeft < len(phaseOf) {
		return int(phaseOf[stockLeft]) // the play-outs ask it at every turn
	}
	return phaseByFloors(stockLeft)
}

// phaseOf[n] is Phase(n) for the stock sizes a round has.
var phaseOf = func() (t [gin.StockSize + 1]uint8) {
	for n := range t {
		t[n] = uint8(phaseByFloors(n))
	}
	return t
}()

// phaseByFloors is Phase from PhaseFloors.
func phaseByFloors(stockLeft int) int {
	for ph, floor := range PhaseFloors {
		if stockLeft >= floor {
			return ph
		}
	}
	return NumPhases - 1
}

// PhaseNames names the phases by their stock left.
var PhaseNames = func() [NumPhases]string {
	var names [NumPhases]string
	top := gin.StockSize
	for ph, floor := range PhaseFloors {
		names[ph] = fmt.Sprintf("%d-%d", floor, top)
		top = floor - 1
	}
	return names
}()

// Weights is the content of a weights file.
type Weights struct {
	Format      string      `json:"format"`
	Version     int         `json:"version"`
	Doc         string      `json:"doc"`
	Provenance  Provenance  `json:"provenance"`
	DrawModel   DrawModel   `json:"draw_model"`
	KeepValues  KeepValues  `json:"keep_values"`
	KnockPolicy KnockPolicy `json:"knock_policy"`
	DrawPolicy  DrawPolicy  `json:"draw_policy"`
	HandValues  HandValues  `json:"hand_values"`
	Opponent    Opponent    `json:"opponent"`
	// Inference, HandPolicy and RaceValues are in every file of format
	// version 3 and in none of version 2.
	Inference  *infer.Params `json:"inference,omitempty"`
	HandPolicy *HandPolicy   `json:"hand_policy,omitempty"`
	RaceValues *RaceValues   `json:"race_values,omitempty"`
	// RoundPoints is in every file of format version 4.
	RoundPoints *RoundPoints `json:"round_points,omitempty"`
}

// MaxRoundPoints is the last entry of RoundPoints' lists: rounds worth
// more count there.
const MaxRoundPoints = 127

// RoundPoints counts the rounds of the games fitted by the points their
// winner scored: Modelled[x] the rounds in which the modelled player (the
// fit's --who) scored x points, Other[x] those in which its opponent did
// (x from 1; the last entry counts MaxRoundPoints and more). With --who
// both each round counts in both lists. Exactly one player scores in a
// round, so entry 0 stays 0.
type RoundPoints struct {
	Doc      string                  `json:"doc"`
	Modelled [MaxRoundPoints + 1]int `json:"modelled"`
	Other    [MaxRoundPoints + 1]int `json:"other"`
}

var roundPointsDoc = fmt.Sprintf("modelled[x]: the rounds of the games fitted in which the modelled player (the fit's --who) scored x points; "+
	"other[x]: those in which its opponent did; x from 1, the last entry counting %d points and more; with --who both each round "+
	"counts in both lists. The rollout player computes from them the chance of winning the game from any totals, and values a "+
	"round's outcome by it. Default: no rounds (the rollouts value a round by its net points).", MaxRoundPoints)

// Opponent describes how the modelled player ends rounds: the chance it
// calls at one of its turns, and what its calls look like, by phase.
type Opponent struct {
	Doc           string             `json:"doc"`
	CallRate      [NumPhases]float64 `json:"call_rate"`
	GinShare      [NumPhases]float64 `json:"gin_share"`
	KnockDeadwood [NumPhases]float64 `json:"knock_deadwood"`
	Turns         [NumPhases]int     `json:"turns"`
}

// MaxValueDeadwood is the largest deadwood HandValues has a row for; more
// counts as this much.
const MaxValueDeadwood = 60

// HandValues holds Value[deadwood][phase]: the mean net points (the
// holder's round points minus the other's) of rounds in which a player's
// optimal deadwood after a play was that much, in that phase.
type HandValues struct {
	Doc     string                                   `json:"doc"`
	Value   [MaxValueDeadwood + 1][NumPhases]float64 `json:"value"`
	Samples [MaxValueDeadwood + 1][NumPhases]int     `json:"samples"`
}

// Provenance says what the weights were fitted on.
type Provenance struct {
	Games         int               `json:"games"`
	Rounds        int               `json:"rounds"`
	Plays         int               `json:"plays"`
	Filters       map[string]string `json:"filters"`
	SchemaVersion int               `json:"schema_version"`
	CreatedAt     time.Time         `json:"created_at"`
	Fitted        bool              `json:"fitted"` // false for the defaults
}

// DrawModel is P(the opponent takes the offered face-up card) =
// logistic(sum of Coefficients[i] * feature i), the features named in
// Features (see DrawFeatures).
type DrawModel struct {
	Doc          string    `json:"doc"`
	Features     []string  `json:"features"`
	Coefficients []float64 `json:"coefficients"`
	L2           float64   `json:"l2"`
	Samples      int       `json:"samples"`
	// OpponentGain is the mean deadwood the opponent saved when it took a
	// face-up card: the cost of feeding it one.
	OpponentGain float64 `json:"opponent_gain"`
}

// KeepValues holds MeldProbability[rankGroup][relation][phase]: the
// probability that a deadwood card ends the round in a meld.
type KeepValues struct {
	Doc             string                                          `json:"doc"`
	RankGroups      [NumRankGroups]string                           `json:"rank_groups"`
	Relations       [NumRelations]string                            `json:"relations"`
	Phases          [NumPhases]string                               `json:"phases"`
	MeldProbability [NumRankGroups][NumRelations][NumPhases]float64 `json:"meld_probability"`
	Samples         [NumRankGroups][NumRelations][NumPhases]int     `json:"samples"`
}

// NumKnockDeadwoods is the number of rows of the knock policy: deadwood 0
// (Gin) to gin.KnockLimit.
const NumKnockDeadwoods = gin.KnockLimit + 1

// KnockPolicy holds WinProbability[deadwood][phase] for deadwood 0..10,
// and the least probability at which the player knocks.
type KnockPolicy struct {
	Doc            string                                `json:"doc"`
	WinProbability [NumKnockDeadwoods][NumPhases]float64 `json:"win_probability"`
	Samples        [NumKnockDeadwoods][NumPhases]int     `json:"samples"`
	Threshold      float64                               `json:"threshold"`
	// Value[deadwood][phase] is the mean net points a knock at that
	// deadwood and phase brought the knocker.
	Value [NumKnockDeadwoods][NumPhases]float64 `json:"value"`
}

// DrawPolicy holds the mean deadwood a stock draw saves.
type DrawPolicy struct {
	Doc       string  `json:"doc"`
	StockGain float64 `json:"stock_gain"`
	Samples   int     `json:"samples"`
}

// The weights of the pooled priors that fitting shrinks small cells
// towards, in samples of the cell's own kind: a cell with this many
// samples is half data, half prior. The section docs spell out the
// formulas.
const (
	KeepPrior       = 10 // cards held, for keep_values
	KnockPrior      = 10 // knocks, for knock_policy.win_probability
	KnockValuePrior = 20 // knocks, for knock_policy.value
	HandValuePrior  = 20 // plays, for hand_values
	OpponentPrior   = 10 // calls or knocks, for opponent.gin_share and knock_deadwood
)

// Defaults returns uninformed weights: no opponent model, no keep values
// (cards are worth their points), a hand worth minus its deadwood,
// knocking as soon as it is legal, the uniform inference (every unseen
// card equally likely to be the opponent's) and the rules' hand policy
// (the opponent takes a face-up card that melds and calls as soon as it
// may). The tuned player still looks ahead with them; what the fitted
// weights add is measured against them.
func Defaults() *Weights {
	w := &Weights{Format: FormatName, Version: FormatVersion, Doc: weightsDoc}
	w.DrawModel = DrawModel{Doc: drawModelDoc, Features: DrawFeatureNames(), Coefficients: make([]float64, NumDrawFeatures)}
	w.DrawModel.Coefficients[0] = -20 // P(take) ~ 0: no danger
	w.KeepValues = KeepValues{Doc: keepDoc, RankGroups: RankGroupNames, Relations: RelationNames, Phases: PhaseNames}
	w.KnockPolicy = KnockPolicy{Doc: knockDoc, Threshold: 0.5}
	for d := range w.KnockPolicy.WinProbability {
		for p := range w.KnockPolicy.WinProbability[d] {
			w.KnockPolicy.WinProbability[d][p] = 1
			w.KnockPolicy.Value[d][p] = 1000 // a knock is always worth more than playing on
		}
	}
	w.DrawPolicy = DrawPolicy{Doc: drawPolicyDoc}
	w.Opponent = Opponent{Doc: opponentDoc}
	w.HandValues = HandValues{Doc: handValuesDoc}
	for d := range w.HandValues.Value {
		for p := range w.HandValues.Value[d] {
			w.HandValues.Value[d][p] = float64(-d)
		}
	}
	w.Inference = infer.NewParams()
	w.HandPolicy = DefaultHandPolicy()
	w.RaceValues = DefaultRaceValues()
	w.RoundPoints = &RoundPoints{Doc: roundPointsDoc}
	w.Provenance.Filters = map[string]string{}
	return w
}

var weightsDoc = "Weights fitted by ginlog fit from verified Gin Rummy games; see each section's doc. " +
	"Phases, by the stock cards left when the turn begins: " + strings.Join(PhaseNames[:], ", ") + ". " +
	"samples: the observations behind each cell."

var (
	drawModelDoc = "P(the opponent takes the face-up card) = 1 / (1 + exp(-sum(coefficients[i] * x[i]))), " +
		"x: intercept 1; rank_A..rank_K one-hot for the card's rank; known_meld 1 if the card makes a set or run " +
		"with cards the opponent is known to hold (taken from the discard pile this round); known_combo 1 if it is " +
		"of the rank of such a card or of its suit within two ranks (and not known_meld); phase_<phase> one-hot for each phase but the first. " +
		"Fitted by L2-regularised logistic regression (gonum L-BFGS). opponent_gain: mean deadwood saved by a face-up take. " +
		"Default: the opponent never takes a card, and a take saves nothing."
	keepDoc = "meld_probability[rank_group][relation][phase]: the share of deadwood cards, held after a play, that ended " +
		"the round in a meld of the holder's final hand. relation: which of pair (a card of the same rank), " +
		"run (same suit, adjacent rank) and gap (same suit, two ranks away) the rest of the hand offers. " +
		fmt.Sprintf("Small cells are shrunk towards a pooled prior: a cell is (melded + %[1]d q) / (held + %[1]d), where "+
			"q = (melded_r + %[1]d g) / (held_r + %[1]d) is the share of its rank group and relation over all phases and "+
			"g = (melded_g + 1) / (held_g + 2) that of its rank group. ", KeepPrior) +
		"Default: 0, a card is worth its points."
	knockDoc = "win_probability[deadwood][phase]: the share of knocks at that optimal deadwood and phase that scored for the " +
		"knocker (not undercut). " +
		fmt.Sprintf("Small cells are shrunk towards a pooled prior: a cell is (won + %[1]d q) / (knocks + %[1]d), where "+
			"q = (won_d + %[1]d p) / (knocks_d + %[1]d) is the share at that deadwood over all phases and "+
			"p = (won_all + 1) / (knocks_all + 2) that of every knock at deadwood 1 to 10; then each phase is made non-increasing "+
			"in deadwood (weighted isotonic regression, weights knocks + %[1]d), and deadwood 0 is 1: Gin cannot be undercut. ", KnockPrior) +
		fmt.Sprintf("value[deadwood][phase]: the mean net points such knocks brought the knocker, shrunk towards the phase's "+
			"mean m with the weight of %[1]d knocks: (sum + %[1]d m) / (knocks + %[1]d). ", KnockValuePrior) +
		"The player knocks when win_probability is at least threshold and value is at least what the hand is " +
		"expected to be worth after one more draw (hand_values). Default: 1 and 1000, knock as soon as it is legal."
	handValuesDoc = "value[deadwood][phase]: the mean net points (the player's round points minus its opponent's) of rounds in " +
		"which the player's optimal deadwood after a play was that much (60 and over in the last row), in that phase. " +
		fmt.Sprintf("Small cells are shrunk towards a pooled prior, the phase's weighted least-squares line l over deadwood "+
			"(minus the deadwood when the phase has fewer than two deadwoods): a cell is (sum + %[1]d l) / (n + %[1]d); "+
			"then each phase is made non-increasing in deadwood (weighted isotonic regression, weights n + %[1]d). ", HandValuePrior) +
		"The player maximises the expected value after its next draw. Default: minus the deadwood."
	opponentDoc = "call_rate[phase]: the share of the modelled player's turns (the fit's --who) that ended the round with Gin " +
		"or Knock; gin_share: the share of those calls that were Gin; knock_deadwood: the mean optimal deadwood of its knocks. " +
		fmt.Sprintf("gin_share and knock_deadwood are shrunk towards their value over all phases, v, with the weight of %[1]d "+
			"calls or knocks: (sum + %[1]d v) / (n + %[1]d). turns: the modelled player's turns. ", OpponentPrior) +
		"The tuned player weighs its next draw against the chance that the opponent calls first. Default: it never does."
	drawPolicyDoc = "stock_gain: the mean drop in optimal deadwood that a stock draw brought (deadwood before the play minus " +
		"the best reachable after drawing). The player weighs the risk of feeding the opponent by what a take saves it beyond this. " +
		"Default: 0."
)
