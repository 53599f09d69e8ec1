package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

// completionTimeout bounds the database read of a completion: a shell
// waits for it, so a slow or locked database gives no values instead.
const completionTimeout = 2 * time.Second

// mustComplete registers fn as the completion of cmd's flag. The flag is
// the command's own, registered just before: an error is a bug of the
// tree's construction, which every test that builds the tree finds.
func mustComplete(cmd *cobra.Command, flag string, fn cobra.CompletionFunc) {
	if err := cmd.RegisterFlagCompletionFunc(flag, fn); err != nil {
		panic(fmt.Sprintf("completion of %s --%s: %v", cmd.Name(), flag, err))
	}
}

// fixedCompletion completes a value from a fixed list; "value\tdoc" gives a
// value with its description.
func fixedCompletion(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return startingWith(toComplete, values), cobra.ShellCompDirectiveNoFileComp
	}
}

// startingWith returns the completions whose value starts with prefix.
func startingWith(prefix string, completions []cobra.Completion) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range completions {
		if strings.HasPrefix(c, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// queryNameCompletion completes query's NAME with the named queries and
// their descriptions.
func queryNameCompletion(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, q := range queries.All() {
		out = append(out, cobra.CompletionWithDesc(q.Name, q.Description))
	}
	return startingWith(toComplete, out), cobra.ShellCompDirectiveNoFileComp
}

// playerCompletion completes one player name (--compare, retrace
// --player).
func playerCompletion(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return startingWith(toComplete, players.Completions()), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// playersCompletion completes simulate's --players, a comma-separated
// list: the names already typed are kept, the last one is completed from
// the Gin players, or the Hearts players with --game hearts.
func playersCompletion(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	names := players.Completions()
	if g := cmd.Flags().Lookup("game"); g != nil && g.Value.String() == queries.GameHearts {
		names = append(players.HeartsNames(), players.HeartsMC+":")
	}
	done := ""
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		done = toComplete[:i+1]
	}
	out := make([]cobra.Completion, len(names))
	for i, n := range names {
		out[i] = done + n
	}
	return startingWith(toComplete, out), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// tagCompletion completes a tag's value (--opponent, --source) with the
// values the database's games carry. It reads the database read-only,
// with a time limit, and offers nothing when there is no database or it
// cannot be read: a completion never prints an error.
func (a *app) tagCompletion(tag selection.Tag) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		ctx := cmd.Context()
		if ctx == nil {
			ctx = context.Background()
		}
		ctx, cancel := context.WithTimeout(ctx, completionTimeout)
		defer cancel()
		if a.dbIsNew() {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		db, err := a.openReadOnly(ctx)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer db.Close()
		values, err := selection.Tags(ctx, db.DB, tag)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, v := range values {
			if v.Tagged {
				out = append(out, cobra.CompletionWithDesc(v.Value, plural(v.Games, "game")))
			}
		}
		return startingWith(toComplete, out), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeTags registers the completion of --opponent and --source on
// cmd, which has both flags.
func (a *app) completeTags(cmd *cobra.Command) {
	mustComplete(cmd, "opponent", a.tagCompletion(selection.TagOpponent))
	mustComplete(cmd, "source", a.tagCompletion(selection.TagSource))
}
