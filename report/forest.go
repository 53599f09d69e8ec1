package report

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// forestRow is one measure set side by side: a rate for each seat.
type forestRow struct {
	Label string
	Sides [2]queries.Rate
	CI    [2][2]float64 // each side's 95% interval, low and high
}

// forestPlot draws one row per measure, the first at the top: each side's
// rate as a dot on its 95% interval, you above the opponent. A rate on
// fewer opportunities than the minimum sample is drawn pale, its dot
// hollow; a side without opportunities is left out of its row.
type forestPlot struct {
	rows      []forestRow
	minSample int
}

// DataRange implements plot.DataRanger.
func (f *forestPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, 1, -0.5, float64(len(f.rows)) - 0.5
}

// ticks labels the rows, the first at the top.
func (f *forestPlot) ticks() namedTicks {
	t := make(namedTicks, len(f.rows))
	for i, r := range f.rows {
		t[len(f.rows)-1-i] = r.Label
	}
	return t
}

// Plot implements plot.Plotter.
func (f *forestPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	band := mix(inkLight, inkPaper, 0.6)
	for i, row := range f.rows {
		y := float64(len(f.rows) - 1 - i)
		if i%2 == 0 {
			c.FillPolygon(band, corners(vg.Rectangle{Min: vg.Point{X: trX(0), Y: trY(y - 0.5)}, Max: vg.Point{X: trX(1), Y: trY(y + 0.5)}}))
		}
		for _, seat := range []gin.Seat{gin.You, gin.Opp} {
			r := row.Sides[seat]
			if r.Opportunities == 0 {
				continue
			}
			yy := trY(y + 0.18)
			if seat == gin.Opp {
				yy = trY(y - 0.18)
			}
			ink := sideInk(seat)
			shape := draw.GlyphDrawer(draw.CircleGlyph{})
			if r.Opportunities < f.minSample {
				ink = mix(ink, inkPaper, 0.55)
				shape = draw.RingGlyph{}
			}
			lo, hi := row.CI[seat][0], row.CI[seat][1]
			line := draw.LineStyle{Color: ink, Width: vg.Points(2)}
			cap := vg.Points(3)
			c.StrokeLine2(line, trX(lo), yy, trX(hi), yy)
			c.StrokeLine2(line, trX(lo), yy-cap, trX(lo), yy+cap)
			c.StrokeLine2(line, trX(hi), yy-cap, trX(hi), yy+cap)
			c.DrawGlyph(draw.GlyphStyle{Color: ink, Radius: vg.Points(4), Shape: shape}, vg.Point{X: trX(r.Value()), Y: yy})
		}
	}
}
