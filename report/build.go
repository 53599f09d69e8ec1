package report

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// page is what the template fills in.
type page struct {
	Title     string
	Generated string
	Scope     string
	Headline  []headline
	Charts    []chart
	Sections  []section // the other games': Hearts
	MinSample int
}

type headline struct{ Label, Value, Note string }

// Write renders the report of the games the options select to out.
// The Hearts games the filters select get a section of their own, after
// the Gin Rummy charts, or the whole page when they select no Gin game.
func Write(ctx context.Context, db *sql.DB, o Options, out io.Writer) error {
	hearts, err := heartsSection(ctx, db, o)
	if err != nil {
		return err
	}
	pg := &page{Title: "Gin Rummy report", Generated: time.Now().UTC().Format("2006-01-02 15:04 UTC"), MinSample: o.Filters.MinSample}
	d, err := load(ctx, db, o)
	if errors.Is(err, queries.ErrNoGames) && hearts != nil {
		pg.Title, pg.Scope, pg.Sections = "Hearts report", heartsScope(o), []section{*hearts}
		return pageTemplate.Execute(out, pg)
	}
	if err != nil {
		return err
	}
	if hearts != nil {
		pg.Sections = append(pg.Sections, *hearts)
	}
	pg.Scope = scope(o)
	pg.Headline = headlines(d, o)
	for _, build := range []func(*data, Options) (chart, error){
		takenHeat, meldedHeat, pointsHeat, takeByRank, takeByRelation, knockDeadwood, knockTurns, scoreChart, statusChart, lossChart,
	} {
		c, err := build(d, o)
		if err != nil {
			return err
		}
		pg.Charts = append(pg.Charts, c)
	}
	return pageTemplate.Execute(out, pg)
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
	parts := []string{"plays of " + who(o)}
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

// pct writes a rate with its interval and sample.
func pct(r queries.Rate) string {
	if r.Opportunities == 0 {
		return "no data"
	}
	lo, hi := r.Interval()
	return fmt.Sprintf("%.0f%% (%.0f-%.0f%%, %d of %d)", 100*r.Value(), 100*lo, 100*hi, r.Cases, r.Opportunities)
}

func headlines(d *data, o Options) []headline {
	you := d.summary[gin.You]
	out := []headline{
		{"games", fmt.Sprint(you.Games), ""},
		{"rounds", fmt.Sprint(you.Rounds), ""},
		{"your win rate", pct(you.Wins), "95% interval"},
		{"your points per round", fmt.Sprintf("%.1f", you.PointsPerRound), ""},
	}
	w := who(o)
	out = append(out,
		headline{"face-up card taken by " + w, pct(d.draws.Overall), "of all offers"},
		headline{"... when it joins a meld", pct(find(d.draws.Relation, string(replay.RelMeld))), ""},
		headline{"... when it relates to nothing held", pct(find(d.draws.Relation, string(replay.RelNone))), ""},
		headline{"Gin among " + w + "'s calls", pct(d.knocks.Gin), ""},
		headline{"knocks by " + w + " undercut", pct(d.knocks.Undercut), ""})
	var passed queries.Rate
	for _, s := range d.knocks.PassedUp {
		passed.Cases += s.Cases
		passed.Opportunities += s.Opportunities
	}
	out = append(out, headline{"legal knocks passed up by " + w, pct(passed), ""})
	return out
}

// render draws p into a chart with the given texts and data table.
// The title is shown as the figure's heading, not inside the drawing.
func render(p *plot.Plot, id, caption string, w, h vg.Length, header []string, rows [][]string) (chart, error) {
	title := p.Title.Text
	p.Title.Text = ""
	s, err := svg(p, w, h)
	return chart{ID: id, Title: title, Caption: caption, SVG: s, Header: header, Rows: rows}, err
}

func f3(v float64) string { return fmt.Sprintf("%.3f", v) }

// cardHeat builds a heat map of the card values: value(v) gives a card's
// value and its sample.
func cardHeat(d *data, o Options, id, title, caption, format string, value func(v *queries.CardValue) (float64, int)) (chart, error) {
	var g cardGrid
	var small [gin.NumSuits][gin.NumRanks]bool
	var rows [][]string
	for c := range gin.Card(gin.NumCards) {
		v, n := value(&d.cards[c])
		if n == 0 {
			v = math.NaN()
		}
		g.z[c.Suit()][c.Rank()] = v
		small[c.Suit()][c.Rank()] = n < o.Filters.MinSample
		rows = append(rows, []string{c.String(), fmt.Sprintf(format, v), fmt.Sprint(n)})
	}
	p, err := heatMap(title, g, small, format)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 26*vg.Centimeter, 9*vg.Centimeter, []string{"card", "value", "sample"}, rows)
}

// share returns cases out of at least one opportunity.
func share(r queries.Rate) float64 { return float64(r.Cases) / math.Max(1, float64(r.Opportunities)) }

func takenHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "taken", "Face-up card taken when offered, by card",
		"Each cell is the share of offers of that card as the face-up card that "+who(o)+" took; red cards are wanted, blue ones passed over; * marks fewer offers than the minimum sample.",
		"%.2f", func(v *queries.CardValue) (float64, int) { return share(v.Taken), v.Taken.Opportunities })
}

func meldedHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "melded", "Card in a meld at the round's end, by card",
		"Each cell is the share of rounds in which "+who(o)+" ended holding that card inside a meld of its best arrangement: the cards it builds on.",
		"%.2f", func(v *queries.CardValue) (float64, int) { return share(v.Melded), v.Melded.Opportunities })
}

func pointsHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "points", "Holder's mean round points, by card held at the end",
		"Each cell is the mean points "+who(o)+" scored in rounds it ended holding that card; high cells are cards that come with winning hands; * marks fewer rounds than the minimum sample.",
		"%.1f", func(v *queries.CardValue) (float64, int) { return v.HolderPoints, v.Held.Cases })
}

// rateChart draws the take rates of one breakdown of the draw tendencies.
func rateChart(shares []queries.Share, o Options, id, title, xLabel, caption string) (chart, error) {
	var names []string
	var rates, lo, hi []float64
	var n []int
	var rows [][]string
	for _, s := range shares {
		rate := 0.0
		if s.Opportunities > 0 {
			rate = s.Value()
		}
		l, h := s.Interval()
		names = append(names, s.Label)
		rates = append(rates, rate)
		lo = append(lo, l)
		hi = append(hi, h)
		n = append(n, s.Opportunities)
		rows = append(rows, []string{s.Label, fmt.Sprint(s.Cases), fmt.Sprint(s.Opportunities), f3(rate), f3(l), f3(h)})
	}
	p, err := rateBars(title, xLabel, names, rates, lo, hi, n, o.Filters.MinSample)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 17*vg.Centimeter, 9*vg.Centimeter, []string{xLabel, "taken", "offered", "rate", "ci_low", "ci_high"}, rows)
}

func takeByRank(d *data, o Options) (chart, error) {
	return rateChart(d.draws.Rank, o, "take-rank", "Face-up take rate by rank", "rank of the face-up card",
		"Each bar is the share of offers of a rank that "+who(o)+" took, with its 95% interval as whiskers and the number of offers above; grey starred bars are small samples.")
}

func takeByRelation(d *data, o Options) (chart, error) {
	return rateChart(d.draws.Relation, o, "take-relation", "Face-up take rate by relation to the hand", "relation to the hand",
		"meld: the card joins a meld of the hand's best arrangement; combo: it pairs or neighbours a held card; none: neither. A player that takes cards from 'none' is collecting something its hand does not show.")
}

// distChart draws how many calls fall in each value of a breakdown of the
// knock profile.
func distChart(shares []queries.Share, id, title, xLabel, caption string) (chart, error) {
	var names []string
	var counts []float64
	var rows [][]string
	for _, s := range shares {
		names = append(names, s.Label)
		counts = append(counts, float64(s.Cases))
		rows = append(rows, []string{s.Label, fmt.Sprint(s.Cases)})
	}
	p, err := countBars(title, xLabel, "count", names, counts, inkOrange)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 17*vg.Centimeter, 8*vg.Centimeter, []string{xLabel, "count"}, rows)
}

func knockDeadwood(d *data, o Options) (chart, error) {
	return distChart(d.knocks.Deadwood, "knock-deadwood", "Deadwood at knock", "optimal deadwood of the knocking hand",
		"How many of "+who(o)+"'s knocks came at each deadwood: a player that waits for low deadwood is hard to undercut, one that knocks at 10 is easy to.")
}

func knockTurns(d *data, o Options) (chart, error) {
	return distChart(d.knocks.Turns, "knock-turns", "Turns before Gin or Knock", "the caller's turns in the round",
		"How long "+who(o)+" played before calling: early calls mean fast hands or an eager knocker.")
}

func scoreChart(d *data, o Options) (chart, error) {
	var games []gameScores
	var rows [][]string
	for _, s := range d.scores {
		g := gameScores{id: s.Game}
		for i, t := range s.Totals {
			g.you = append(g.you, float64(t[gin.You]))
			g.opp = append(g.opp, float64(t[gin.Opp]))
			rows = append(rows, []string{fmt.Sprint(s.Game), fmt.Sprint(i + 1), fmt.Sprint(t[gin.You]), fmt.Sprint(t[gin.Opp])})
		}
		games = append(games, g)
	}
	title := "Running score of the last games"
	if o.Game != 0 {
		title = fmt.Sprintf("Running score of game %d", o.Game)
	}
	p, err := scoreLines(title, games)
	if err != nil {
		return chart{}, err
	}
	return render(p, "scores", "Blue is you, orange the opponent, one dash pattern per game; the grey line is the 100 points that end a game. Steep steps are gins and undercuts.",
		17*vg.Centimeter, 9*vg.Centimeter, []string{"game", "round", "you", "opp"}, rows)
}

func statusChart(d *data, o Options) (chart, error) {
	statuses := []replay.Status{replay.Exact, replay.Explained, replay.Impossible}
	names := make([]string, len(statuses))
	counts := make([]float64, len(statuses))
	var rows [][]string
	for i, s := range statuses {
		names[i], counts[i] = string(s), float64(d.verdicts[s])
		rows = append(rows, []string{names[i], fmt.Sprint(d.verdicts[s])})
	}
	p, err := countBars("Rounds by score check", "verdict of ginlog verify", "rounds", names, counts, inkBlue)
	if err != nil {
		return chart{}, err
	}
	return render(p, "status", "exact: the score follows from both players' best melds; explained: a player declared worse melds than it had; impossible: no declaration gives the score (a broken log).",
		12*vg.Centimeter, 8*vg.Centimeter, []string{"verdict", "rounds"}, rows)
}

func lossChart(d *data, o Options) (chart, error) {
	var names []string
	var lost []float64
	var rows [][]string
	for _, l := range d.loss {
		names = append(names, l.Seat.String())
		lost = append(lost, float64(l.PointsLost))
		rows = append(rows, []string{l.Seat.String(), fmt.Sprint(l.PointsLost), fmt.Sprint(l.Rounds.Cases), fmt.Sprint(l.Rounds.Opportunities)})
	}
	p, err := countBars("Points lost to weak meld declarations", "side", "points lost", names, lost, inkOrange)
	if err != nil {
		return chart{}, err
	}
	return render(p, "meld-loss", "Points each side gave away by declaring a worse arrangement of its final hand than its best; a bot with a greedy meld function shows here.",
		12*vg.Centimeter, 8*vg.Centimeter, []string{"side", "points lost", "rounds with a loss", "rounds"}, rows)
}

var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif; margin: 0 auto; max-width: 1100px; padding: 1.5rem; color: #222; }
h1 { margin-bottom: 0.2rem; }
.scope { color: #555; margin-top: 0; }
.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 0.6rem; margin: 1rem 0 2rem; }
.summary > div { border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem 0.7rem; }
.summary .label { font-size: 0.8rem; color: #555; }
.summary .value { font-size: 1.05rem; font-weight: 600; }
.summary .note { font-size: 0.75rem; color: #777; }
figure { margin: 0 0 2rem; page-break-inside: avoid; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #444; font-size: 0.9rem; max-width: 48rem; }
details { font-size: 0.8rem; color: #444; }
table { border-collapse: collapse; margin-top: 0.3rem; }
td, th { border: 1px solid #ddd; padding: 0.1rem 0.4rem; text-align: right; }
@media print { body { max-width: none; padding: 0; } details { display: none; } }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="scope">{{.Scope}}; generated {{.Generated}} by ginlog. Rates come with their 95% Wilson interval; samples under {{.MinSample}} are marked *.</p>
<section class="summary">
{{range .Headline}}<div><div class="label">{{.Label}}</div><div class="value">{{.Value}}</div>{{if .Note}}<div class="note">{{.Note}}</div>{{end}}</div>
{{end}}</section>
{{range .Charts}}<figure id="{{.ID}}">
<h2>{{.Title}}</h2>
{{.SVGHTML}}
<figcaption>{{.Caption}}</figcaption>
<details><summary>data</summary><table><tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table></details>
</figure>
{{end}}{{range .Sections}}{{template "section" .}}{{end}}</body>
</html>
`))

// SVGHTML marks the chart's SVG, drawn by gonum/plot, as safe HTML.
func (c chart) SVGHTML() template.HTML { return template.HTML(c.SVG) }
