package report

import (
	"fmt"
	"html"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// chart is one figure of the report.
type chart struct {
	ID       string
	Section  string // the heading it goes under; "" keeps the previous chart's
	Title    string
	Caption  string // how to read it
	SVG      string // drawn for the page's column (pageWidth or halfWidth)
	Narrow   string // drawn phoneWidth wide, for a phone's column
	Header   []string
	Rows     [][]string // the data drawn
	Half     bool       // drawn half the page wide, beside the next half chart
	OpenData bool       // its data table shows without a click

	texts         []textBox // where its texts were drawn
	width, height vg.Length
	narrow        drawn // the phone drawing's texts and size
}

// drawn is where the texts of one drawing went, and its size.
type drawn struct {
	texts         []textBox
	width, height vg.Length
}

// layout is a chart's drawing: a key above the plot, the plot, and an
// optional strip below it. Nothing is drawn over the plot's data area but
// the data.
type layout struct {
	plot   *plot.Plot
	key    []keyEntry
	below  vg.Length         // the height of the strip below the plot
	strip  func(draw.Canvas) // draws that strip
	margin vg.Length         // around everything (4 points when 0)
	// phone, when set, is the layout drawn phoneWidth wide and its height
	// (a heat map turned on its side); by default the same layout is
	// drawn there at the same height.
	phone       *layout
	phoneHeight vg.Length
}

// paint draws the layout on c.
func (l layout) paint(c draw.Canvas) {
	m := l.margin
	if m == 0 {
		m = vg.Points(4)
	}
	c = draw.Crop(c, m, -m, m, -m)
	c.SetColor(inkPaper)
	top := vg.Length(0)
	if len(l.key) > 0 {
		top = keyHeight(l.key, c.Max.X-c.Min.X) + vg.Points(6)
		drawKey(draw.Crop(c, 0, 0, c.Max.Y-c.Min.Y-top, 0), l.key)
	}
	if l.strip != nil {
		l.strip(draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - l.below)))
	}
	// Room on the right for half the last tick label on the x axis, and
	// above for half the top tick label on the y axis.
	right := vg.Length(0)
	if ticks := l.plot.X.Tick.Marker.Ticks(l.plot.X.Min, l.plot.X.Max); len(ticks) > 0 {
		right = l.plot.X.Tick.Label.Width(ticks[len(ticks)-1].Label) / 2
	}
	top += l.plot.Y.Tick.Label.Height("0") / 2
	if t, ok := l.plot.X.Tick.Marker.(categoryTicks); ok {
		l.plot.X.Tick.Marker = t.fit(l.plot.X.Tick.Label, c.Max.X-c.Min.X)
	}
	l.plot.Draw(draw.Crop(c, 0, -right, l.below, -top))
}

// newPlot returns a plot in the charts' font with the given axis labels;
// the title is shown as the figure's heading, not in the drawing.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = sans(13)
	p.X.Label.Text, p.Y.Label.Text = x, y
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans(11)
		// Room between the tick labels and the axis label for a browser
		// font with taller extents than the one measured.
		a.Label.Padding = vg.Points(4)
		a.Tick.Label.Font = sans(10)
		a.Tick.Label.Color = inkText
	}
	p.Legend.TextStyle.Font = sans(10)
	return p
}

// phoneWidth is the width of a chart's drawing for a phone: the text
// column of a page 400 CSS pixels wide (376 pixels), where its text is
// drawn at its size in points. The page shows it instead of the wide
// drawing below narrowScreen pixels.
const phoneWidth = vg.Length(282)

// draw renders the layout at w x h into the chart c, and again (or its
// phone layout) phoneWidth wide for a phone.
func (c chart) draw(l layout, w, h vg.Length) (chart, error) {
	if c.Title == "" {
		c.Title = l.plot.Title.Text
	}
	phone, ph := l, h
	if l.phone != nil {
		phone, ph = *l.phone, l.phoneHeight
		phone.plot.Title.Text = ""
	}
	l.plot.Title.Text = ""
	d, err := drawSVG(w, h, l.paint)
	if err != nil {
		return chart{}, fmt.Errorf("chart %s: %w", c.ID, err)
	}
	n, err := drawSVG(phoneWidth, ph, phone.paint)
	if err != nil {
		return chart{}, fmt.Errorf("chart %s for a phone: %w", c.ID, err)
	}
	label := `<svg role="img" aria-label="` + html.EscapeString(c.Title) + `" `
	c.SVG = strings.Replace(d.SVG, "<svg ", label, 1)
	c.Narrow = strings.Replace(n.SVG, "<svg ", label, 1)
	c.texts, c.width, c.height = d.Texts, w, h
	c.narrow = drawn{texts: n.Texts, width: phoneWidth, height: ph}
	return c, nil
}

// render draws p into a chart with the given texts and data table, the
// plot's title as its heading: the simplest way to add a chart. A chart
// with a key or a strip below builds a layout and calls chart.draw.
func render(p *plot.Plot, id, caption string, w, h vg.Length, header []string, rows [][]string) (chart, error) {
	return chart{ID: id, Caption: caption, Header: header, Rows: rows}.draw(layout{plot: p}, w, h)
}

// pairedBars draws series of rates side by side in each category, with
// each bar's sample above it when samples says so.
func pairedBars(title, xLabel string, names []string, series []barSeries, minSample int, samples bool) *plot.Plot {
	if len(names) == 0 {
		names = []string{"no data"}
		for i := range series {
			series[i] = barSeries{Name: series[i].Name, Ink: series[i].Ink, Rates: []float64{0}, Lo: []float64{0}, Hi: []float64{0}, N: []int{0}}
		}
	}
	p := newPlot(title, xLabel, "rate, 95% interval")
	p.Add(&rateBarPlot{series: series, minSample: minSample, samples: samples})
	p.NominalX(names...)
	p.X.Tick.Marker = categoryTicks{names: names}
	// The axis ends at a round rate above the highest whisker (a chart of
	// rare events gets 0-20%, not 0-100%), with room above for the samples.
	top := rateTop(highest(series))
	p.Y.Min, p.Y.Max = 0, top*1.15
	p.Y.Tick.Marker = percentTicks{Top: top}
	return p
}

// colouredBars draws counts as bars, each in its colour, with whole-number
// ticks.
func colouredBars(title, xLabel, yLabel string, names []string, counts []float64, inks []color.Color) *plot.Plot {
	if len(names) == 0 {
		names, counts, inks = []string{"no data"}, []float64{0}, []color.Color{inkGrey}
	}
	p := newPlot(title, xLabel, yLabel)
	p.Add(&countBarPlot{counts: counts, inks: inks})
	p.NominalX(names...)
	p.X.Tick.Marker = categoryTicks{names: names}
	p.Y.Min = 0
	top := 1.0
	for _, v := range counts {
		top = max(top, v)
	}
	p.Y.Max = top * 1.12
	p.Y.Tick.Marker = intTicks{}
	return p
}

// countBarPlot draws one bar per category, with its count above it when
// every count fits above its bar (the data table has them all).
type countBarPlot struct {
	counts []float64
	inks   []color.Color
}

// DataRange implements plot.DataRanger.
func (b *countBarPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	top := 0.0
	for _, v := range b.counts {
		top = max(top, v)
	}
	return -0.5, float64(len(b.counts)) - 0.5, 0, top
}

// Plot implements plot.Plotter.
func (b *countBarPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	label := textStyle(labelFont, inkText)
	label.XAlign, label.YAlign = draw.XCenter, draw.YBottom
	widest := vg.Length(0)
	for _, v := range b.counts {
		widest = max(widest, label.Width(fmt.Sprintf("%.0f", v)))
	}
	counts := widest+vg.Points(3) < trX(1)-trX(0)
	for i, v := range b.counts {
		x0, x1 := trX(float64(i)-0.3), trX(float64(i)+0.3)
		bar := vg.Rectangle{Min: vg.Point{X: x0, Y: trY(0)}, Max: vg.Point{X: x1, Y: trY(v)}}
		c.FillPolygon(b.inks[i], corners(bar))
		if counts {
			c.FillText(label, vg.Point{X: (x0 + x1) / 2, Y: trY(v) + vg.Points(2)}, fmt.Sprintf("%.0f", v))
		}
	}
}
