package report

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html/template"
	"image/color"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"gonum.org/v1/plot/vg"
)

// gameSection is a part of the report about one kind of game besides the Gin
// Rummy part at its top: a heading, a summary block and charts.
type gameSection struct {
	ID       string // the HTML id of its section
	Title    string // its heading; "" when it is the whole page
	Intro    string
	Headline []headline
	Charts   []chart
}

// heartsTop is how many players the Hearts charts show: those with the
// most hands.
const heartsTop = 12

// heartsData is what the Hearts section draws.
type heartsData struct {
	overview queries.HeartsOverview
	players  []queries.HeartsPlayer
	queen    []queries.Share
	voids    []queries.Share
	methods  []queries.Share
}

// heartsSection builds the Hearts section of the report from the games the
// filters select, or returns nil when they select no Hearts game.
func heartsSection(ctx context.Context, db *sql.DB, o Options) (*gameSection, error) {
	var d heartsData
	var err error
	d.overview, err = queries.HeartsSummary(ctx, db, o.Filters)
	if errors.Is(err, selection.ErrNoGames) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if d.players, err = queries.HeartsPlayers(ctx, db, o.Filters, heartsTop); err != nil {
		return nil, err
	}
	if d.queen, err = queries.HeartsQueenTricks(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	if d.voids, err = queries.HeartsVoids(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	if d.methods, err = queries.HeartsMethods(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	s := &gameSection{
		ID:    "hearts",
		Title: "Hearts",
		Intro: fmt.Sprintf("The Hearts games the filters select. A hand is determined when exactly one reading of who played each card obeys the rules and the logged scores; how players play comes from those hands only. The charts show the %d players with the most hands.", heartsTop),
	}
	ov := d.overview
	s.Headline = []headline{
		{"Hearts games", fmt.Sprint(ov.Games), fmt.Sprintf("%d with every player's files", ov.Complete)},
		{"hands", fmt.Sprint(ov.Hands), ""},
		{"hands verified", rateText(queries.Rate{Cases: ov.Verified, Opportunities: ov.Hands}, wilsonOf(queries.Rate{Cases: ov.Verified, Opportunities: ov.Hands})), "some reading obeys the rules and scores"},
		{"hands determined", rateText(queries.Rate{Cases: ov.Determined, Opportunities: ov.Hands}, wilsonOf(queries.Rate{Cases: ov.Determined, Opportunities: ov.Hands})), "exactly one reading does"},
		{"deviations", fmt.Sprint(ov.Deviations), "see ginlog query hearts-deviations"},
	}
	for _, build := range []func(*heartsData, Options) (chart, error){
		heartsPoints, heartsQueenTrick, heartsQueenDumped, heartsMoon, heartsHeartLeads, heartsVoidChart, heartsMethodChart,
	} {
		c, err := build(&d, o)
		if err != nil {
			return nil, err
		}
		s.Charts = append(s.Charts, c)
	}
	return s, nil
}

// heartsInk is the colour of the Hearts charts: purple, the report's
// colour of players pooled, since Hearts players belong to neither of the
// Gin Rummy sides (blue you, orange the opponent).
var heartsInk = inkPurple

func heartsPoints(d *heartsData, o Options) (chart, error) {
	var bars []barRow
	var rows [][]string
	for _, p := range d.players {
		bars = append(bars, barRow{Name: short(p.ID), Value: p.PointsPerHand, N: -1, Text: fmt.Sprintf("%.2f", p.PointsPerHand)})
		lo, hi := p.Clean.Interval()
		rows = append(rows, []string{p.ID, fmt.Sprint(p.Hands), fmt.Sprintf("%.2f", p.PointsPerHand),
			fmt.Sprint(p.Clean.Cases), f3(lo), f3(hi)})
	}
	slices.SortStableFunc(bars, func(a, b barRow) int { return cmp.Compare(a.Value, b.Value) })
	p := valueBars("Hearts points per hand, by player", "player", "points per hand", bars, heartsInk)
	return render(p, "hearts-points", "Each bar is a player's mean points per hand over the hands whose points are known, fewest (best) at the top; the table adds how many hands it took clean, with the 95% interval of that share.",
		pageWidth, rowsHeight(len(bars)), []string{"player", "hands", "points per hand", "clean hands", "clean ci_low", "clean ci_high"}, rows)
}

// playerRates draws one rate of each player.
func playerRates(d *heartsData, o Options, id, title, caption, what string, rate func(p *queries.HeartsPlayer) queries.Rate) (chart, error) {
	var shares []queries.Share
	for i := range d.players {
		shares = append(shares, queries.Share{Label: d.players[i].ID, Rate: rate(&d.players[i])})
	}
	return shareChart(shares, o, id, title, "player", what, caption, short)
}

// same returns a label as it is.
func same(label string) string { return label }

// short returns a player's id cut to fit beside a bar; the data table
// beneath the chart gives it whole.
func short(id string) string {
	const most = 20
	if r := []rune(id); len(r) > most {
		return string(r[:most-1]) + "…"
	}
	return id
}

// shareChart draws shares as horizontal bars of rates with their
// intervals, the highest first, each named by label(its label); the axis
// ends at a round rate above the highest interval.
func shareChart(shares []queries.Share, o Options, id, title, category, what, caption string, label func(string) string) (chart, error) {
	var rows [][]string
	for _, s := range shares {
		rate := 0.0
		if s.Opportunities > 0 {
			rate = s.Value()
		}
		l, h := s.Interval()
		rows = append(rows, []string{s.Label, fmt.Sprint(s.Cases), fmt.Sprint(s.Opportunities), f3(rate), f3(l), f3(h)})
	}
	bars := rateRows(shares, label, o.Filters.MinSample)
	p := rowBars(title, category, bars, heartsInk, o.Filters.MinSample)
	c := chart{ID: id, Caption: caption, Header: []string{category, what, "of", "rate", "ci_low", "ci_high"}, Rows: rows}
	key := []keyEntry{
		{Label: what, Fill: heartsInk},
		{Label: smallLabel(o.Filters.MinSample, "cases"), Fill: mix(heartsInk, inkPaper, 0.7), Hatch: heartsInk},
	}
	return c.draw(layout{plot: p, key: key}, pageWidth, rowsHeight(len(bars))+vg.Points(keyRow))
}

func heartsQueenTrick(d *heartsData, o Options) (chart, error) {
	var names []string
	var counts []float64
	var rows [][]string
	for _, s := range d.queen {
		// A trick in which the queen never fell keeps its place, empty.
		for k := len(names) + 1; k < min(numeric(s.Label), 53); k++ {
			names, counts = append(names, fmt.Sprint(k)), append(counts, 0)
			rows = append(rows, []string{fmt.Sprint(k), "0", fmt.Sprint(s.Opportunities)})
		}
		names = append(names, s.Label)
		counts = append(counts, float64(s.Cases))
		rows = append(rows, []string{s.Label, fmt.Sprint(s.Cases), fmt.Sprint(s.Opportunities)})
	}
	p := colouredBars("Trick in which the queen of spades falls", "trick", "determined hands", names, counts, inksOf(heartsInk, len(names)))
	return render(p, "hearts-queen-trick", "How many determined hands saw the queen of spades played in each trick (an empty place: none did): early peaks mean players flush it out by leading spades, late ones that it is held and dumped.",
		pageWidth, vg.Points(250), []string{"trick", "hands", "of"}, rows)
}

func heartsQueenDumped(d *heartsData, o Options) (chart, error) {
	return playerRates(d, o, "hearts-queen-dumped", "Queen of spades dumped off-suit, by the player holding it",
		"Of the determined hands in which a player held the queen of spades, the share in which it played it on a trick of another suit, with the 95% interval.",
		"dumped", func(p *queries.HeartsPlayer) queries.Rate { return p.QueenDumped })
}

func heartsMoon(d *heartsData, o Options) (chart, error) {
	return playerRates(d, o, "hearts-moon", "Moon attempts, by player",
		"Share of its determined hands in which a player had taken every point card played so far, and at least 20 points: an attempt to shoot the moon (ginlog query hearts-moon gives the successes).",
		"attempts", func(p *queries.HeartsPlayer) queries.Rate { return p.MoonAttempts })
}

func heartsHeartLeads(d *heartsData, o Options) (chart, error) {
	return playerRates(d, o, "hearts-heart-leads", "Hearts led once broken, by player",
		"Of the tricks a player led after hearts broke while holding a heart and another suit, the share it led with a heart.",
		"heart leads", func(p *queries.HeartsPlayer) queries.Rate { return p.HeartLeads })
}

func heartsVoidChart(d *heartsData, o Options) (chart, error) {
	return shareChart(d.voids, o, "hearts-voids", "Void by the middle of the hand, by suit", "suit", "void",
		"Share of the players of determined hands who held no card of the suit by the middle of the hand (trick 6 of 13, 13 of 26), dealt void included: a suit players shed early is one to expect discards on.", same)
}

func heartsMethodChart(d *heartsData, o Options) (chart, error) {
	return shareChart(d.methods, o, "hearts-methods", "Hands determined, by how the card order was read", "method", "determined",
		"player-id: the later framework wrote each trick in player-id order; reverse-play: the earlier one's tricks in reverse play order; searched: every reading the rules and scores allow was counted, and a hand is determined only when one remains.", same)
}

// heartsScope describes the filters of a report of Hearts games only.
func heartsScope(o Options) string {
	s := scope(o)
	if _, rest, ok := strings.Cut(s, ", "); ok {
		return "Hearts games, " + rest
	}
	return "Hearts games"
}

// sectionTemplate draws a section, its charts as the page draws the Gin
// charts. A section without a title is the whole page, under the page's
// own heading.
var sectionTemplate = template.Must(pageTemplate.New("section").Parse(`<section class="game" id="{{.ID}}">
{{if .Title}}<h2>{{.Title}}</h2>
{{end}}<p class="scope">{{.Intro}}</p>
<section class="summary">
{{range .Headline}}<div><div class="label">{{.Label}}</div><div class="value">{{.Value}}</div>{{if .Note}}<div class="note">{{.Note}}</div>{{end}}</div>
{{end}}</section>
{{range .Charts}}<div class="row">
{{template "figure" .}}
</div>
{{end}}</section>
`))

// inksOf returns n times the colour ink: Hearts players belong to no side
// of the Gin Rummy report's blue and orange.
func inksOf(ink color.Color, n int) []color.Color {
	out := make([]color.Color, n)
	for i := range out {
		out[i] = ink
	}
	return out
}
