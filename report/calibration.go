package report

import (
	"fmt"
	"image/color"
	"math"

	"github.com/ginlog/ginlog/model/infer/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The dashes of the inference section's lines: the Bayesian filter's
// (drawn in dark grey; the model's line is solid, in the colour of the
// player whose hand it reads), and the references' (light grey: the
// diagonal, zero gain).
var (
	filterDashes = []vg.Length{vg.Points(4), vg.Points(2)}
	refDashes    = []vg.Length{vg.Points(2), vg.Points(2)}
)

// calibrationChart draws the calibration of the model and of the filter:
// in each bin of predicted probability, the mean prediction against the
// share of the cards the player held, the dot's area the bin's cards.
func calibrationChart(d *data, o Options) (chart, error) {
	in := d.infer
	ink := whoInk(o)
	minSample := max(1, o.Filters.MinSample)
	title := "Calibration on no held-out game"
	caption := in.noHeldOut()
	var series [2]calibSeries
	var rows [][]string
	if e := in.eval; e != nil {
		title = "Calibration on " + in.scoredTitle()
		caption = fmt.Sprintf("Each dot is the unseen cards whose predicted chance of being in %s fell in one tenth (0-10%%, ..., 90-100%%): "+
			"across, the mean chance predicted; up, the share of them it held; the dot's area, how many cards (a pale ring: fewer than %d). "+
			"A predictor that is right sits on the dashed diagonal; below it, it overrates the cards. ", handOf(o), minSample) + in.scoredOn()
		for i, p := range []train.Predictor{train.Model, train.Filter} {
			series[i].bins = e.Calibration[p][:]
			for _, b := range e.Calibration[p] {
				row := []string{p.String(), fmt.Sprintf("%.0f-%.0f%%", 100*b.Low, 100*b.High), thousands(b.Cards), "", ""}
				if b.Cards < minSample {
					row[2] += "*"
				}
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
	p.Add(&calibPlot{series: series[:], minSample: minSample})
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	p.X.Tick.Marker, p.Y.Tick.Marker = percentTicks{}, percentTicks{}
	key := []keyEntry{
		{Label: "model", Line: ink, Width: vg.Points(2)},
		{Label: "Bayesian filter", Line: inkNeutral, Dashes: filterDashes, Width: vg.Points(2)},
		{Label: "predicted = observed", Line: inkGrey, Dashes: refDashes, Width: vg.Points(1)},
		{Label: smallLabel(minSample, "cards"), Fill: mix(inkGrey, inkPaper, 0.5)},
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
// bins of at least minSample cards with a dot on each, the dot's area
// proportional to the bin's cards (the largest bin of the chart at the
// largest radius); a bin of fewer cards is a pale hollow dot off the line.
type calibPlot struct {
	series    []calibSeries
	minSample int
}

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
			if b.Cards >= c.minSample && b.Cards > 0 {
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
			sty := draw.GlyphStyle{Color: s.ink, Radius: vg.Points(r), Shape: s.shape}
			if b.Cards < c.minSample {
				sty.Color, sty.Radius, sty.Shape = mix(s.ink, inkPaper, 0.5), vg.Points(3), draw.RingGlyph{}
			}
			cv.DrawGlyph(sty, vg.Point{X: trX(b.Predicted), Y: trY(b.Observed)})
		}
	}
}
