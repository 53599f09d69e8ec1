package report

import "html/template"

// section is a heading and its charts, in rows of one full-width chart or
// of two half-width ones.
type section struct {
	Heading string
	Rows    [][]chart
}

// Sections groups the charts under their headings: a chart without one
// joins the previous chart's section, and two half charts in a row share
// a row.
func (pg *page) Sections() []section {
	var out []section
	for _, c := range pg.Charts {
		if len(out) == 0 || c.Section != "" && c.Section != out[len(out)-1].Heading {
			out = append(out, section{Heading: c.Section})
		}
		s := &out[len(out)-1]
		if n := len(s.Rows); c.Half && n > 0 && len(s.Rows[n-1]) == 1 && s.Rows[n-1][0].Half {
			s.Rows[n-1] = append(s.Rows[n-1], c)
			continue
		}
		s.Rows = append(s.Rows, []chart{c})
	}
	return out
}

// SVGHTML marks the chart's SVG, drawn by gonum/plot, as safe HTML.
func (c chart) SVGHTML() template.HTML { return template.HTML(c.SVG) }

// NarrowHTML marks the chart's drawing for a phone as safe HTML.
func (c chart) NarrowHTML() template.HTML { return template.HTML(c.Narrow) }

// narrowScreen is the widest window, in CSS pixels, that shows the
// charts' drawings for a phone (phoneWidth wide, scaled up to at most one
// and a half times), one chart to a row: above it, the wide drawings keep
// their smallest text at 9 pixels or more.
const narrowScreen = 880

var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; margin: 0 auto; max-width: 1080px; padding: 24px; color: #222; line-height: 1.35; overflow-wrap: break-word; }
h1 { margin: 0 0 0.2rem; }
h2 { margin: 2.2rem 0 0.8rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
h3 { margin: 0 0 0.4rem; font-size: 1.1rem; }
.scope { color: #555; margin: 0; }
.sw { display: inline-block; width: 0.8em; height: 0.8em; vertical-align: -0.05em; margin: 0 0.25em 0 0.1em; border-radius: 2px; }
.sw.you { background: #2b5c8a; } .sw.opp { background: #d96c1e; }
.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 0.6rem; margin: 1rem 0 0; }
.game > .summary { margin-bottom: 1.5rem; }
.summary > div { border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem 0.7rem; min-width: 0; }
.summary .label { font-size: 0.8rem; color: #555; }
.summary .value { font-size: 1.05rem; font-weight: 600; }
.summary .note { font-size: 0.75rem; color: #777; }
.rule { color: #555; font-size: 0.9rem; max-width: 52rem; }
ol.tendencies { padding-left: 1.6rem; max-width: 52rem; }
ol.tendencies li { margin-bottom: 0.6rem; }
ol.tendencies .what { font-weight: 600; }
.row { margin: 0 0 2rem; }
.row.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
figure { margin: 0; min-width: 0; page-break-inside: avoid; break-inside: avoid; }
figure svg { display: block; width: 100%; height: auto; }
.chart.narrow { display: none; }
figcaption { color: #444; font-size: 0.9rem; max-width: 52rem; margin-top: 0.3rem; }
details { font-size: 0.8rem; color: #444; margin-top: 0.3rem; }
.table { overflow-x: auto; }
table { border-collapse: collapse; margin-top: 0.3rem; }
td, th { border: 1px solid #ddd; padding: 0.1rem 0.4rem; text-align: right; }
td:first-child, th:first-child { text-align: left; }
@media (max-width: {{.NarrowScreen}}px) { .row.pair { grid-template-columns: 1fr; } .chart.wide { display: none; } .chart.narrow { display: block; } .chart.narrow svg { max-width: 564px; } }
@media (max-width: 720px) { body { padding: 12px; } }
@media print { body { max-width: none; padding: 0; } details:not([open]) { display: none; } }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="scope">{{if .Charts}}<span class="sw you"></span>Blue is you, <span class="sw opp"></span>orange the opponent, everywhere. {{end}}{{.Scope}}. Generated {{.Generated}} by ginlog. Rates come with their 95% Wilson interval; what rests on fewer than {{.MinSample}} cases is drawn pale, hatched or grey, and starred.</p>
{{if .Charts}}<section class="summary">
{{range .Headline}}<div><div class="label">{{.Label}}</div><div class="value">{{.Value}}</div>{{if .Note}}<div class="note">{{.Note}}</div>{{end}}</div>
{{end}}</section>
{{with .Leaks}}<section id="leaks">
<h2>Your leaks</h2>
<p class="rule">{{.Note}}</p>
{{if .Listed}}<ol class="tendencies">
{{range .Listed}}<li><span class="what">{{.Sentence}}</span> {{.Cost}}{{if .Worst}} {{.Worst}}{{end}}</li>
{{end}}</ol>{{end}}{{with .Chart}}<div class="row">{{template "figure" .}}</div>{{end}}
</section>
{{end}}<section id="tendencies">
<h2>The opponent's tendencies to exploit</h2>
<p class="rule">{{.Tendencies.Rule}}</p>
{{if .Tendencies.Listed}}<ol class="tendencies">
{{range .Tendencies.Listed}}<li><span class="what">{{.Sentence}}</span> {{.Advice}}</li>
{{end}}</ol>{{else}}<p>{{.Tendencies.Empty}}</p>{{end}}
</section>
{{range .Sections}}<section>
{{if .Heading}}<h2>{{.Heading}}</h2>
{{end}}{{range .Rows}}<div class="row{{if gt (len .) 1}} pair{{end}}">
{{range .}}{{template "figure" .}}
{{end}}</div>
{{end}}</section>
{{end}}{{end}}{{range .Games}}{{template "section" .}}{{end}}</body>
</html>
{{define "figure"}}<figure id="{{.ID}}">
<h3>{{.Title}}</h3>
<div class="chart wide">{{.SVGHTML}}</div>
<div class="chart narrow">{{.NarrowHTML}}</div>
<figcaption>{{.Caption}}</figcaption>
<details{{if .OpenData}} open{{end}}><summary>data</summary><div class="table"><table><tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table></div></details>
</figure>{{end}}`))
