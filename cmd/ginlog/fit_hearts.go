package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/model/habits"
	"github.com/ginlog/ginlog/retrace"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

// fitHeartsHelp is fit's help on Hearts games.
const fitHeartsHelp = `--game hearts fits the habits of Hearts players instead, for the mc:PATH
player of ginlog simulate --game hearts (docs/hearts.md): from every hand
of the selected Hearts games whose every card's player the log determines
(as ginlog verify recovers it), how the players dumped when they could not
follow suit (the queen of spades, a high spade while the queen is out, a
heart, another card) and which suit they led after the first trick, each
by what their legal cards let them choose. --player NAME counts only that
player's plays (its name as ginlog players lists it, or its log id; repeat
it for more), by default every player's. The order of play within a
trick, where the log does not show it, is assumed as ginlog retrace
--direction auto does.`

// fitHeartsOnly lists fit's flags that Hearts fits do not read.
var fitHeartsOnly = []string{"who", "evaluate", "weights", "l2", "max-games"}

// checkFitHearts refuses the flags of a Gin fit in a Hearts one.
func checkFitHearts(cmd *cobra.Command) error {
	for _, f := range fitHeartsOnly {
		if cmd.Flags().Changed(f) {
			return usagef("--%s is for Gin's weights: a Hearts fit (--game hearts) does not read it", f)
		}
	}
	return nil
}

// runFitHearts counts the habits of the selected Hearts games into the
// weights file opts.out.
func runFitHearts(ctx context.Context, a *app, opts fitOptions, names []string) error {
	if err := safefile.Check(opts.out); err != nil {
		return outError("--out", err)
	}
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	ids, err := selection.GameIDsOf(ctx, db.DB, opts.filters, schema.KindHearts)
	if err != nil {
		return err
	}
	games, err := store.LoadHearts(ctx, db.DB, ids)
	if err != nil {
		return err
	}
	w := habits.New()
	w.Provenance.Players = append(w.Provenance.Players, names...)
	w.Provenance.Filters = filterMap(opts.filters)
	w.Provenance.Created = time.Now().UTC()
	skipped, seen := 0, map[string]bool{}
	for _, g := range games {
		n, s, err := fitHeartsGame(w, g, names, seen)
		if err != nil {
			return fmt.Errorf("fit: Hearts game %d: %w", g.ID, err)
		}
		skipped += s
		if n > 0 {
			w.Provenance.Games++
		}
	}
	if err := checkFitPlayers(names, seen); err != nil {
		return err
	}
	if err := safefile.Write(opts.out, 0o644, w.Write); err != nil {
		return outError("--out", err)
	}
	if skipped > 0 {
		fmt.Fprintf(a.err, "fit: %s left out: the logs do not determine who played each card (see ginlog query hearts-orders)\n", plural(skipped, "hand"))
	}
	dumps, leads := w.Events()
	fmt.Fprintf(a.out, "fitted %s from %s, %s, %s: %s, %s\n", opts.out, plural(w.Provenance.Games, "game"),
		plural(w.Provenance.Hands, "hand"), plural(w.Provenance.Plays, "play"), plural(dumps, "dump"), plural(leads, "lead"))
	return nil
}

// fitHeartsGame verifies one game and counts its determined hands into w,
// the plays of the players names selects (every player's when none),
// noting in seen every player's name and id. It returns the hands
// counted and skipped.
func fitHeartsGame(w *habits.Weights, g store.HeartsGame, names []string, seen map[string]bool) (int, int, error) {
	n := g.Game.Players
	counted := func(pos int) bool {
		return len(names) == 0 || slices.Contains(names, g.Players[pos]) || slices.Contains(names, g.Game.IDs[pos])
	}
	for pos := range n {
		seen[g.Players[pos]], seen[g.Game.IDs[pos]] = true, true
	}
	up := retrace.DirectionOf(retrace.Auto, g.Game.IDs, n) == retrace.Up
	hands, skipped := habits.FromLog(g.Game, logs.Verify(g.Game), up, counted)
	for i := range hands {
		if err := w.Add(&hands[i]); err != nil {
			return 0, 0, err
		}
		w.Provenance.Hands++
	}
	return len(hands), skipped, nil
}

// maxListed is the most players the error of an unknown --player lists.
const maxListed = 20

// checkFitPlayers refuses a --player that names no player of the games
// selected, with a did-you-mean.
func checkFitPlayers(names []string, seen map[string]bool) error {
	delete(seen, "")
	known := make([]string, 0, len(seen))
	for k := range seen {
		known = append(known, k)
	}
	slices.Sort(known)
	listed := strings.Join(known, ", ")
	if len(known) > maxListed {
		listed = fmt.Sprintf("%s and %d more (ginlog players lists them)", strings.Join(known[:maxListed], ", "), len(known)-maxListed)
	}
	for _, name := range names {
		if !seen[name] {
			return usagef("--player %q plays in none of the Hearts games selected%s; the players: %s", name,
				suggest.DidYouMean(name, known), listed)
		}
	}
	return nil
}
