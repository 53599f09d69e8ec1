package main

import (
	"context"
	"fmt"
	"time"

	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

type tagListOptions struct {
	tag    selection.Tag
	format render.Format
}

func newOpponentsCmd(a *app) *cobra.Command {
	return newTagListCmd(a, selection.TagOpponent, "Opponents", `  ginlog opponents
  ginlog opponents --format markdown
  ginlog tag --opponent bot-7 --set-opponent bot7   # merge a misspelt tag into another`)
}

// newTagListCmd builds the command that lists the values of tag: ginlog
// opponents, ginlog sources.
func newTagListCmd(a *app, tag selection.Tag, title, example string) *cobra.Command {
	opts := tagListOptions{tag: tag}
	var format string
	cmd := &cobra.Command{
		Use:   string(tag) + "s",
		Short: fmt.Sprintf("List the %s tags with their games and win rates", tag),
		Long: fmt.Sprintf(`%s lists every %s tag the games carry (set by ingest --%s and by
ginlog tag), with its games, the logged player's wins, the win rate with
its 95%% Wilson interval, and when the first and last of its games were
logged. The games without the tag are the last row, with an empty name.
The other player's logs of a game are counted once, as the queries count
them. Exit status 5 means the database holds no games.`, title, tag, tag),
		Example: example,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			return runTagList(cmd.Context(), a, opts)
		},
	}
	formatFlag(cmd, &format, "output format")
	columnsFlag(cmd)
	return cmd
}

func runTagList(ctx context.Context, a *app, opts tagListOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	values, err := selection.Tags(ctx, db.DB, opts.tag)
	if err != nil {
		return err
	}
	return a.writeTable(opts.format, tagTable(opts.tag, values))
}

// tagTable lays out the values of a tag: the untagged games' name is nil.
func tagTable(tag selection.Tag, values []selection.TagValue) *render.Table {
	t := &render.Table{Columns: render.Cols(string(tag), "games", "wins", "win_rate", "ci_low", "ci_high", "first_played", "last_played")}
	day := func(ts int64) string { return time.Unix(ts, 0).UTC().Format("2006-01-02 15:04") }
	for _, v := range values {
		var name any
		if v.Tagged {
			name = v.Value
		}
		rate, lo, hi := v.WinRate()
		t.Append(name, int64(v.Games), int64(v.Wins), rate, lo, hi, day(v.FirstTS), day(v.LastTS))
	}
	return t
}
