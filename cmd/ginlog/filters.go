package main

import (
	"strings"

	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

// filterFlags holds the raw filter flags shared by games, query, report
// and fit; queries.Filters owns their defaults and their checks.
type filterFlags struct {
	who, opponent, source, since, until string
	game                                int64
	minSample                           int
}

func (ff *filterFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&ff.who, "who", queries.DefaultWho, "whose plays: "+strings.Join(queries.Whos, ", "))
	f.StringVar(&ff.opponent, "opponent", "", "only games tagged with this opponent (ingest --opponent)")
	f.StringVar(&ff.source, "source", "", "only games tagged with this source (ingest --source)")
	f.StringVar(&ff.since, "since", "", "only games logged at or after this date (2020-11-07, RFC 3339, or Unix seconds)")
	f.StringVar(&ff.until, "until", "", "only games logged before this date")
	f.Int64Var(&ff.game, "game", 0, "only this game")
	f.IntVar(&ff.minSample, "min-sample", queries.DefaultMinSample, "note rows with fewer opportunities as small samples (they are kept)")
}

// parse returns the checked filters; its errors wrap queries.ErrBadFilter.
func (ff *filterFlags) parse() (queries.Filters, error) {
	f := queries.Filters{Who: ff.who, Opponent: ff.opponent, Source: ff.source, Game: ff.game, MinSample: ff.minSample}
	var err error
	if f.Since, err = queries.ParseTime("since", ff.since); err != nil {
		return f, err
	}
	if f.Until, err = queries.ParseTime("until", ff.until); err != nil {
		return f, err
	}
	return f.Check()
}
