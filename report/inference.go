package report

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/model/infer/train"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// DefaultInferenceGames is how many held-out games the section on reading
// the opponent's hand reads at most, unless Options.InferenceGames says.
const DefaultInferenceGames = 5000

// sectionInference is the heading of the charts of the inference model.
const sectionInference = "Reading the opponent's hand"

// inference is the inference model of Options.Weights scored on the
// held-out games: the same split as ginlog fit --evaluate, so that a model
// fitted on this database is not scored on the games it learnt from.
type inference struct {
	eval     *train.Evaluation // nil when no held-out game has a decision
	selected int               // the games the filters select
	heldOut  int               // those held out of the fit
	read     int               // those read: the ones imported last (the highest ids), at most the cap
	cap      int
}

// loadInference scores the inference model of o.Weights on the held-out
// games the filters select that were imported last (game ids follow the
// order of import), at most o.InferenceGames of them:
// only those are read. Weights without an inference model give an error
// wrapping model.ErrNoInference.
func loadInference(ctx context.Context, db *sql.DB, o Options) (*inference, error) {
	if o.Weights.Inference == nil {
		return nil, fmt.Errorf("the inference section: %w", model.ErrNoInference)
	}
	in := &inference{cap: o.InferenceGames}
	if in.cap <= 0 {
		in.cap = DefaultInferenceGames
	}
	ids, err := selection.GameIDs(ctx, db, o.Filters)
	if err != nil {
		return nil, err
	}
	in.selected = len(ids)
	held := make([]int64, 0, len(ids)/8)
	for _, id := range ids {
		if fit.HeldOut(id) {
			held = append(held, id)
		}
	}
	in.heldOut = len(held)
	held = held[max(0, len(held)-in.cap):]
	in.read = len(held)
	games := store.Games(ctx, db, store.Filter{Filters: o.Filters, Clean: true, Keep: store.Only(held)})
	in.eval, err = fit.Evaluate(ctx, o.Weights, games, o.Filters.Who)
	switch {
	case errors.Is(err, train.ErrNoDecisions), errors.Is(err, selection.ErrNoGames):
		// No held-out game verified clean with a decision: the section
		// says so.
		in.eval = nil
	case err != nil:
		return nil, fmt.Errorf("the inference section: %w", err)
	}
	return in, nil
}

// handOf names the hand the inference reads: the hand of the player the
// filters' Who picks.
func handOf(o Options) string {
	switch o.Filters.Who {
	case "you":
		return "your hand"
	case "both":
		return "each player's hand"
	}
	return "the opponent's hand"
}

// scoredOn says which games the section scored, in a sentence.
func (in *inference) scoredOn() string {
	s := fmt.Sprintf("Scored on %s held out of the fit (one game in ten, by a hash of its ID, as ginlog fit --evaluate does): ", gamesText(in.eval.Games))
	if in.read < in.heldOut {
		s += fmt.Sprintf("the %s imported last of the %s held out among the %s selected (--inference-games sets the cap)",
			thousands(in.read), thousands(in.heldOut), gamesText(in.selected))
	} else {
		s += fmt.Sprintf("the %s held out among the %s selected", thousands(in.heldOut), gamesText(in.selected))
	}
	return s + fmt.Sprintf(", %s unseen cards at %s decisions.", thousands(in.eval.Cards), thousands(in.eval.Decisions))
}

// scoredTitle says how many games were scored, for a chart's title.
func (in *inference) scoredTitle() string {
	if in.read < in.heldOut {
		return fmt.Sprintf("the %s imported last, held out of %s", gamesText(in.eval.Games), thousands(in.heldOut))
	}
	return gamesText(in.eval.Games) + " held out"
}

// gamesText counts games in words.
func gamesText(n int) string {
	if n == 1 {
		return "1 game"
	}
	return thousands(n) + " games"
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// noHeldOut is the caption of the section when no held-out game had a
// decision to score.
func (in *inference) noHeldOut() string {
	verb := "are"
	if in.heldOut == 1 {
		verb = "is"
	}
	return fmt.Sprintf("No game to score: of the %s selected, %s %s held out of the fit (one game in ten, by a hash of its ID), "+
		"and none of them is verified without violations with a decision to score. Select more games.", gamesText(in.selected), thousands(in.heldOut), verb)
}
