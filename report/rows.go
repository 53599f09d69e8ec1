package report

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// barRow is one category of a chart of horizontal bars: a value, with its
// 95% interval and sample when it is a rate.
type barRow struct {
	Name   string
	Value  float64 // NaN: no data, drawn as the word "none"
	Lo, Hi float64 // the interval; Lo == Hi draws no whisker
	N      int     // the sample; -1 for a value that is no rate
	Text   string  // written after the bar (its sample, or its value)
}

// rowBarPlot draws one horizontal bar per row, the first at the top, in
// one colour, with its whisker and its text after it. A rate on fewer
// than minSample cases is drawn pale and hatched, as the Gin Rummy bars
// are. Long category names stay level and whole on the y axis: no label
// is turned or squeezed, whatever the width.
type rowBarPlot struct {
	rows      []barRow
	ink       color.RGBA
	minSample int
}

// DataRange implements plot.DataRanger.
func (b *rowBarPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, 1, -0.5, float64(len(b.rows)) - 0.5
}

// ticks names the rows, the first at the top.
func (b *rowBarPlot) ticks() namedTicks {
	t := make(namedTicks, len(b.rows))
	for i, r := range b.rows {
		t[len(b.rows)-1-i] = r.Name
	}
	return t
}

// Plot implements plot.Plotter.
func (b *rowBarPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	label := textStyle(labelFont, inkText)
	label.YAlign = draw.YCenter
	whisker := draw.LineStyle{Color: inkText, Width: vg.Points(1)}
	for i, r := range b.rows {
		y := float64(len(b.rows) - 1 - i)
		y0, y1, yc := trY(y-0.32), trY(y+0.32), trY(y)
		end := trX(0)
		if !math.IsNaN(r.Value) {
			bar := vg.Rectangle{Min: vg.Point{X: trX(0), Y: y0}, Max: vg.Point{X: trX(r.Value), Y: y1}}
			small := r.N >= 0 && r.N < b.minSample
			fill := b.ink
			if small {
				fill = mix(b.ink, inkPaper, 0.7)
			}
			c.FillPolygon(fill, corners(bar))
			if small {
				hatch(c, bar, b.ink)
			}
			end = bar.Max.X
			if r.Hi > r.Lo {
				cap := (y1 - y0) * 0.3
				c.StrokeLine2(whisker, trX(r.Lo), yc, trX(r.Hi), yc)
				c.StrokeLine2(whisker, trX(r.Lo), yc-cap, trX(r.Lo), yc+cap)
				c.StrokeLine2(whisker, trX(r.Hi), yc-cap, trX(r.Hi), yc+cap)
				end = max(end, trX(r.Hi))
			}
		}
		c.FillText(label, vg.Point{X: end + vg.Points(3), Y: yc}, r.Text)
	}
}

// rateRows returns shares as rows, the highest rate first, each named
// by name(its label) with its sample (starred under minSample) as its
// text; a share without cases reads "none".
func rateRows(shares []queries.Share, name func(string) string, minSample int) []barRow {
	var rows []barRow
	for _, s := range shares {
		r := barRow{Name: name(s.Label), Value: math.NaN(), N: s.Opportunities, Text: "none"}
		if s.Opportunities > 0 {
			r.Value = s.Value()
			r.Lo, r.Hi = s.Interval()
			r.Text = fmt.Sprint(s.Opportunities)
			if s.Opportunities < minSample {
				r.Text += "*"
			}
		}
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b barRow) int { return cmp.Compare(orNeg(b.Value), orNeg(a.Value)) })
	return rows
}

// orNeg returns v, or -1 for NaN, so that rows without data sort last.
func orNeg(v float64) float64 {
	if math.IsNaN(v) {
		return -1
	}
	return v
}

// rowBars draws rows of rates as horizontal bars on an axis that ends at a
// round rate above the highest whisker.
func rowBars(title, category string, rows []barRow, ink color.RGBA, minSample int) *plot.Plot {
	if len(rows) == 0 {
		rows = []barRow{{Name: "no data", Value: math.NaN(), Text: "none"}}
	}
	b := &rowBarPlot{rows: rows, ink: ink, minSample: minSample}
	p := newPlot(title, "rate, 95% interval", category)
	p.Add(b)
	hi := 0.0
	for _, r := range rows {
		if !math.IsNaN(r.Value) {
			hi = max(hi, r.Value, r.Hi)
		}
	}
	top := rateTop(hi)
	p.X.Min, p.X.Max = 0, top*1.2 // room after the longest bar for its text
	p.X.Tick.Marker = percentTicks{Top: top}
	p.Y.Tick.Marker = b.ticks()
	p.Y.Tick.Length = 0
	p.Y.Padding = vg.Points(4)
	return p
}

// valueBars draws rows of values (no rates) as horizontal bars, each
// value written after its bar.
func valueBars(title, category, what string, rows []barRow, ink color.RGBA) *plot.Plot {
	if len(rows) == 0 {
		rows = []barRow{{Name: "no data", Value: math.NaN(), Text: "none"}}
	}
	b := &rowBarPlot{rows: rows, ink: ink}
	p := newPlot(title, what, category)
	p.Add(b)
	hi := 1.0
	for _, r := range rows {
		if !math.IsNaN(r.Value) {
			hi = max(hi, r.Value)
		}
	}
	p.X.Min, p.X.Max = 0, hi*1.15
	p.X.Tick.Marker = intTicks{}
	p.Y.Tick.Marker = b.ticks()
	p.Y.Tick.Length = 0
	p.Y.Padding = vg.Points(4)
	return p
}

// rowsHeight is the height of a chart of n rows of bars: the bars 20
// points apart, plus the axis and margins.
func rowsHeight(n int) vg.Length {
	return vg.Points(float64(20*max(1, n) + 60))
}
