package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sectionCards is the heading of the heat maps, for the chosen player.
func sectionCards(o Options) string {
	w := who(o)
	return strings.ToUpper(w[:1]) + w[1:] + ", card by card"
}

// cardHeat builds a heat map of one value per card: value gives a card's
// value and its sample; what names the sample's unit ("offers").
func cardHeat(d *data, o Options, id, title, caption string, scale heatScale, what string, value func(v *queries.CardValue) (float64, int)) (chart, error) {
	cells := &cardCells{scale: scale, ink: whoInk(o)}
	var rows [][]string
	for c := range gin.Card(gin.NumCards) {
		v, n := value(&d.cards[c])
		if n == 0 {
			v = math.NaN()
		}
		cells.z[c.Suit()][c.Rank()] = v
		cells.small[c.Suit()][c.Rank()] = n < o.Filters.MinSample
		text := ""
		if n > 0 {
			text = fmt.Sprintf("%.3f", v)
		}
		rows = append(rows, []string{c.String(), text, fmt.Sprint(n)})
	}
	l := heatLayout(title, cells, o.Filters.MinSample, what, false)
	turned := *cells
	turned.turned = true
	phone := heatLayout(title, &turned, o.Filters.MinSample, what, true)
	l.phone, l.phoneHeight = &phone, vg.Points(22*gin.NumRanks+phoneScaleStrip+50)
	ch := chart{ID: id, Section: sectionCards(o), Caption: caption, Header: []string{"card", "value", what}, Rows: rows}
	return ch.draw(l, pageWidth, vg.Points(290))
}

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

// The ticks of a heat map turned on its side: suits across in gin's order,
// ranks down from the ace.
var suitsAcross, ranksDown = func() (suits, ranks namedTicks) {
	for s := range gin.Suit(gin.NumSuits) {
		suits = append(suits, s.String())
	}
	for r := gin.NumRanks - 1; r >= 0; r-- {
		ranks = append(ranks, gin.Rank(r).String())
	}
	return suits, ranks
}()

// heatLayout lays out a heat map of cells with its scale strip below:
// ranks across, or, turned for a phone, down.
func heatLayout(title string, cells *cardCells, minSample int, what string, turned bool) layout {
	p := newPlot(title, "rank", "suit")
	p.Add(cells)
	p.X.Tick.Marker, p.Y.Tick.Marker = rankTicks, suitTicks
	strip := vg.Points(scaleStrip)
	if turned {
		p.X.Label.Text, p.Y.Label.Text = "suit", "rank"
		p.X.Tick.Marker, p.Y.Tick.Marker = suitsAcross, ranksDown
		strip = vg.Points(phoneScaleStrip)
	}
	p.X.Tick.Length, p.Y.Tick.Length = 0, 0
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0
	return layout{plot: p, below: strip, strip: func(c draw.Canvas) {
		drawScale(c, cells.scale, cells.ink, minSample, what, turned)
	}}
}

func takenHeat(d *data, o Options) (chart, error) {
	scale := rateScale
	scale.Name = "share taken"
	return cardHeat(d, o, "taken", "Face-up card taken when offered, by card",
		"Each cell is the share of the offers of that card as the face-up card that "+who(o)+" took: the darker, the more wanted.",
		scale, "offers", func(v *queries.CardValue) (float64, int) { return v.Taken.Value(), v.Taken.Opportunities })
}

func meldedHeat(d *data, o Options) (chart, error) {
	scale := rateScale
	scale.Name = "share of rounds"
	return cardHeat(d, o, "melded", "Card in a meld at the round's end, by card",
		"Each cell is the share of rounds in which "+who(o)+" ended holding that card inside a meld of its best arrangement: the cards it builds on. "+
			"Any one card ends few rounds in a meld, so the map is pale; the same scale serves every rate.",
		scale, "rounds", func(v *queries.CardValue) (float64, int) { return v.Melded.Value(), v.Melded.Opportunities })
}

func pointsHeat(d *data, o Options) (chart, error) {
	scale := pointsScale
	scale.Name = "mean points"
	return cardHeat(d, o, "points", "Holder's mean round points, by card held at the end",
		"Each cell is the mean points "+who(o)+" scored in the rounds it ended holding that card: dark cells are cards that come with winning hands.",
		scale, "rounds held", func(v *queries.CardValue) (float64, int) { return v.HolderPoints, v.Held.Cases })
}
