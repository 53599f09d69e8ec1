package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// chart is one figure of the report.
type chart struct {
	ID      string
	Title   string
	Caption string // how to read it
	SVG     string
	Header  []string
	Rows    [][]string // the data drawn
}

var (
	inkBlue   = color.RGBA{R: 0x2b, G: 0x5c, B: 0x8a, A: 0xff}
	inkOrange = color.RGBA{R: 0xd9, G: 0x6c, B: 0x1e, A: 0xff}
	inkGrey   = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
)

// svg renders p at w x h as an inline SVG element.
func svg(p *plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Title.TextStyle.Font.Size = vg.Points(13)
	return p
}

// rateBars draws rates as bars with their 95% intervals as whiskers and
// the sample size above each bar; small samples are grey and starred.
// Without data (nothing verified yet) it draws one empty "no data" bar.
func rateBars(title, xLabel string, names []string, rates, lo, hi []float64, n []int, minSample int) (*plot.Plot, error) {
	if len(names) == 0 {
		names, rates, lo, hi, n = []string{"no data"}, []float64{0}, []float64{0}, []float64{0}, []int{0}
	}
	p := newPlot(title, xLabel, "rate (95% interval)")
	vals := make(plotter.Values, len(rates))
	copy(vals, rates)
	bars, err := plotter.NewBarChart(vals, vg.Points(18))
	if err != nil {
		return nil, err
	}
	bars.Color = inkBlue
	bars.LineStyle.Width = 0
	p.Add(bars)
	var small plotter.Values
	for i := range rates {
		if n[i] < minSample {
			small = append(small, rates[i])
		} else {
			small = append(small, 0)
		}
	}
	if sb, err := plotter.NewBarChart(small, vg.Points(18)); err == nil {
		sb.Color = inkGrey
		sb.LineStyle.Width = 0
		p.Add(sb)
	}
	errs := intervals{rates: rates, lo: lo, hi: hi}
	eb, err := plotter.NewYErrorBars(errs)
	if err != nil {
		return nil, err
	}
	p.Add(eb)
	labels := plotter.XYLabels{}
	for i := range rates {
		l := fmt.Sprintf("n=%d", n[i])
		if n[i] < minSample {
			l += "*"
		}
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(i), Y: math.Min(1.02, hi[i]+0.02)})
		labels.Labels = append(labels.Labels, l)
	}
	ls, err := smallLabels(labels, draw.YBottom)
	if err != nil {
		return nil, err
	}
	p.Add(ls)
	p.NominalX(names...)
	p.Y.Min, p.Y.Max = 0, 1.1
	return p, nil
}

// smallLabels writes labels in a small font centred on their points
// horizontally, aligned as given vertically.
func smallLabels(labels plotter.XYLabels, valign draw.YAlignment) (*plotter.Labels, error) {
	ls, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	for i := range ls.TextStyle {
		ls.TextStyle[i].Font.Size = vg.Points(7)
		ls.TextStyle[i].XAlign = draw.XCenter
		ls.TextStyle[i].YAlign = valign
	}
	return ls, nil
}

// intervals feeds YErrorBars: each rate with its interval.
type intervals struct{ rates, lo, hi []float64 }

func (e intervals) Len() int                    { return len(e.rates) }
func (e intervals) XY(i int) (float64, float64) { return float64(i), e.rates[i] }
func (e intervals) YError(i int) (float64, float64) {
	return e.rates[i] - e.lo[i], e.hi[i] - e.rates[i]
}

// countBars draws counts as bars; without data, one empty "no data" bar.
func countBars(title, xLabel, yLabel string, names []string, counts []float64, ink color.Color) (*plot.Plot, error) {
	if len(names) == 0 {
		names, counts = []string{"no data"}, []float64{0}
	}
	p := newPlot(title, xLabel, yLabel)
	bars, err := plotter.NewBarChart(plotter.Values(counts), vg.Points(16))
	if err != nil {
		return nil, err
	}
	bars.Color = ink
	bars.LineStyle.Width = 0
	p.Add(bars)
	p.NominalX(names...)
	p.Y.Min = 0
	return p, nil
}

// cardGrid is the suits x ranks grid of a card metric for the heat map,
// indexed by gin's suits and ranks; the map draws the first suit at the
// top.
type cardGrid struct {
	z [gin.NumSuits][gin.NumRanks]float64
}

func (g cardGrid) Dims() (c, r int)   { return gin.NumRanks, gin.NumSuits }
func (g cardGrid) Z(c, r int) float64 { return g.z[gin.NumSuits-1-r][c] }
func (g cardGrid) X(c int) float64    { return float64(c) }
func (g cardGrid) Y(r int) float64    { return float64(r) }

// rankTicks and suitTicks label the heat map's columns and rows (the last
// suit at the bottom).
var rankTicks, suitTicks = func() (ranks, suits namedTicks) {
	for r := range gin.Rank(gin.NumRanks) {
		ranks = append(ranks, r.String())
	}
	for s := gin.NumSuits - 1; s >= 0; s-- {
		suits = append(suits, gin.Suit(s).String())
	}
	return ranks, suits
}()

// heatMap draws a 52-card heat map with each cell's value written in it;
// cells from small samples are starred, cells without data left blank.
func heatMap(title string, g cardGrid, small [gin.NumSuits][gin.NumRanks]bool, format string) (*plot.Plot, error) {
	p := newPlot(title, "rank", "suit")
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range g.z {
		for _, v := range row {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	if hi == lo {
		hi = lo + 1
	}
	pal := moreland.SmoothBlueRed()
	pal.SetMin(lo)
	pal.SetMax(hi)
	h := plotter.NewHeatMap(g, pal.Palette(64))
	h.Min, h.Max = lo, hi
	h.NaN = color.White
	p.Add(h)
	labels := plotter.XYLabels{}
	for s := range gin.NumSuits {
		for r := range gin.NumRanks {
			v := g.z[s][r]
			text := ""
			if !math.IsNaN(v) {
				text = fmt.Sprintf(format, v)
				if small[s][r] {
					text += "*"
				}
			}
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(r), Y: float64(gin.NumSuits - 1 - s)})
			labels.Labels = append(labels.Labels, text)
		}
	}
	ls, err := smallLabels(labels, draw.YCenter)
	if err != nil {
		return nil, err
	}
	p.Add(ls)
	p.X.Tick.Marker = rankTicks
	p.Y.Tick.Marker = suitTicks
	return p, nil
}

// namedTicks labels the integer positions 0..n-1.
type namedTicks []string

func (t namedTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for i, n := range t {
		out = append(out, plot.Tick{Value: float64(i), Label: n})
	}
	return out
}

// scoreLines draws the running totals of games, round by round.
func scoreLines(title string, games []gameScores) (*plot.Plot, error) {
	p := newPlot(title, "round", "running total")
	dashes := [][]vg.Length{nil, {vg.Points(4), vg.Points(2)}, {vg.Points(1), vg.Points(2)}}
	for i, g := range games {
		for side, ys := range [2][]float64{g.you, g.opp} {
			xys := make(plotter.XYs, len(ys)+1)
			for r, y := range ys {
				xys[r+1] = plotter.XY{X: float64(r + 1), Y: y}
			}
			l, err := plotter.NewLine(xys)
			if err != nil {
				return nil, err
			}
			l.Color = []color.Color{inkBlue, inkOrange}[side]
			l.Width = vg.Points(1.5)
			l.Dashes = dashes[i%len(dashes)]
			p.Add(l)
			p.Legend.Add(fmt.Sprintf("game %d %s", g.id, gin.Seat(side)), l)
		}
	}
	target, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 100}, {X: float64(maxRounds(games)), Y: 100}})
	if err != nil {
		return nil, err
	}
	target.Color = inkGrey
	target.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(target)
	p.Legend.Top = false
	p.Legend.Left = true
	p.Y.Min = 0
	return p, nil
}

type gameScores struct {
	id       int64
	you, opp []float64
}

func maxRounds(gs []gameScores) int {
	n := 1
	for _, g := range gs {
		n = max(n, len(g.you))
	}
	return n
}
