package report

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/model/infer/train"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay/store"
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
	read     int               // the last of those, at most the cap, read
	cap      int
}

// loadInference scores the inference model of o.Weights on the last
// held-out games the filters select, at most o.InferenceGames of them:
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
	ids, err := queries.GameIDs(ctx, db, o.Filters)
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
	games := store.Games(ctx, db, store.Filter{Filters: o.Filters, Clean: true, IDs: held})
	in.eval, err = fit.Evaluate(ctx, o.Weights, games, o.Filters.Who)
	switch {
	case errors.Is(err, train.ErrNoDecisions), errors.Is(err, queries.ErrNoGames):
		// No held-out game verified clean with a decision: the section
		// says so.
		in.eval = nil
	case err != nil:
		return nil, fmt.Errorf("the inference section: %w", err)
	}
	return in, nil
}
