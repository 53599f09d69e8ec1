package report

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The charts are laid out for the page's text column: pageWidth is its
// width (1032 CSS pixels), halfWidth that of a chart in a row of two.
const (
	pageWidth = vg.Length(774)
	halfWidth = vg.Length(378)
)

// The charts measure their text with Liberation Sans, which is metric
// compatible with Arial, Arimo and Helvetica; fontStack names those for
// the browser. Every text of two characters or more also carries its
// measured length (textLength), so a browser that falls back to a wider
// or narrower font squeezes or stretches it into the same box: no label
// ever leaves the place the layout gave it. A single character is left as
// the font draws it (stretched, a narrow letter would look bold); another
// font moves it by a pixel or two at most.
const (
	measuredFamily = "font-family:Liberation Sans;"
	fontStack      = "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;"
)

// sans returns the charts' font at the given size in points.
func sans(size float64) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Size: vg.Points(size)}
}

// textBox is where a text of a chart was drawn, in points from the bottom
// left corner of the chart.
type textBox struct {
	Text  string
	Box   vg.Rectangle
	width float64 // its measured length along the baseline, in points
}

// drawing is a chart drawn as SVG: its markup and the boxes of its texts.
type drawing struct {
	SVG   string
	Texts []textBox
}

// drawSVG renders what draw draws on a w x h canvas as an inline SVG
// element whose texts are pinned to their measured lengths.
func drawSVG(w, h vg.Length, paint func(draw.Canvas)) (drawing, error) {
	c := &textCanvas{Canvas: vgsvg.New(w, h), m: identity}
	paint(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return drawing{}, fmt.Errorf("write svg: %w", err)
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	s, err := pinTexts(s, c.texts)
	if err != nil {
		return drawing{}, err
	}
	return drawing{SVG: s, Texts: c.texts}, nil
}

// pinTexts gives the i-th text element of s the measured length of the
// i-th text drawn (if it is longer than one character), and the browser
// the font stack.
func pinTexts(s string, texts []textBox) (string, error) {
	parts := strings.Split(s, "<text ")
	if len(parts)-1 != len(texts) {
		return "", fmt.Errorf("svg: %d text elements for %d texts drawn", len(parts)-1, len(texts))
	}
	var b strings.Builder
	b.Grow(len(s) + 64*len(texts))
	b.WriteString(parts[0])
	for i, part := range parts[1:] {
		if pinned(texts[i].Text) {
			fmt.Fprintf(&b, `<text textLength="%.2f" lengthAdjust="spacingAndGlyphs" `, texts[i].width)
		} else {
			b.WriteString("<text ")
		}
		b.WriteString(strings.ReplaceAll(part, measuredFamily, fontStack))
	}
	return b.String(), nil
}

// pinned reports whether a text gets its measured length.
func pinned(s string) bool { return utf8.RuneCountInString(s) > 1 }

// textCanvas is an SVG canvas that records where each text goes: it
// follows the transforms to turn a text's baseline, measured width and
// font extents into a box on the chart.
type textCanvas struct {
	*vgsvg.Canvas
	m     affine
	stack []affine
	texts []textBox
}

// affine maps (x, y) to (a*x + b*y + e, c*x + d*y + f).
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

// then returns the transform that applies n first, then m.
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.b*n.c, b: m.a*n.b + m.b*n.d,
		c: m.c*n.a + m.d*n.c, d: m.c*n.b + m.d*n.d,
		e: m.a*n.e + m.b*n.f + m.e, f: m.c*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.b*y + m.e, m.c*x + m.d*y + m.f
}

func (c *textCanvas) Rotate(rad float64) {
	sin, cos := math.Sincos(rad)
	c.m = c.m.then(affine{a: cos, b: -sin, c: sin, d: cos})
	c.Canvas.Rotate(rad)
}

func (c *textCanvas) Translate(pt vg.Point) {
	c.m = c.m.then(affine{a: 1, d: 1, e: pt.X.Points(), f: pt.Y.Points()})
	c.Canvas.Translate(pt)
}

func (c *textCanvas) Scale(x, y float64) {
	c.m = c.m.then(affine{a: x, d: y})
	c.Canvas.Scale(x, y)
}

func (c *textCanvas) Push() {
	c.stack = append(c.stack, c.m)
	c.Canvas.Push()
}

func (c *textCanvas) Pop() {
	if n := len(c.stack); n > 0 {
		c.m, c.stack = c.stack[n-1], c.stack[:n-1]
	}
	c.Canvas.Pop()
}

// FillString records the text's box and draws it.
func (c *textCanvas) FillString(f font.Face, pt vg.Point, s string) {
	w := f.Width(s).Points()
	ext := f.Extents()
	x0, y0 := pt.X.Points(), pt.Y.Points()-ext.Descent.Points()
	x1, y1 := x0+w, pt.Y.Points()+ext.Ascent.Points()
	box := vg.Rectangle{Min: vg.Point{X: vg.Length(math.Inf(1)), Y: vg.Length(math.Inf(1))}, Max: vg.Point{X: vg.Length(math.Inf(-1)), Y: vg.Length(math.Inf(-1))}}
	for _, p := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := c.m.apply(p[0], p[1])
		box.Min.X, box.Min.Y = min(box.Min.X, vg.Length(x)), min(box.Min.Y, vg.Length(y))
		box.Max.X, box.Max.Y = max(box.Max.X, vg.Length(x)), max(box.Max.Y, vg.Length(y))
	}
	c.texts = append(c.texts, textBox{Text: s, Box: box, width: w})
	c.Canvas.FillString(f, pt, s)
}
