package report

import (
	"image/color"
	"math"

	"github.com/ginlog/ginlog/gin"
)

// Each side has one colour everywhere in the report: blue is you, orange
// the opponent. Purple is both players pooled, and the Hearts players,
// who belong to neither side; dark grey is what belongs
// to no side (verify verdicts); light grey and pale, hatched tints mark
// small samples.
var (
	inkBlue    = color.RGBA{R: 0x2b, G: 0x5c, B: 0x8a, A: 0xff}
	inkOrange  = color.RGBA{R: 0xd9, G: 0x6c, B: 0x1e, A: 0xff}
	inkPurple  = color.RGBA{R: 0x6a, G: 0x51, B: 0xa3, A: 0xff}
	inkNeutral = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}
	inkGrey    = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
	inkLight   = color.RGBA{R: 0xdd, G: 0xdd, B: 0xdd, A: 0xff}
	inkPaper   = color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	inkText    = color.RGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff}
)

// sideInk returns the colour of a seat.
func sideInk(s gin.Seat) color.RGBA {
	if s == gin.You {
		return inkBlue
	}
	return inkOrange
}

// whoInk returns the colour of the plays the filters select: a side's, or
// purple for both.
func whoInk(o Options) color.RGBA {
	switch o.Filters.Who {
	case "you":
		return inkBlue
	case "both":
		return inkPurple
	}
	return inkOrange
}

// mix returns a blended towards b by t (0: a, 1: b).
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	ch := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{R: ch(a.R, b.R), G: ch(a.G, b.G), B: ch(a.B, b.B), A: 0xff}
}

// luminance returns the relative luminance of c (0 black, 1 white).
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// ramp returns the colour of t in [0, 1] on the sequential scale of ink:
// near white at 0, ink at 0.7, a dark shade of it at 1. Values outside
// [0, 1] take the colour of the nearer end.
func ramp(ink color.RGBA, t float64) color.RGBA {
	paper := color.RGBA{R: 0xf7, G: 0xf7, B: 0xf7, A: 0xff}
	dark := mix(ink, color.RGBA{A: 0xff}, 0.55)
	switch {
	case math.IsNaN(t) || t <= 0:
		return paper
	case t < 0.7:
		return mix(paper, ink, t/0.7)
	}
	return mix(ink, dark, (t-0.7)/0.3)
}

// faded returns c as a small sample shows it: without its hue, and
// lighter, so that it never looks like a strong value.
func faded(c color.RGBA) color.RGBA {
	l := luminance(c)
	// The sRGB grey of luminance l, then halfway to white.
	g := l * 12.92
	if l > 0.0031308 {
		g = 1.055*math.Pow(l, 1/2.4) - 0.055
	}
	v := uint8(math.Round(255 * (g + (1-g)*0.5)))
	return color.RGBA{R: v, G: v, B: v, A: 0xff}
}

// textOn returns the colour of text written over a background c.
func textOn(c color.RGBA) color.RGBA {
	if luminance(c) < 0.3 {
		return inkPaper
	}
	return inkText
}
