package main

import (
	"strings"

	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

// filterFlags holds the raw filter flags shared by games, query, report
// and fit; selection.Filters owns their defaults and their checks.
type filterFlags struct {
	who, opponent, source, since, until string
	game                                int64
	minSample                           int
}

// filterSet says which of the optional filter flags a command has: only
// those it reads, so that no flag does nothing.
type filterSet int

const (
	filterWho       filterSet = 1 << iota // --who: the command reads plays
	filterMinSample                       // --min-sample: the command notes small samples
)

// register adds the filter flags to cmd: the game filters always, --who
// and --min-sample when set says so.
func (ff *filterFlags) register(a *app, cmd *cobra.Command, set filterSet) {
	f := cmd.Flags()
	ff.who, ff.minSample = selection.DefaultWho, selection.DefaultMinSample
	if set&filterWho != 0 {
		f.StringVar(&ff.who, "who", selection.DefaultWho, "whose plays: "+strings.Join(selection.Whos, ", "))
		mustComplete(cmd, "who", fixedCompletion(selection.Whos...))
	}
	f.StringVar(&ff.opponent, "opponent", "", "only games tagged with this opponent (ingest --opponent)")
	f.StringVar(&ff.source, "source", "", "only games tagged with this source (ingest --source)")
	f.StringVar(&ff.since, "since", "", "only games logged at or after this date (2020-11-07, RFC 3339, or Unix seconds)")
	f.StringVar(&ff.until, "until", "", "only games logged before this date")
	gameIDFlag(cmd, &ff.game, "only this game (its id, as games lists it)")
	if set&filterMinSample != 0 {
		f.IntVar(&ff.minSample, "min-sample", selection.DefaultMinSample, "note rows with fewer opportunities as small samples (they are kept)")
	}
	a.completeTags(cmd)
}

// parse returns the checked filters; its errors wrap selection.ErrBadFilter.
func (ff *filterFlags) parse() (selection.Filters, error) {
	f := selection.Filters{Who: ff.who, Opponent: ff.opponent, Source: ff.source, Game: ff.game, MinSample: ff.minSample}
	var err error
	if f.Since, err = selection.ParseTime("since", ff.since); err != nil {
		return f, err
	}
	if f.Until, err = selection.ParseTime("until", ff.until); err != nil {
		return f, err
	}
	return f.Check()
}
