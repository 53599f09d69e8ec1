package report

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// keyEntry is one entry of a chart's key, drawn in a strip above the plot
// so that it never covers the data.
type keyEntry struct {
	Label  string
	Fill   color.Color // a filled square, or nil
	Hatch  color.Color // hatching over the square, or nil
	Border bool        // outline the square (a white one)
	Line   color.Color // a line sample instead of a square, or nil
	Dashes []vg.Length // the line's dashes
	Width  vg.Length   // the line's width (1.5 points when 0)
}

// The key's geometry, in points.
const (
	keyFont   = 10
	keyRow    = 16
	keySquare = 10
	keyLine   = 24
	keyGap    = 5  // between a sample and its label
	keySpace  = 16 // between entries
)

// textStyle returns the charts' text style at size points in ink.
func textStyle(size float64, ink color.Color) text.Style {
	return text.Style{Color: ink, Font: sans(size), Handler: plot.DefaultTextHandler}
}

func (e keyEntry) sample() vg.Length {
	if e.Line != nil {
		return vg.Points(keyLine)
	}
	return vg.Points(keySquare)
}

// keyRows splits the entries into rows that fit width.
func keyRows(entries []keyEntry, width vg.Length) [][]keyEntry {
	sty := textStyle(keyFont, inkText)
	var rows [][]keyEntry
	var x vg.Length
	for _, e := range entries {
		w := e.sample() + vg.Points(keyGap) + sty.Width(e.Label)
		if len(rows) == 0 || x > 0 && x+w > width {
			rows = append(rows, nil)
			x = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], e)
		x += w + vg.Points(keySpace)
	}
	return rows
}

// keyHeight returns the height of the key of entries drawn across width.
func keyHeight(entries []keyEntry, width vg.Length) vg.Length {
	return vg.Length(len(keyRows(entries, width))) * vg.Points(keyRow)
}

// drawKey draws the entries in rows from the top left corner of c.
func drawKey(c draw.Canvas, entries []keyEntry) {
	sty := textStyle(keyFont, inkText)
	sty.YAlign = draw.YCenter
	for i, row := range keyRows(entries, c.Max.X-c.Min.X) {
		y := c.Max.Y - vg.Points(keyRow)*(vg.Length(i)+0.5)
		x := c.Min.X
		for _, e := range row {
			switch {
			case e.Line != nil:
				w := e.Width
				if w == 0 {
					w = vg.Points(1.5)
				}
				c.StrokeLine2(draw.LineStyle{Color: e.Line, Width: w, Dashes: e.Dashes}, x, y, x+vg.Points(keyLine), y)
			default:
				sq := vg.Rectangle{Min: vg.Point{X: x, Y: y - vg.Points(keySquare)/2}, Max: vg.Point{X: x + vg.Points(keySquare), Y: y + vg.Points(keySquare)/2}}
				if e.Fill != nil {
					c.FillPolygon(e.Fill, corners(sq))
				}
				if e.Hatch != nil {
					hatch(c, sq, e.Hatch)
				}
				if e.Border {
					c.StrokeLines(draw.LineStyle{Color: inkGrey, Width: vg.Points(0.5)}, append(corners(sq), sq.Min))
				}
			}
			x += e.sample() + vg.Points(keyGap)
			c.FillText(sty, vg.Point{X: x, Y: y}, e.Label)
			x += sty.Width(e.Label) + vg.Points(keySpace)
		}
	}
}

// sideKey is the key of a chart comparing the two sides: their colours,
// and the pale hatched bar of a small sample.
func sideKey(minSample int, what string) []keyEntry {
	return []keyEntry{
		{Label: "you", Fill: inkBlue},
		{Label: "opponent", Fill: inkOrange},
		{Label: smallLabel(minSample, what), Fill: mix(inkGrey, inkPaper, 0.7), Hatch: inkGrey},
	}
}

// smallLabel says what a small-sample mark means.
func smallLabel(minSample int, what string) string {
	return fmt.Sprintf("fewer than %d %s (*)", minSample, what)
}
