package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/organise"
	"github.com/spf13/cobra"
)

type rmOptions struct {
	selection organise.Selection
	yes       bool
}

func newRmCmd(a *app) *cobra.Command {
	var (
		opts rmOptions
		sf   selectionFlags
	)
	cmd := &cobra.Command{
		Use:   "rm [GAME|FROM-TO]...",
		Short: "Remove games and everything derived from them",
		Long: `Rm removes the games chosen with everything derived from them: rounds,
plays, what verify found (checks, violations, features) and their rows of
import_files (the record of each import and its errors stay). It is one
transaction: everything goes, or nothing. Importing the same logs again
loads them as new games.

A game whose other player's log was loaded too (a mirror, which the
queries leave out because it is the same game) hands over to it: the
mirror becomes the game counted. Remove both to forget the game.

` + selectionHelp + `

Rm says what it would remove and asks for confirmation on the terminal;
--yes confirms without asking, and is needed when the standard input is
not a terminal. Exit status 5 means no game matched.`,
		Example: `  ginlog rm 12
  ginlog rm --import 3
  ginlog rm --opponent test --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.selection, err = sf.parse(args); err != nil {
				return err
			}
			return runRm(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.yes, "yes", "y", false, "remove without asking")
	sf.register(a, cmd)
	return cmd
}

func runRm(ctx context.Context, a *app, opts rmOptions) error {
	db, err := a.openExisting(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	r, err := organise.Remove(ctx, db.DB, opts.selection, func(r *organise.Removal) error {
		return a.confirmRemoval(r, opts.yes)
	})
	if errors.Is(err, organise.ErrDeclined) {
		fmt.Fprintln(a.err, "nothing removed")
		return nil
	}
	if err != nil {
		return selectionError(err)
	}
	fmt.Fprintf(a.out, "removed %s\n", removalText(r))
	for _, h := range r.Heirs {
		fmt.Fprintf(a.out, "game %d, the other player's log of game %d, is counted instead\n", h.Game, h.Gone)
	}
	return nil
}

// removalText says what a removal takes.
func removalText(r *organise.Removal) string {
	return fmt.Sprintf("%s (%s): %s, %s", plural(len(r.Games), "game"), idList(r.Games),
		plural(int(r.Rounds), "round"), plural(int(r.Plays), "play"))
}

// confirmRemoval asks on the terminal whether to remove what r says, unless
// yes; without a terminal to ask on, it refuses.
func (a *app) confirmRemoval(r *organise.Removal, yes bool) error {
	if yes {
		return nil
	}
	if !a.inputIsTerminal() {
		return usagef("rm would remove %s; confirm with --yes (the standard input is not a terminal to ask on)", removalText(r))
	}
	fmt.Fprintf(a.err, "remove %s, and what verify found of them?", removalText(r))
	for _, h := range r.Heirs {
		fmt.Fprintf(a.err, "\n  game %d, the other player's log of game %d, would be counted instead", h.Game, h.Gone)
	}
	fmt.Fprint(a.err, " [y/N] ")
	line, err := bufio.NewReader(a.in).ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(a.err)
		return organise.ErrDeclined
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return organise.ErrDeclined
}
