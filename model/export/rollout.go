package export

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"strings"
	"text/template"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// The rollout flavour of the FIT2102 export: not tables for a student's
// own player, but ginlog's rollout player itself (package players/tuned,
// rollout.go) as one Haskell module over the framework's types. Its code
// is the fragments of rollout/ (the meld solver, the inference tracker and
// sampler, the player and the framework's three calls) and of shared/ (Go's
// random number generator, random.hs, which the Hearts player's export
// shares, and float.hs), the same for every export; the weights and the
// player's configuration become the tables at its end (rollout.tmpl).

//go:embed rollout.tmpl rollout/*.hs shared/*.hs
var rolloutFiles embed.FS

// rolloutFragments are the fragments of the module, in order.
var rolloutFragments = []string{"rollout/core.hs", "shared/random.hs", "shared/float.hs", "rollout/infer.hs", "rollout/player.hs"}

var rolloutTemplate = template.Must(template.Must(templates.Clone()).Funcs(template.FuncMap{
	"hsList": hsList,
}).ParseFS(rolloutFiles, "rollout.tmpl"))

// RolloutConfig is the rollout player's configuration the module plays
// with: players/tuned.RolloutConfig's fields, which the caller copies
// (model/export imports no player).
type RolloutConfig struct {
	Samples, Pool, MaxStock int
	Margin, Z, Soft         float64
	Calls, Game             bool
}

// rolloutView is what rollout.tmpl sees.
type rolloutView struct {
	*view
	Cfg       RolloutConfig
	Fragments []string
	Take      [][][]float64 // [rank][none, known meld, known combo][phase]
	Inference []float64
	Win       [][]float64 // the game values' table, nil without them
	Slope     float64
	Floors    []int
	MaxPlays  int

	GinBonus, UndercutBonus, GameTarget int
}

// HaskellRollout writes the rollout player with weights w and
// configuration cfg as Haskell module name for the FIT2102 framework. The
// weights must hold the inference model and the hand policy (format
// version 3 and later).
func HaskellRollout(out io.Writer, w *model.Weights, module string, cfg RolloutConfig) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	if w.Inference == nil || w.HandPolicy == nil {
		return fmt.Errorf("export: %w", model.ErrNoInference)
	}
	if cfg.Samples < 1 || cfg.Pool < 0 {
		return fmt.Errorf("export: rollout samples %d and pool %d: want at least 1 and 0", cfg.Samples, cfg.Pool)
	}
	v, err := newView(w, module)
	if err != nil {
		return err
	}
	hp := w.HandPolicy
	v.TakeRate, v.CallRateByDW, v.BestDiscard = rows(hp.TakeRate[:]), rows(hp.CallRate[:]), hp.BestDiscardRate[:]
	rv := &rolloutView{view: v, Cfg: cfg, Take: takeTable(w), Inference: w.Inference.Vector(),
		Floors: model.PhaseFloors[:], MaxPlays: gin.MaxPlays,
		GinBonus: gin.GinBonus, UndercutBonus: gin.UndercutBonus, GameTarget: model.GameTarget}
	if g := model.NewGameValue(w.RoundPoints); cfg.Game && g != nil {
		rv.Slope = g.Slope()
		for own := range model.GameTarget {
			row := make([]float64, model.GameTarget)
			for opp := range row {
				row[opp] = g.At(own, opp)
			}
			rv.Win = append(rv.Win, row)
		}
	}
	for _, f := range rolloutFragments {
		b, err := rolloutFiles.ReadFile(f)
		if err != nil {
			return fmt.Errorf("export haskell rollout: %w", err)
		}
		rv.Fragments = append(rv.Fragments, strings.TrimRight(string(b), "\n"))
	}
	var b bytes.Buffer
	if err := rolloutTemplate.ExecuteTemplate(&b, "rollout.tmpl", rv); err != nil {
		return fmt.Errorf("export haskell rollout: %w", err)
	}
	if _, err := out.Write(b.Bytes()); err != nil {
		return fmt.Errorf("export haskell rollout: %w", err)
	}
	return nil
}

// takeTable is the draw model's chance that the opponent takes a card, by
// the card's rank, its relation to the cards the opponent is known to hold
// (none, a meld, a combination) and the phase: every value
// DrawModel.TakeProbability gives, computed here as the tuned player
// computes it, so that the module needs no exp of its own.
func takeTable(w *model.Weights) [][][]float64 {
	names := model.DrawFeatureNames()
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	x := make([]float64, model.NumDrawFeatures)
	var t [][][]float64
	for r := range gin.Rank(gin.NumRanks) {
		var byKind [][]float64
		for _, kind := range []string{"", "known_meld", "known_combo"} {
			var byPhase []float64
			for ph := range model.NumPhases {
				clear(x)
				x[0] = 1
				x[index["rank_"+r.String()]] = 1
				if kind != "" {
					x[index[kind]] = 1
				}
				if ph > 0 {
					x[index["phase_"+model.PhaseNames[ph]]] = 1
				}
				byPhase = append(byPhase, w.DrawModel.TakeProbability(x))
			}
			byKind = append(byKind, byPhase)
		}
		t = append(t, byKind)
	}
	return t
}

// rolloutPlayer is the Player.hs that plays the rollout module whole.
var rolloutPlayer = template.Must(template.New("Player.hs").Parse(`-- | A FIT2102 Gin Rummy player that plays as ginlog's rollout player:
-- every decision comes from module {{.}}, which ginlog export --format
-- haskell --flavour fit2102 --player rollout wrote beside this file.
-- docs/haskell.md shows how to keep decisions of your own and ask {{.}}
-- for the others, and how to make one file of the two for the server.
module Player (pickCard, playCard, makeMelds) where

import {{.}} (rolloutMakeMelds, rolloutPickCard, rolloutPlayCard)
import Rummy.Types (ActionFunc, MeldFunc, PlayFunc)

-- | The pile: the face-up card when it joins a meld, makes a call the
-- weights favour, or keeps a hand worth more than a stock draw.
pickCard :: ActionFunc
pickCard = rolloutPickCard

-- | The discard and the call, weighed by playing the round out against
-- hands the opponent may hold.
playCard :: PlayFunc
playCard = rolloutPlayCard

-- | An arrangement of least deadwood.
makeMelds :: MeldFunc
makeMelds = rolloutMakeMelds
`))

// HaskellRolloutPlayer writes a Player.hs (module Player, exporting
// pickCard, playCard and makeMelds) that plays module, a rollout export,
// whole.
func HaskellRolloutPlayer(out io.Writer, module string) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	if err := rolloutPlayer.Execute(out, module); err != nil {
		return fmt.Errorf("export haskell rollout player: %w", err)
	}
	return nil
}
