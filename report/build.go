package report

import (
	"context"
	"database/sql"
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"
	"time"

	"github.com/ginlog/ginlog/stats"
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
	MinSample int
}

type headline struct{ Label, Value, Note string }

// Write renders the report of the games the options select to out.
func Write(ctx context.Context, db *sql.DB, o Options, out io.Writer) error {
	d, err := load(ctx, db, o)
	if err != nil {
		return err
	}
	pg := &page{Title: "Gin Rummy report", Generated: time.Now().UTC().Format("2006-01-02 15:04 UTC"), MinSample: o.Filters.MinSample}
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

func pct(cases, n float64) string {
	if n == 0 {
		return "no data"
	}
	lo, hi := stats.Wilson(int(cases), int(n))
	return fmt.Sprintf("%.0f%% (%.0f-%.0f%%, %d of %d)", 100*cases/n, 100*lo, 100*hi, int(cases), int(n))
}

func headlines(d *data, o Options) []headline {
	var out []headline
	for _, r := range d.summary.Rows {
		if d.summary.str(r, "side") == "you" {
			out = append(out,
				headline{"games", fmt.Sprint(d.summary.num(r, "games")), ""},
				headline{"rounds", fmt.Sprint(d.summary.num(r, "rounds")), ""},
				headline{"your win rate", pct(d.summary.num(r, "cases"), d.summary.num(r, "opportunities")), "95% interval"},
				headline{"your points per round", fmt.Sprintf("%.1f", d.summary.num(r, "points_per_round")), ""})
		}
	}
	rate := func(t table, dim, value string) (float64, float64) {
		for _, r := range t.rows(dim) {
			if value == "" || t.str(r, "value") == value {
				return t.num(r, "cases"), t.num(r, "opportunities")
			}
		}
		return 0, 0
	}
	w := who(o)
	c, n := rate(d.draw, "overall", "")
	out = append(out, headline{"face-up card taken by " + w, pct(c, n), "of all offers"})
	c, n = rate(d.draw, "relation", "meld")
	out = append(out, headline{"... when it joins a meld", pct(c, n), ""})
	c, n = rate(d.draw, "relation", "none")
	out = append(out, headline{"... when it relates to nothing held", pct(c, n), ""})
	c, n = rate(d.knock, "gin rate", "")
	out = append(out, headline{"Gin among " + w + "'s calls", pct(c, n), ""})
	c, n = rate(d.knock, "undercut rate", "")
	out = append(out, headline{"knocks by " + w + " undercut", pct(c, n), ""})
	var passed, legal float64
	for _, r := range d.knock.rows("legal knock passed up") {
		passed += d.knock.num(r, "cases")
		legal += d.knock.num(r, "opportunities")
	}
	out = append(out, headline{"legal knocks passed up by " + w, pct(passed, legal), ""})
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

// cardHeat builds a heat map from card-values: value(row) and sample(row).
func cardHeat(d *data, o Options, id, title, caption, format string, value func(r []any) (float64, int)) (chart, error) {
	var g cardGrid
	var small [4][13]bool
	var rows [][]string
	for i, r := range d.cards.Rows {
		s, k := i/13, i%13
		v, n := value(r)
		if n == 0 {
			v = math.NaN()
		}
		g.z[s][k] = v
		small[s][k] = n < o.Filters.MinSample
		rows = append(rows, []string{d.cards.str(r, "card"), fmt.Sprintf(format, v), fmt.Sprint(n)})
	}
	p, err := heatMap(title, g, small, format)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 26*vg.Centimeter, 9*vg.Centimeter, []string{"card", "value", "sample"}, rows)
}

func takenHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "taken", "Face-up card taken when offered, by card",
		"Each cell is the share of offers of that card as the face-up card that "+who(o)+" took; red cards are wanted, blue ones passed over; * marks fewer offers than the minimum sample.",
		"%.2f", func(r []any) (float64, int) {
			n := int(d.cards.num(r, "offered"))
			return d.cards.num(r, "taken") / math.Max(1, float64(n)), n
		})
}

func meldedHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "melded", "Card in a meld at the round's end, by card",
		"Each cell is the share of rounds in which "+who(o)+" ended holding that card inside a meld of its best arrangement: the cards it builds on.",
		"%.2f", func(r []any) (float64, int) {
			n := int(d.cards.num(r, "opportunities"))
			return d.cards.num(r, "melded") / math.Max(1, float64(n)), n
		})
}

func pointsHeat(d *data, o Options) (chart, error) {
	return cardHeat(d, o, "points", "Holder's mean round points, by card held at the end",
		"Each cell is the mean points "+who(o)+" scored in rounds it ended holding that card; high cells are cards that come with winning hands; * marks fewer rounds than the minimum sample.",
		"%.1f", func(r []any) (float64, int) {
			return d.cards.num(r, "holder_points"), int(d.cards.num(r, "cases"))
		})
}

func rateChart(d *data, o Options, id, dim, title, xLabel, caption string) (chart, error) {
	var names []string
	var rates, lo, hi []float64
	var n []int
	var rows [][]string
	for _, r := range d.draw.rows(dim) {
		names = append(names, d.draw.str(r, "value"))
		rates = append(rates, d.draw.num(r, "rate"))
		lo = append(lo, d.draw.num(r, "ci_low"))
		hi = append(hi, d.draw.num(r, "ci_high"))
		n = append(n, int(d.draw.num(r, "opportunities")))
		rows = append(rows, []string{d.draw.str(r, "value"), fmt.Sprint(d.draw.num(r, "cases")), fmt.Sprint(d.draw.num(r, "opportunities")),
			f3(d.draw.num(r, "rate")), f3(d.draw.num(r, "ci_low")), f3(d.draw.num(r, "ci_high"))})
	}
	p, err := rateBars(title, xLabel, names, rates, lo, hi, n, o.Filters.MinSample)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 17*vg.Centimeter, 9*vg.Centimeter, []string{xLabel, "taken", "offered", "rate", "ci_low", "ci_high"}, rows)
}

func takeByRank(d *data, o Options) (chart, error) {
	return rateChart(d, o, "take-rank", "rank", "Face-up take rate by rank", "rank of the face-up card",
		"Each bar is the share of offers of a rank that "+who(o)+" took, with its 95% interval as whiskers and the number of offers above; grey starred bars are small samples.")
}

func takeByRelation(d *data, o Options) (chart, error) {
	return rateChart(d, o, "take-relation", "relation", "Face-up take rate by relation to the hand", "relation to the hand",
		"meld: the card joins a meld of the hand's best arrangement; combo: it pairs or neighbours a held card; none: neither. A player that takes cards from 'none' is collecting something its hand does not show.")
}

func distChart(d *data, id, dim, title, xLabel, caption string) (chart, error) {
	var names []string
	var counts []float64
	var rows [][]string
	for _, r := range d.knock.rows(dim) {
		names = append(names, d.knock.str(r, "value"))
		counts = append(counts, d.knock.num(r, "cases"))
		rows = append(rows, []string{d.knock.str(r, "value"), fmt.Sprint(d.knock.num(r, "cases"))})
	}
	p, err := countBars(title, xLabel, "count", names, counts, inkOrange)
	if err != nil {
		return chart{}, err
	}
	return render(p, id, caption, 17*vg.Centimeter, 8*vg.Centimeter, []string{xLabel, "count"}, rows)
}

func knockDeadwood(d *data, o Options) (chart, error) {
	return distChart(d, "knock-deadwood", "deadwood at knock", "Deadwood at knock", "optimal deadwood of the knocking hand",
		"How many of "+who(o)+"'s knocks came at each deadwood: a player that waits for low deadwood is hard to undercut, one that knocks at 10 is easy to.")
}

func knockTurns(d *data, o Options) (chart, error) {
	return distChart(d, "knock-turns", "turns before call", "Turns before Gin or Knock", "the caller's turns in the round",
		"How long "+who(o)+" played before calling: early calls mean fast hands or an eager knocker.")
}

func scoreChart(d *data, o Options) (chart, error) {
	var games []gameScores
	var rows [][]string
	for _, r := range d.scores.Rows {
		id := int64(d.scores.num(r, "game_id"))
		if len(games) == 0 || games[len(games)-1].id != id {
			games = append(games, gameScores{id: id})
		}
		g := &games[len(games)-1]
		g.you = append(g.you, d.scores.num(r, "you"))
		g.opp = append(g.opp, d.scores.num(r, "opp"))
		rows = append(rows, []string{fmt.Sprint(id), fmt.Sprint(d.scores.num(r, "round")), fmt.Sprint(d.scores.num(r, "you")), fmt.Sprint(d.scores.num(r, "opp"))})
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
	names := []string{"exact", "explained", "impossible"}
	counts := make([]float64, 3)
	for _, r := range d.status.Rows {
		for i, n := range names {
			if d.status.str(r, "status") == n {
				counts[i] = d.status.num(r, "rounds")
			}
		}
	}
	var rows [][]string
	for i, n := range names {
		rows = append(rows, []string{n, fmt.Sprint(counts[i])})
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
	for _, r := range d.loss.Rows {
		names = append(names, d.loss.str(r, "side"))
		lost = append(lost, d.loss.num(r, "points_lost"))
		rows = append(rows, []string{d.loss.str(r, "side"), fmt.Sprint(d.loss.num(r, "points_lost")), fmt.Sprint(d.loss.num(r, "cases")), fmt.Sprint(d.loss.num(r, "opportunities"))})
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
{{end}}</body>
</html>
`))

// SVGHTML marks the chart's SVG, drawn by gonum/plot, as safe HTML.
func (c chart) SVGHTML() template.HTML { return template.HTML(c.SVG) }
