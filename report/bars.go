package report

import (
	"fmt"
	"image/color"
	"math"

	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// barSeries is one side's rates across the categories of a bar chart.
type barSeries struct {
	Name   string     // for the key: "you", "opponent"
	Ink    color.RGBA // the side's colour
	Rates  []float64  // NaN: no opportunities
	Lo, Hi []float64  // the 95% interval of each rate
	N      []int      // the sample of each rate
}

// seriesOf builds a series from rates: their values, intervals and
// samples.
func seriesOf(name string, ink color.RGBA, rates []queries.Rate) barSeries {
	s := barSeries{Name: name, Ink: ink}
	for _, r := range rates {
		lo, hi := r.Interval()
		s.Rates = append(s.Rates, r.Value())
		s.Lo, s.Hi = append(s.Lo, lo), append(s.Hi, hi)
		s.N = append(s.N, r.Opportunities)
	}
	return s
}

// rateBarPlot draws grouped bars of rates, one bar per series in each
// category, with their 95% intervals as whiskers and, if asked, each
// sample written above its whisker. A bar resting on fewer than minSample cases is drawn
// pale and hatched. Its x runs over the categories 0..n-1, its y over
// rates 0..1 (with room above for the samples).
type rateBarPlot struct {
	series    []barSeries
	minSample int
	samples   bool // write each bar's sample above it
}

// labelFont is the size of the small labels written on charts.
const labelFont = 8.5

func (b *rateBarPlot) categories() int {
	n := 0
	for _, s := range b.series {
		n = max(n, len(s.Rates))
	}
	return n
}

// DataRange implements plot.DataRanger.
func (b *rateBarPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(b.categories()) - 0.5, 0, 1
}

// Plot implements plot.Plotter.
func (b *rateBarPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	k := len(b.series)
	slot := 0.8 / float64(k)
	var placed []vg.Rectangle
	label := textStyle(labelFont, inkText)
	label.XAlign, label.YAlign = draw.XCenter, draw.YBottom
	for i := range b.categories() {
		for j, s := range b.series {
			if i >= len(s.Rates) {
				continue
			}
			mid := float64(i) - 0.4 + slot*(float64(j)+0.5)
			x0, x1 := trX(mid-slot*0.42), trX(mid+slot*0.42)
			top := trY(0)
			if r := s.Rates[i]; !math.IsNaN(r) {
				top = trY(r)
				bar := vg.Rectangle{Min: vg.Point{X: x0, Y: trY(0)}, Max: vg.Point{X: x1, Y: top}}
				small := s.N[i] < b.minSample
				fill := s.Ink
				if small {
					fill = mix(s.Ink, inkPaper, 0.7)
				}
				c.FillPolygon(fill, corners(bar))
				if small {
					hatch(c, bar, s.Ink)
				}
				if s.Hi[i] > s.Lo[i] {
					xc := trX(mid)
					cap := (x1 - x0) * 0.3
					whisker := draw.LineStyle{Color: inkText, Width: vg.Points(1)}
					c.StrokeLine2(whisker, xc, trY(s.Lo[i]), xc, trY(s.Hi[i]))
					c.StrokeLine2(whisker, xc-cap, trY(s.Lo[i]), xc+cap, trY(s.Lo[i]))
					c.StrokeLine2(whisker, xc-cap, trY(s.Hi[i]), xc+cap, trY(s.Hi[i]))
					top = max(top, trY(s.Hi[i]))
				}
			}
			if !b.samples {
				continue
			}
			text := fmt.Sprint(s.N[i])
			if s.N[i] < b.minSample {
				text += "*"
			}
			pt := vg.Point{X: trX(mid), Y: top + vg.Points(2)}
			box := label.Rectangle(text).Add(pt)
			for moved := true; moved; {
				moved = false
				for _, r := range placed {
					if overlaps(box, r) {
						d := r.Max.Y - box.Min.Y + vg.Points(1)
						pt.Y += d
						box = box.Add(vg.Point{Y: d})
						moved = true
					}
				}
			}
			placed = append(placed, box)
			c.FillText(label, pt, text)
		}
	}
}

// corners returns the corners of r, counterclockwise from its minimum.
func corners(r vg.Rectangle) []vg.Point {
	return []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
}

// overlaps reports whether two rectangles share more than a sliver.
func overlaps(a, b vg.Rectangle) bool {
	const eps = 0.25
	return a.Min.X < b.Max.X-eps && b.Min.X < a.Max.X-eps && a.Min.Y < b.Max.Y-eps && b.Min.Y < a.Max.Y-eps
}

// hatch strokes diagonal lines of ink across the rectangle r.
func hatch(c draw.Canvas, r vg.Rectangle, ink color.Color) {
	const step = 4
	sty := draw.LineStyle{Color: ink, Width: vg.Points(0.7)}
	h := r.Max.Y - r.Min.Y
	for k := r.Min.X - h; k < r.Max.X; k += vg.Points(step) {
		// The line through (k, Min.Y) rising at 45 degrees, inside r.
		t0, t1 := max(0, r.Min.X-k), min(h, r.Max.X-k)
		if t1 <= t0 {
			continue
		}
		c.StrokeLine2(sty, k+t0, r.Min.Y+t0, k+t1, r.Min.Y+t1)
	}
}

// percentTicks marks rates from 0 to Top (100% when 0), every label a
// round percentage: by quarters up to 100%, finer on a shorter scale
// (0-20% by fives), with an unlabelled mark halfway between labels.
// Step, when set, is the step between labels instead.
type percentTicks struct{ Top, Step float64 }

// Ticks implements plot.Ticker.
func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	top := t.Top
	if top <= 0 {
		top = 1
	}
	step := percentStep(top)
	if t.Step > 0 {
		step = t.Step
	}
	var out []plot.Tick
	for i := 0; float64(i)*step/2 <= top+1e-9; i++ {
		v := float64(i) * step / 2
		t := plot.Tick{Value: v}
		if i%2 == 0 {
			t.Label = fmt.Sprintf("%.0f%%", 100*v)
			if step < 0.02 {
				t.Label = fmt.Sprintf("%.1f%%", 100*v)
			}
		}
		out = append(out, t)
	}
	return out
}

// rateTops are the ends a rate axis may have, with the step of its
// labels.
var rateTops = []struct{ top, step float64 }{
	{0.02, 0.005}, {0.05, 0.01}, {0.1, 0.02}, {0.2, 0.05}, {0.25, 0.05}, {0.3, 0.1}, {0.4, 0.1},
	{0.5, 0.1}, {0.6, 0.2}, {0.8, 0.2}, {1, 0.25},
}

// rateTop returns the end of a rate axis that holds hi: the smallest of
// rateTops at or above it, so a chart of rare events is not squashed at
// the foot of a 0-100% axis.
func rateTop(hi float64) float64 {
	for _, r := range rateTops {
		if hi <= r.top+1e-9 {
			return r.top
		}
	}
	return 1
}

// percentStep returns the step between the labels of an axis ending at
// top.
func percentStep(top float64) float64 {
	for _, r := range rateTops {
		if top <= r.top+1e-9 {
			return r.step
		}
	}
	return 0.25
}

// highest returns the top of the highest whisker (or bar) of the series
// with a sample, 0 when there is none.
func highest(series []barSeries) float64 {
	top := 0.0
	for _, s := range series {
		for i, h := range s.Hi {
			if s.N[i] > 0 && !math.IsNaN(h) {
				top = max(top, h, s.Rates[i])
			}
		}
	}
	return top
}

// categoryTicks names the categories 0..n-1 of a bar chart's axis; fit
// leaves out labels, evenly, where they would not fit side by side.
type categoryTicks struct {
	names []string
	every int // label one category in every: 1 labels all
}

// Ticks implements plot.Ticker.
func (t categoryTicks) Ticks(lo, hi float64) []plot.Tick {
	out := make([]plot.Tick, len(t.names))
	for i, n := range t.names {
		out[i].Value = float64(i)
		if t.every <= 1 || i%t.every == 0 {
			out[i].Label = n
		}
	}
	return out
}

// fit returns the ticks with every set so that the labels, in style sty,
// keep a gap between them across an axis about width long (the y axis
// and its labels take the rest of the drawing).
func (t categoryTicks) fit(sty text.Style, width vg.Length) categoryTicks {
	widest := vg.Length(0)
	for _, n := range t.names {
		widest = max(widest, sty.Width(n))
	}
	slot := (width - vg.Points(60)) / vg.Length(max(1, len(t.names)))
	t.every = max(1, int(math.Ceil(float64((widest+vg.Points(5))/slot))))
	return t
}

// intTicks marks whole numbers: steps of 1, 2 or 5 times a power of ten,
// at most six labelled marks.
type intTicks struct{}

// Ticks implements plot.Ticker.
func (intTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for i := 0; (hi-lo)/step > 5; i++ {
		step *= []float64{2, 2.5, 2}[i%3]
	}
	var out []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		out = append(out, plot.Tick{Value: v, Label: fmt.Sprintf("%.0f", v)})
	}
	return out
}

// namedTicks labels the integer positions 0..n-1.
type namedTicks []string

// Ticks implements plot.Ticker.
func (t namedTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for i, n := range t {
		out = append(out, plot.Tick{Value: float64(i), Label: n})
	}
	return out
}
