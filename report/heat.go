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
}

// DataRange implements plot.DataRanger.
func (h *cardCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, gin.NumRanks - 0.5, -0.5, gin.NumSuits - 0.5
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
		y := float64(gin.NumSuits - 1 - int(s))
		for r := range gin.Rank(gin.NumRanks) {
			cell := vg.Rectangle{
				Min: vg.Point{X: trX(float64(r)-0.5) + gap, Y: trY(y-0.5) + gap},
				Max: vg.Point{X: trX(float64(r)+0.5) - gap, Y: trY(y+0.5) - gap},
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

// The heat maps' scale strip, below the grid.
const (
	scaleStrip = 40 // its height, in points
	scaleBar   = 220
)

// drawScale draws the colour scale of a heat map along the top of c: the
// scale's name, a bar of its colours with its ticks, then what a grey and
// a white cell mean.
func drawScale(c draw.Canvas, s heatScale, ink color.RGBA, minSample int, what string) {
	sty := textStyle(keyFont, inkText)
	sty.YAlign = draw.YCenter
	y := c.Max.Y - vg.Points(keyRow)/2
	x := c.Min.X
	c.FillText(sty, vg.Point{X: x, Y: y}, s.Name)
	x += sty.Width(s.Name) + vg.Points(keyGap*2)
	const steps = 44
	w := vg.Points(scaleBar) / steps
	for i := range steps {
		t := (float64(i) + 0.5) / steps
		r := vg.Rectangle{Min: vg.Point{X: x + w*vg.Length(i), Y: y - vg.Points(keySquare)/2}, Max: vg.Point{X: x + w*vg.Length(i+1), Y: y + vg.Points(keySquare)/2}}
		c.FillPolygon(ramp(ink, t), corners(r))
	}
	tick := textStyle(keyFont-1, inkText)
	tick.XAlign, tick.YAlign = draw.XCenter, draw.YTop
	for i, v := range s.Ticks {
		tx := x + vg.Points(scaleBar)*vg.Length(s.at(v))
		c.StrokeLine2(draw.LineStyle{Color: inkText, Width: vg.Points(0.7)}, tx, y-vg.Points(keySquare)/2-vg.Points(3), tx, y-vg.Points(keySquare)/2)
		label := s.Tick(v)
		if s.Open && i == len(s.Ticks)-1 {
			label += "+"
		}
		c.FillText(tick, vg.Point{X: tx, Y: y - vg.Points(keySquare)/2 - vg.Points(4)}, label)
	}
	x += vg.Points(scaleBar) + vg.Points(keySpace*1.5)
	rest := draw.Crop(c, x-c.Min.X, 0, 0, 0)
	drawKey(rest, []keyEntry{
		{Label: smallLabel(minSample, what), Fill: faded(ramp(ink, 0.7))},
		{Label: "no " + what, Fill: inkPaper, Border: true},
	})
}
