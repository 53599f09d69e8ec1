package report

import (
	"fmt"
	"image/color"
	"math"

	"github.com/ginlog/ginlog/gin"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// heatScale is the fixed colour scale of one kind of value: every heat map
// of that kind, in every report, gives a value the same colour, so a pale
// map means small values, not a narrow spread.
type heatScale struct {
	Name     string // what a cell shows, for the key
	Min, Max float64
	Ticks    []float64
	Cell     func(float64) string // a cell's text
	Tick     func(float64) string // a tick's label on the key
	Open     bool                 // values above Max take its colour: its tick reads "Max+"
}

// The scales: rates from 0 to 100%, and mean round points from 0 to 30
// (the few cards above share the top colour).
var (
	rateScale = heatScale{Min: 0, Max: 1, Ticks: []float64{0, 0.25, 0.5, 0.75, 1},
		Cell: percent, Tick: percent}
	pointsScale = heatScale{Min: 0, Max: 30, Ticks: []float64{0, 10, 20, 30},
		Cell: func(v float64) string { return fmt.Sprintf("%.1f", v) },
		Tick: func(v float64) string { return fmt.Sprintf("%.0f", v) }, Open: true}
)

// percent writes a rate as a whole percentage.
func percent(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

// at returns where v falls on the scale, from 0 to 1.
func (s heatScale) at(v float64) float64 {
	return math.Max(0, math.Min(1, (v-s.Min)/(s.Max-s.Min)))
}

// cardCells draws the 52 cards as a grid, ranks across and suits down
// (gin's first suit at the top), each cell coloured on the scale with its
// value written in it. A cell resting on fewer cases than the minimum
// sample loses its hue (grey, lighter) and is starred; a cell without data
// is left white.
type cardCells struct {
	z     [gin.NumSuits][gin.NumRanks]float64 // NaN: no data
	small [gin.NumSuits][gin.NumRanks]bool
	scale heatScale
	ink   color.RGBA
	// turned lays the grid on its side for a phone: suits across, ranks
	// down (the ace at the top).
	turned bool
}

// DataRange implements plot.DataRanger.
func (h *cardCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	if h.turned {
		return -0.5, gin.NumSuits - 0.5, -0.5, gin.NumRanks - 0.5
	}
	return -0.5, gin.NumRanks - 0.5, -0.5, gin.NumSuits - 0.5
}

// place returns the grid position (x, y) of a card's cell.
func (h *cardCells) place(s gin.Suit, r gin.Rank) (x, y float64) {
	if h.turned {
		return float64(s), float64(gin.NumRanks - 1 - int(r))
	}
	return float64(r), float64(gin.NumSuits - 1 - int(s))
}

// fill returns the colour of a cell.
func (h *cardCells) fill(s gin.Suit, r gin.Rank) color.RGBA {
	v := h.z[s][r]
	switch {
	case math.IsNaN(v):
		return inkPaper
	case h.small[s][r]:
		return faded(ramp(h.ink, h.scale.at(v)))
	}
	return ramp(h.ink, h.scale.at(v))
}

// Plot implements plot.Plotter.
func (h *cardCells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	label := textStyle(10, inkText)
	label.XAlign, label.YAlign = draw.XCenter, draw.YCenter
	gap := vg.Points(1)
	for s := range gin.Suit(gin.NumSuits) {
		for r := range gin.Rank(gin.NumRanks) {
			x, y := h.place(s, r)
			cell := vg.Rectangle{
				Min: vg.Point{X: trX(x-0.5) + gap, Y: trY(y-0.5) + gap},
				Max: vg.Point{X: trX(x+0.5) - gap, Y: trY(y+0.5) - gap},
			}
			fill := h.fill(s, r)
			c.FillPolygon(fill, corners(cell))
			v := h.z[s][r]
			if math.IsNaN(v) {
				c.StrokeLines(draw.LineStyle{Color: inkLight, Width: vg.Points(0.5)}, append(corners(cell), cell.Min))
				continue
			}
			text := h.scale.Cell(v)
			if h.small[s][r] {
				text += "*"
			}
			label.Color = textOn(fill)
			c.FillText(label, vg.Point{X: (cell.Min.X + cell.Max.X) / 2, Y: (cell.Min.Y + cell.Max.Y) / 2}, text)
		}
	}
}

// The heat maps' scale strip, below the grid: its height in points on a
// page's drawing and on a phone's, where the scale's name, its bar and
// what grey and white mean are stacked in rows.
const (
	scaleStrip      = 40
	phoneScaleStrip = 4*keyRow + 14
	scaleBar        = 220
)

// drawScale draws the colour scale of a heat map along the top of c: the
// scale's name, a bar of its colours with its ticks, then what a grey and
// a white cell mean; in rows when stacked.
func drawScale(c draw.Canvas, s heatScale, ink color.RGBA, minSample int, what string, stacked bool) {
	sty := textStyle(keyFont, inkText)
	sty.YAlign = draw.YCenter
	y := c.Max.Y - vg.Points(keyRow)/2
	x := c.Min.X
	c.FillText(sty, vg.Point{X: x, Y: y}, s.Name)
	bar := vg.Points(scaleBar)
	if stacked {
		y -= vg.Points(keyRow)
		bar = min(bar, c.Max.X-c.Min.X-vg.Points(12))
		x += vg.Points(6) // room for half the first tick's label
	} else {
		x += sty.Width(s.Name) + vg.Points(keyGap*2)
	}
	drawScaleBar(c, s, ink, vg.Point{X: x, Y: y}, bar)
	rest := draw.Crop(c, x+bar+vg.Points(keySpace*1.5)-c.Min.X, 0, 0, 0)
	if stacked {
		rest = draw.Crop(c, 0, 0, 0, -(2*vg.Points(keyRow) + vg.Points(14)))
	}
	drawKey(rest, []keyEntry{
		{Label: smallLabel(minSample, what), Fill: faded(ramp(ink, 0.7))},
		{Label: "no " + what, Fill: inkPaper, Border: true},
	})
}

// drawScaleBar draws the scale's colours in a bar w long from the left end
// of its middle line at, with its ticks below it.
func drawScaleBar(c draw.Canvas, s heatScale, ink color.RGBA, at vg.Point, w vg.Length) {
	const steps = 44
	step := w / steps
	half := vg.Points(keySquare) / 2
	for i := range steps {
		t := (float64(i) + 0.5) / steps
		r := vg.Rectangle{Min: vg.Point{X: at.X + step*vg.Length(i), Y: at.Y - half}, Max: vg.Point{X: at.X + step*vg.Length(i+1), Y: at.Y + half}}
		c.FillPolygon(ramp(ink, t), corners(r))
	}
	tick := textStyle(keyFont-1, inkText)
	tick.XAlign, tick.YAlign = draw.XCenter, draw.YTop
	for i, v := range s.Ticks {
		tx := at.X + w*vg.Length(s.at(v))
		c.StrokeLine2(draw.LineStyle{Color: inkText, Width: vg.Points(0.7)}, tx, at.Y-half-vg.Points(3), tx, at.Y-half)
		label := s.Tick(v)
		if s.Open && i == len(s.Ticks)-1 {
			label += "+"
		}
		c.FillText(tick, vg.Point{X: tx, Y: at.Y - half - vg.Points(4)}, label)
	}
}
