package report

import (
	"fmt"
	"image/color"
	"math"

	"github.com/ginlog/ginlog/model/infer"
	"github.com/ginlog/ginlog/model/infer/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// gainChart draws the model's log loss gain over the uniform and over the
// filter, by phase and over all the decisions, with 95% intervals.
func gainChart(d *data, o Options) (chart, error) {
	in := d.infer
	names := make([]string, 0, infer.NumPhases+1)
	for ph := range infer.NumPhases {
		names = append(names, infer.PhaseName(ph))
	}
	names = append(names, "all")
	g := &gainPlot{inks: [2]color.RGBA{whoInk(o), inkNeutral}}
	caption := in.noHeldOut()
	var rows [][]string
	if e := in.eval; e != nil {
		caption = "How much lower the model's log loss per unseen card is than that of the uniform (every unseen card as likely) " +
			"and of the Bayesian filter (the cards taken, refused and discarded), by the stock left when the turn begins and over all turns, " +
			"with 95% intervals (games as clusters): above zero, the model reads the hand better than that baseline."
		for _, ps := range append(e.Phases[:], e.All) {
			g.phases = append(g.phases, ps)
			row := []string{ps.Phase, thousands(ps.Decisions), thousands(ps.Cards)}
			for _, b := range []train.Predictor{train.Uniform, train.Filter} {
				row = append(row, gainText(ps, b), intervalText(ps, b))
			}
			rows = append(rows, row)
		}
	}
	title := "Log loss gain by phase"
	if in.eval != nil {
		title += " on " + in.scoredTitle()
	}
	p := newPlot(title, "stock left when the turn begins", "gain per unseen card (nats)")
	p.Add(g)
	p.NominalX(names...)
	p.X.Tick.Label.Font = sans(10)
	lo, hi := g.yRange()
	p.Y.Min, p.Y.Max = lo, hi
	key := []keyEntry{
		{Label: "over the uniform", Line: g.inks[0], Width: vg.Points(2)},
		{Label: "over the filter", Line: g.inks[1], Width: vg.Points(2)},
		{Label: "no gain", Line: inkGrey, Dashes: refDashes, Width: vg.Points(1)},
	}
	c := chart{ID: "inference-gain", Section: sectionInference, Half: true, Caption: caption,
		Header: []string{"stock left", "decisions", "cards", "over uniform", "95% interval", "over filter", "95% interval"}, Rows: rows}
	return c.draw(layout{plot: p, key: key}, halfWidth, vg.Points(330))
}

// gainText is the gain over b of a phase, or what stands for it.
func gainText(ps train.PhaseScores, b train.Predictor) string {
	if ps.Cards == 0 {
		return "no cards"
	}
	return fmt.Sprintf("%+.4f", ps.Gains[b].LogLoss)
}

// intervalText is the 95% interval of the gain over b of a phase.
func intervalText(ps train.PhaseScores, b train.Predictor) string {
	g := ps.Gains[b]
	if ps.Cards == 0 || math.IsInf(g.LogLossLow, 0) || math.IsInf(g.LogLossHigh, 0) {
		return "too few games"
	}
	return fmt.Sprintf("%+.4f to %+.4f", g.LogLossLow, g.LogLossHigh)
}

// gainPlot draws, in each phase, the gain over each baseline as a dot on
// its 95% interval, the uniform's left of the filter's; a phase without
// cards is left empty, an interval over fewer than two games not drawn.
type gainPlot struct {
	phases []train.PhaseScores
	inks   [2]color.RGBA // over the uniform, over the filter
}

// bounds returns the extent of the drawn gains and intervals.
func (g *gainPlot) bounds() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, ps := range g.phases {
		if ps.Cards == 0 {
			continue
		}
		for _, b := range []train.Predictor{train.Uniform, train.Filter} {
			for _, v := range []float64{ps.Gains[b].LogLoss, ps.Gains[b].LogLossLow, ps.Gains[b].LogLossHigh} {
				if !math.IsInf(v, 0) && !math.IsNaN(v) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	return lo, hi
}

// yRange returns the y axis's range: the gains with a margin, and zero.
func (g *gainPlot) yRange() (lo, hi float64) {
	lo, hi = g.bounds()
	if math.IsInf(lo, 1) {
		return -0.01, 0.05
	}
	lo, hi = min(lo, 0), max(hi, 0)
	pad := max(0.002, 0.08*(hi-lo))
	return lo - pad, hi + pad
}

// DataRange implements plot.DataRanger.
func (g *gainPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	lo, hi := g.yRange()
	return -0.5, float64(infer.NumPhases) + 0.5, lo, hi
}

// Plot implements plot.Plotter.
func (g *gainPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	c.StrokeLine2(draw.LineStyle{Color: inkGrey, Width: vg.Points(1), Dashes: refDashes}, trX(-0.5), trY(0), trX(float64(infer.NumPhases)+0.5), trY(0))
	for i, ps := range g.phases {
		if ps.Cards == 0 {
			continue
		}
		for j, b := range []train.Predictor{train.Uniform, train.Filter} {
			gain := ps.Gains[b]
			x := trX(float64(i) + 0.18*(2*float64(j)-1))
			line := draw.LineStyle{Color: g.inks[j], Width: vg.Points(2)}
			if lo, hi := gain.LogLossLow, gain.LogLossHigh; !math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
				cap := vg.Points(3)
				c.StrokeLine2(line, x, trY(lo), x, trY(hi))
				c.StrokeLine2(line, x-cap, trY(lo), x+cap, trY(lo))
				c.StrokeLine2(line, x-cap, trY(hi), x+cap, trY(hi))
			}
			c.DrawGlyph(draw.GlyphStyle{Color: g.inks[j], Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}, vg.Point{X: x, Y: trY(gain.LogLoss)})
		}
	}
}
