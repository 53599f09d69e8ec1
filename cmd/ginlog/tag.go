package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

type tagOptions struct {
	selection organise.Selection
	edits     organise.Edits
}

func newTagCmd(a *app) *cobra.Command {
	var (
		opts                       tagOptions
		sf                         selectionFlags
		setOpponent, setSource     string
		clearOpponent, clearSource bool
	)
	cmd := &cobra.Command{
		Use:   "tag [GAME|FROM-TO]...",
		Short: "Set or clear the opponent and source tags of games",
		Long: `Tag sets or clears the opponent and source tags of the games chosen, in one
transaction, and says what they were. The tags are what the --opponent and
--source filters of the queries, games, report and fit select; ingest sets
them for an import, and importing games already loaded again leaves their
tags as they are.

` + selectionHelp + `

Exit status 5 means no game matched.`,
		Example: `  ginlog tag 12-20 --set-opponent bot7
  ginlog tag --import 3 --set-opponent bot7 --set-source ladder-week-3
  ginlog tag --opponent bot-7 --set-opponent bot7      # merge a misspelt tag
  ginlog tag --since 2020-11-07 --clear-source`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.selection, err = sf.parse(args); err != nil {
				return err
			}
			f := cmd.Flags()
			for _, e := range []struct {
				tag   string
				set   string
				clear bool
				edit  *organise.Edit
			}{{"opponent", setOpponent, clearOpponent, &opts.edits.Opponent}, {"source", setSource, clearSource, &opts.edits.Source}} {
				switch setFlag := "set-" + e.tag; {
				case f.Changed(setFlag) && e.clear:
					return usagef("--%s and --clear-%s: choose one", setFlag, e.tag)
				case f.Changed(setFlag) && e.set == "":
					return usagef("--%s: give a name, or use --clear-%s", setFlag, e.tag)
				case f.Changed(setFlag):
					if err := checkLabel("--"+setFlag, e.set); err != nil {
						return err
					}
					*e.edit = organise.Edit{Set: true, Value: e.set}
				case e.clear:
					*e.edit = organise.Edit{Set: true}
				}
			}
			if !opts.edits.Opponent.Set && !opts.edits.Source.Set {
				return usagef("nothing to change: give --set-opponent, --set-source, --clear-opponent or --clear-source")
			}
			return runTag(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&setOpponent, "set-opponent", "", "tag the games with this opponent")
	f.StringVar(&setSource, "set-source", "", "tag the games with this source")
	f.BoolVar(&clearOpponent, "clear-opponent", false, "remove the games' opponent tag")
	f.BoolVar(&clearSource, "clear-source", false, "remove the games' source tag")
	sf.register(a, cmd)
	return cmd
}

func runTag(ctx context.Context, a *app, opts tagOptions) error {
	db, err := a.openExisting(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	res, err := organise.Tag(ctx, db.DB, opts.selection, opts.edits)
	if err != nil {
		return selectionError(err)
	}
	fmt.Fprintf(a.out, "tagged %s: %s\n", plural(len(res.Games), "game"), idList(res.Games))
	for _, e := range []struct {
		tag  selection.Tag
		edit organise.Edit
	}{{selection.TagOpponent, opts.edits.Opponent}, {selection.TagSource, opts.edits.Source}} {
		if !e.edit.Set {
			continue
		}
		now := "cleared"
		if e.edit.Value != "" {
			now = selection.ShellWord(e.edit.Value)
		}
		fmt.Fprintf(a.out, "%s: %s (was %s)\n", e.tag, now, wasList(res.Before[e.tag]))
	}
	return nil
}

// wasList says which values a tag had on the games, and on how many.
func wasList(counts []organise.Count) string {
	parts := make([]string, len(counts))
	for i, c := range counts {
		name := "none"
		if c.Tagged {
			name = selection.ShellWord(c.Value)
		}
		parts[i] = fmt.Sprintf("%s on %d", name, c.Games)
	}
	return strings.Join(parts, ", ")
}
