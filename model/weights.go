// Package model fits weights from verified games, stores them in a
// documented JSON format (weights.json), exports them for bots written in
// Haskell or Go, and plays with them: the tuned player.
//
// The weights, each fitted from the data (see Fit):
//
//   - DrawModel: the probability that the opponent takes the face-up card,
//     by the card's rank, its relation to the cards the opponent is known to
//     hold (taken from the discard pile this round), and the phase of the
//     round; a regularised logistic regression. OpponentGain is how much
//     deadwood a taken card saves the opponent on average.
//   - KeepValues: the probability that a deadwood card ends the round in a
//     meld, by its rank group, its relation to the rest of the hand and the
//     phase: how much a card is worth keeping.
//   - KnockPolicy: the probability that a knock wins, by deadwood and phase.
//   - DrawPolicy: how much a stock draw lowers the deadwood on average, the
//     baseline of what feeding the opponent a card costs.
package model

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
)

// FormatName and FormatVersion identify the weights file format. Version
// 2 split the round into six phases (version 1 had three: most rounds end
// within the first of them).
const (
	FormatName    = "ginlog-weights"
	FormatVersion = 2
)

// NumPhases is the number of phases of a round, by the stock left when the
// turn begins. Against a player that knocks early most rounds end with
// 19-25 cards left, and what a hand is worth changes fast there: the
// phases are narrow at the start of the stock and wide at its end.
const NumPhases = 6

// phaseFloors holds the least stock left of each phase.
var phaseFloors = [NumPhases]int{29, 26, 23, 19, 13, 0}

// Phase returns the phase of a turn beginning with stockLeft cards.
func Phase(stockLeft int) int {
	for ph, floor := range phaseFloors {
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
	for ph, floor := range phaseFloors {
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
}

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
// Features (see drawFeatures).
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

// KnockPolicy holds WinProbability[deadwood][phase] for deadwood 0..10,
// and the least probability at which the player knocks.
type KnockPolicy struct {
	Doc            string                 `json:"doc"`
	WinProbability [11][NumPhases]float64 `json:"win_probability"`
	Samples        [11][NumPhases]int     `json:"samples"`
	Threshold      float64                `json:"threshold"`
	// Value[deadwood][phase] is the mean net points a knock at that
	// deadwood and phase brought the knocker.
	Value [11][NumPhases]float64 `json:"value"`
}

// DrawPolicy holds the mean deadwood a stock draw saves.
type DrawPolicy struct {
	Doc       string  `json:"doc"`
	StockGain float64 `json:"stock_gain"`
	Samples   int     `json:"samples"`
}

// Defaults returns uninformed weights: no opponent model, no keep values
// (cards are worth their points), a hand worth minus its deadwood, and
// knocking as soon as it is legal. The tuned player still looks ahead with
// them; what the fitted weights add is measured against them.
func Defaults() *Weights {
	w := &Weights{Format: FormatName, Version: FormatVersion, Doc: weightsDoc}
	w.DrawModel = DrawModel{Doc: drawModelDoc, Features: drawFeatureNames(), Coefficients: make([]float64, numDrawFeatures)}
	w.DrawModel.Coefficients[0] = -20 // P(take) ~ 0: no danger
	w.KeepValues = KeepValues{Doc: keepDoc, RankGroups: rankGroupNames, Relations: relationNames, Phases: PhaseNames}
	w.KnockPolicy = KnockPolicy{Doc: knockDoc, Threshold: 0.5}
	for d := range w.KnockPolicy.WinProbability {
		for p := range w.KnockPolicy.WinProbability[d] {
			w.KnockPolicy.WinProbability[d][p] = 1
			w.KnockPolicy.Value[d][p] = 1000 // a knock is always worth more than playing on
		}
	}
	w.DrawPolicy = DrawPolicy{Doc: drawPolicyDoc, StockGain: math.Inf(1)}
	w.Opponent = Opponent{Doc: opponentDoc}
	w.HandValues = HandValues{Doc: handValuesDoc}
	for d := range w.HandValues.Value {
		for p := range w.HandValues.Value[d] {
			w.HandValues.Value[d][p] = -float64(d)
		}
	}
	w.Provenance.Filters = map[string]string{}
	return w
}

var weightsDoc = "Weights fitted by ginlog fit from verified Gin Rummy games; see each section's doc. " +
	"Phases, by the stock cards left when the turn begins: " + strings.Join(PhaseNames[:], ", ") + "."

const (
	drawModelDoc = "P(the opponent takes the face-up card) = 1 / (1 + exp(-sum(coefficients[i] * x[i]))), " +
		"x: intercept 1; rank_A..rank_K one-hot for the card's rank; known_meld 1 if the card makes a set or run " +
		"with cards the opponent is known to hold (taken from the discard pile this round); known_combo 1 if it is " +
		"of the rank of such a card or of its suit within two ranks (and not known_meld); phase_<phase> one-hot for each phase but the first. " +
		"Fitted by L2-regularised logistic regression (gonum L-BFGS). opponent_gain: mean deadwood saved by a face-up take."
	keepDoc = "meld_probability[rank_group][relation][phase]: the share of deadwood cards, held after a play, that ended " +
		"the round in a meld of the holder's final hand (Laplace-smoothed). relation: which of pair (a card of the same rank), " +
		"run (same suit, adjacent rank) and gap (same suit, two ranks away) the rest of the hand offers."
	knockDoc = "win_probability[deadwood][phase]: the share of knocks at that optimal deadwood and phase that scored for the " +
		"knocker (not undercut), with a Beta(1,1) prior. The player knocks when it is at least threshold and value[deadwood][phase], " +
		"the mean net points such knocks brought the knocker (shrunk towards the phase's mean), is at least what the hand is " +
		"expected to be worth after one more draw (hand_values)."
	handValuesDoc = "value[deadwood][phase]: the mean net points (the player's round points minus its opponent's) of rounds in " +
		"which the player's optimal deadwood after a play was that much (60 and over in the last row), in that phase; " +
		"cells with few samples are shrunk towards a straight line fitted per phase, then made non-increasing in deadwood " +
		"(weighted isotonic regression). The player maximises the expected value " +
		"after its next draw. Default: minus the deadwood."
	opponentDoc = "call_rate[phase]: the share of the modelled player's turns (the fit's --who) that ended the round with Gin " +
		"or Knock; gin_share: the share of those calls that were Gin; knock_deadwood: the mean optimal deadwood of its knocks. " +
		"The tuned player weighs its next draw against the chance that the opponent calls first. Default: it never does."
	drawPolicyDoc = "stock_gain: the mean drop in optimal deadwood that a stock draw brought (deadwood before the play minus " +
		"the best reachable after drawing). The player weighs the risk of feeding the opponent by what a take saves it beyond this."
)

// Save writes w as indented JSON.
func (w *Weights) Save(out io.Writer) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonSafe(w))
}

// jsonSafe replaces the infinite stock gain of the defaults, which JSON
// cannot hold, by a large number.
func jsonSafe(w *Weights) *Weights {
	c := *w
	if math.IsInf(c.DrawPolicy.StockGain, 1) {
		c.DrawPolicy.StockGain = 1000
	}
	return &c
}

// Load reads and checks a weights file.
func Load(path string) (*Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read decodes weights from r; name is used in errors.
func Read(r io.Reader, name string) (*Weights, error) {
	var w Weights
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if w.Format != FormatName || w.Version != FormatVersion {
		return nil, fmt.Errorf("%s: format %q version %d, want %q version %d (run ginlog fit again)", name, w.Format, w.Version, FormatName, FormatVersion)
	}
	if len(w.DrawModel.Coefficients) != numDrawFeatures {
		return nil, fmt.Errorf("%s: draw model has %d coefficients, want %d", name, len(w.DrawModel.Coefficients), numDrawFeatures)
	}
	return &w, nil
}
