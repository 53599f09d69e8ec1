package report

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/selection"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// checkLayout checks where every chart of the page (the Gin Rummy charts
// and the other games' sections) put its texts, in its drawing for the
// page's column and in the one for a phone: inside the drawing, none over
// another, each longer than a character pinned to its measured length.
// The drawings measure text with the font they name, and the browser fits
// each text to that length, so this holds in any browser; TestBrowser
// checks it in one.
func checkLayout(t *testing.T, pg *page) {
	t.Helper()
	charts := slices.Clone(pg.Charts)
	for _, g := range pg.Games {
		charts = append(charts, g.Charts...)
	}
	if pg.Leaks != nil && pg.Leaks.Chart != nil {
		charts = append(charts, *pg.Leaks.Chart)
	}
	for _, c := range charts {
		want := pageWidth
		if c.Half {
			want = halfWidth
		}
		if c.width != want || c.narrow.width != phoneWidth {
			t.Errorf("%s: %v wide and %v for a phone, want %v and %v", c.ID, c.width, c.narrow.width, want, phoneWidth)
		}
		checkDrawing(t, c.ID, c.SVG, drawn{texts: c.texts, width: c.width, height: c.height})
		checkDrawing(t, c.ID+" (phone)", c.Narrow, c.narrow)
	}
}

// checkDrawing checks the texts of one drawing of a chart.
func checkDrawing(t *testing.T, id, svg string, d drawn) {
	t.Helper()
	const tol = 0.5 // points
	if len(d.texts) == 0 {
		t.Errorf("%s: no texts recorded", id)
	}
	long := 0
	for i, a := range d.texts {
		if a.Box.Min.X < -tol || a.Box.Min.Y < -tol || a.Box.Max.X > d.width+tol || a.Box.Max.Y > d.height+tol {
			t.Errorf("%s: %q at %v leaves the %v x %v drawing", id, a.Text, a.Box, d.width, d.height)
		}
		for _, b := range d.texts[:i] {
			if overlaps(a.Box, b.Box) {
				t.Errorf("%s: %q at %v overlaps %q at %v", id, a.Text, a.Box, b.Text, b.Box)
			}
		}
		if pinned(a.Text) {
			long++
		}
	}
	if n, got := strings.Count(svg, "<text "), strings.Count(svg, `<text textLength="`); n != len(d.texts) || got != long {
		t.Errorf("%s: %d text elements for %d drawn, %d pinned for %d longer than a character", id, n, len(d.texts), got, long)
	}
	if strings.Contains(svg, measuredFamily) {
		t.Errorf("%s: a text names only the measured font", id)
	}
}

// TestLayout checks the layout of every chart of reports of both corpora
// and of each side, without and with the section on reading the hand.
func TestLayout(t *testing.T) {
	for _, corpus := range []string{"sample", "reallogs"} {
		db := loadCorpus(t, corpus)
		for _, who := range selection.Whos {
			t.Run(corpus+"/"+who, func(t *testing.T) {
				checkLayout(t, buildPage(t, db, Options{Filters: selection.Filters{Who: who, MinSample: 10}}))
			})
			t.Run(corpus+"/"+who+"/weights", func(t *testing.T) {
				pg := buildPage(t, db, Options{Filters: selection.Filters{Who: who, MinSample: 10}, Weights: sampleWeights(t)})
				if len(pg.Charts) != chartCount+inferenceCharts {
					t.Errorf("%d charts, want %d", len(pg.Charts), chartCount+inferenceCharts)
				}
				checkLayout(t, pg)
			})
		}
	}
}

// TestTextBoxes checks the recorded boxes against texts drawn at known
// places, rotated and not.
func TestTextBoxes(t *testing.T) {
	d, err := drawSVG(200, 100, func(c draw.Canvas) {
		sty := textStyle(10, inkText)
		c.FillText(sty, vg.Point{X: 20, Y: 30}, "abc")
		sty.Rotation = 1.5707963267948966
		c.FillText(sty, vg.Point{X: 50, Y: 10}, "abc")
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Texts) != 2 {
		t.Fatalf("%d texts", len(d.Texts))
	}
	flat, up := d.Texts[0].Box, d.Texts[1].Box
	w := textStyle(10, inkText).Width("abc")
	near := func(a, b vg.Length) bool { return a-b < 0.01 && b-a < 0.01 }
	if !near(flat.Min.X, 20) || !near(flat.Max.X-flat.Min.X, w) {
		t.Errorf("flat box %v, want from x 20, %v wide", flat, w)
	}
	if !near(up.Max.Y-up.Min.Y, w) || up.Max.X-up.Min.X >= w {
		t.Errorf("rotated box %v, want %v tall and narrower", up, w)
	}
	if !regexp.MustCompile(`<text textLength="[0-9.]+" lengthAdjust="spacingAndGlyphs" `).MatchString(d.SVG) || !strings.Contains(d.SVG, fontStack) {
		t.Errorf("texts not pinned or without the font stack:\n%s", d.SVG)
	}
}
