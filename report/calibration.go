package report

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/model/infer"
	"github.com/ginlog/ginlog/model/infer/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The inks of the inference section: the model in the colour of the
// player whose hand it reads, the Bayesian filter in dark grey, the
// reference lines in light grey.
var (
	filterDashes = []vg.Length{vg.Points(4), vg.Points(2)}
	refDashes    = []vg.Length{vg.Points(2), vg.Points(2)}
)

// handOf names the hand the inference reads: the hand of the player the
// filters' Who picks.
func handOf(o Options) string {
	switch o.Filters.Who {
	case "you":
		return "your hand"
	case "both":
		return "each player's hand"
	}
	return "the opponent's hand"
}

// scoredOn says which games the section scored, in a sentence.
func (in *inference) scoredOn() string {
	s := fmt.Sprintf("Scored on %s held out of the fit (one game in ten, by a hash of its ID, as ginlog fit --evaluate does): ", gamesText(in.eval.Games))
	if in.read < in.heldOut {
		s += fmt.Sprintf("the last %s of the %s held out among the %s selected (--inference-games sets the cap)",
			thousands(in.read), thousands(in.heldOut), gamesText(in.selected))
	} else {
		s += fmt.Sprintf("the %s held out among the %s selected", thousands(in.heldOut), gamesText(in.selected))
	}
	return s + fmt.Sprintf(", %s unseen cards at %s decisions.", thousands(in.eval.Cards), thousands(in.eval.Decisions))
}

// scoredTitle says how many games were scored, for a chart's title.
func (in *inference) scoredTitle() string {
	if in.read < in.heldOut {
		return fmt.Sprintf("the last %s held out of %s", gamesText(in.eval.Games), thousands(in.heldOut))
	}
	return gamesText(in.eval.Games) + " held out"
}

// gamesText counts games in words.
func gamesText(n int) string {
	if n == 1 {
		return "1 game"
	}
	return thousands(n) + " games"
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// noHeldOut is the caption of the section when no held-out game had a
// decision to score.
func (in *inference) noHeldOut() string {
	return fmt.Sprintf("No game to score: of the %s selected, %s are held out of the fit (one game in ten, by a hash of its ID), "+
		"and none of them is verified without violations with a decision to score. Select more games.", gamesText(in.selected), thousands(in.heldOut))
}

// calibrationChart draws the calibration of the model and of the filter:
// in each bin of predicted probability, the mean prediction against the
// share of the cards the player held, the dot's area the bin's cards.
func calibrationChart(d *data, o Options) (chart, error) {
	in := d.infer
	ink := whoInk(o)
	title := "Calibration on no held-out game"
	caption := in.noHeldOut()
	var series [2]calibSeries
	var rows [][]string
	if e := in.eval; e != nil {
		title = "Calibration on " + in.scoredTitle()
		caption = fmt.Sprintf("Each dot is the unseen cards whose predicted chance of being in %s fell in one tenth (0-10%%, ..., 90-100%%): "+
			"across, the mean chance predicted; up, the share of them it held; the dot's area, how many cards. "+
			"A predictor that is right sits on the dashed diagonal; below it, it overrates the cards. ", handOf(o)) + in.scoredOn()
		for i, p := range []train.Predictor{train.Model, train.Filter} {
			series[i].bins = e.Calibration[p][:]
			for _, b := range e.Calibration[p] {
				row := []string{p.String(), fmt.Sprintf("%.0f-%.0f%%", 100*b.Low, 100*b.High), thousands(b.Cards), "", ""}
				if b.Cards > 0 {
					row[3], row[4] = f3(b.Predicted), f3(b.Observed)
				}
				rows = append(rows, row)
			}
		}
	}
	series[0].ink, series[0].shape = ink, draw.CircleGlyph{}
	series[1].ink, series[1].shape, series[1].dashes = inkNeutral, draw.SquareGlyph{}, filterDashes
	p := newPlot(title, "predicted chance (bin mean)", "observed share held")
	p.Add(&calibPlot{series: series[:]})
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	p.X.Tick.Marker, p.Y.Tick.Marker = percentTicks{}, percentTicks{}
	key := []keyEntry{
		{Label: "model", Line: ink, Width: vg.Points(2)},
		{Label: "Bayesian filter", Line: inkNeutral, Dashes: filterDashes, Width: vg.Points(2)},
		{Label: "predicted = observed", Line: inkGrey, Dashes: refDashes, Width: vg.Points(1)},
	}
	c := chart{ID: "calibration", Section: sectionInference, Half: true, Caption: caption,
		Header: []string{"predictor", "bin", "cards", "predicted", "observed"}, Rows: rows}
	return c.draw(layout{plot: p, key: key}, halfWidth, vg.Points(330))
}

// calibSeries is one predictor's calibration bins and how to draw them.
type calibSeries struct {
	bins   []train.Bin
	ink    color.RGBA
	shape  draw.GlyphDrawer
	dashes []vg.Length
}

// calibPlot draws the diagonal, then each series as a line through its
// non-empty bins with a dot on each, the dot's area proportional to the
// bin's cards (the largest bin of the chart at the largest radius).
type calibPlot struct{ series []calibSeries }

// The dots' radii, in points.
const (
	minDot = 1.5
	maxDot = 7
)

// DataRange implements plot.DataRanger.
func (c *calibPlot) DataRange() (xmin, xmax, ymin, ymax float64) { return 0, 1, 0, 1 }

// Plot implements plot.Plotter.
func (c *calibPlot) Plot(cv draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&cv)
	cv.StrokeLine2(draw.LineStyle{Color: inkGrey, Width: vg.Points(1), Dashes: refDashes}, trX(0), trY(0), trX(1), trY(1))
	most := 0
	for _, s := range c.series {
		for _, b := range s.bins {
			most = max(most, b.Cards)
		}
	}
	for _, s := range c.series {
		var line []vg.Point
		for _, b := range s.bins {
			if b.Cards > 0 {
				line = append(line, vg.Point{X: trX(b.Predicted), Y: trY(b.Observed)})
			}
		}
		if len(line) > 1 {
			cv.StrokeLines(draw.LineStyle{Color: s.ink, Width: vg.Points(1.5), Dashes: s.dashes}, line)
		}
		for _, b := range s.bins {
			if b.Cards == 0 {
				continue
			}
			r := minDot + (maxDot-minDot)*math.Sqrt(float64(b.Cards)/float64(most))
			cv.DrawGlyph(draw.GlyphStyle{Color: s.ink, Radius: vg.Points(r), Shape: s.shape},
				vg.Point{X: trX(b.Predicted), Y: trY(b.Observed)})
		}
	}
}

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
