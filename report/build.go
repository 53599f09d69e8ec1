package report

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

// page is what the template fills in.
type page struct {
	Title      string
	Generated  string
	Scope      string
	MinSample  int
	Headline   []headline
	Leaks      *leaks // the logged player's leaks, from a stored review (Gin only)
	Tendencies tendencies
	Charts     []chart
	Games      []gameSection // the other games' sections: Hearts
}

type headline struct{ Label, Value, Note string }

// NarrowScreen is narrowScreen, for the page's style.
func (pg *page) NarrowScreen() int { return narrowScreen }

// tendencies is the ranked list of the opponent's tendencies.
type tendencies struct {
	Rule   string     // the ranking rule, in words
	Listed []tendency // largest gap first
	Empty  string     // what an empty list means
}

// Write renders the report of the games the options select to out.
// The Hearts games the filters select get a section of their own, after
// the Gin Rummy charts, or the whole page when they select no Gin game.
func Write(ctx context.Context, db *sql.DB, o Options, out io.Writer) error {
	pg, err := build(ctx, db, o)
	if err != nil {
		return err
	}
	pg.Generated = time.Now().UTC().Format("2006-01-02 15:04 UTC")
	return pageTemplate.Execute(out, pg)
}

// build reads the data and draws every part of the page but its time.
func build(ctx context.Context, db *sql.DB, o Options) (*page, error) {
	hearts, err := heartsSection(ctx, db, o)
	if err != nil {
		return nil, err
	}
	d, err := load(ctx, db, o)
	if errors.Is(err, selection.ErrNoGames) && hearts != nil {
		hearts.Title = "" // the page's heading is the section's
		return &page{Title: "Hearts report", MinSample: o.Filters.MinSample, Scope: heartsScope(o), Games: []gameSection{*hearts}}, nil
	}
	if err != nil {
		return nil, err
	}
	pg := &page{Title: "Gin Rummy report", MinSample: o.Filters.MinSample, Scope: scope(o), Headline: headlines(d)}
	if pg.Leaks, err = leaksSection(ctx, db, o); err != nil {
		return nil, err
	}
	if hearts != nil {
		pg.Games = append(pg.Games, *hearts)
	}
	pg.Tendencies = rankedList(d, o)
	// The charts, in page order; a new chart is one more line here.
	for _, build := range []func(*data, Options) (chart, error){
		compareChart,
		takeByRank,
		takeByRelation,
		knockDeadwood,
		knockTurns,
		takenHeat,
		meldedHeat,
		pointsHeat,
		scoreChart,
		statusChart,
		lossChart,
	} {
		c, err := build(d, o)
		if err != nil {
			return nil, err
		}
		pg.Charts = append(pg.Charts, c)
	}
	if d.infer != nil {
		for _, build := range []func(*data, Options) (chart, error){calibrationChart, gainChart} {
			c, err := build(d, o)
			if err != nil {
				return nil, err
			}
			pg.Charts = append(pg.Charts, c)
		}
	}
	return pg, nil
}

// who names the players whose plays the filters select.
func who(o Options) string {
	switch o.Filters.Who {
	case "you":
		return "you"
	case "both":
		return "both players"
	}
	return "the opponent"
}

func scope(o Options) string {
	f := o.Filters
	parts := []string{"The card maps show the plays of " + who(o)}
	if f.Opponent != "" {
		parts = append(parts, "opponent "+f.Opponent)
	}
	if f.Source != "" {
		parts = append(parts, "source "+f.Source)
	}
	if f.Since != 0 {
		parts = append(parts, "since "+time.Unix(f.Since, 0).UTC().Format("2006-01-02 15:04"))
	}
	if f.Until != 0 {
		parts = append(parts, "until "+time.Unix(f.Until, 0).UTC().Format("2006-01-02 15:04"))
	}
	if f.Game != 0 {
		parts = append(parts, fmt.Sprintf("game %d", f.Game))
	}
	return strings.Join(parts, ", ")
}

func headlines(d *data) []headline {
	you, opp := d.summary[gin.You], d.summary[gin.Opp]
	return []headline{
		{"games", fmt.Sprint(you.Games), ""},
		{"rounds", fmt.Sprint(you.Rounds), ""},
		{"your win rate", rateText(you.Wins, wilsonOf(you.Wins)), fmt.Sprintf("%d of %d games, 95%% interval", you.Wins.Cases, you.Wins.Opportunities)},
		{"points per round", fmt.Sprintf("you %.1f, opponent %.1f", you.PointsPerRound, opp.PointsPerRound), ""},
		{"Gin and Knock calls", fmt.Sprintf("you %d, opponent %d", you.Gins+you.Knocks, opp.Gins+opp.Knocks), ""},
		{"undercuts won", fmt.Sprintf("you %d, opponent %d", you.Undercuts, opp.Undercuts), ""},
	}
}

// rankedList ranks the opponent's tendencies and says how.
func rankedList(d *data, o Options) tendencies {
	listed, _ := rankTendencies(d.measures, o.Filters.MinSample)
	t := tendencies{Listed: listed,
		Rule: fmt.Sprintf("Ranked by how far the opponent's 95%% interval lies from yours, the smallest difference the data allow; "+
			"a measure with fewer than %d cases on either side, or whose interval is wider than %.0f points, is left out.", max(1, o.Filters.MinSample), 100*maxWidth)}
	if len(listed) == 0 {
		t.Empty = "No measure sets the opponent clearly apart from you: on each, the two intervals overlap or rest on too few cases (the table below has them all)."
	}
	return t
}

func f3(v float64) string { return fmt.Sprintf("%.3f", v) }
