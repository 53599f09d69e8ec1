package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot/vg"
)

// The section the comparison charts go under.
const sectionCompare = "You and the opponent"

// compareChart sets every measure of queries.Measures side by side, and
// lists them with their gaps and whether the ranking kept them.
func compareChart(d *data, o Options) (chart, error) {
	listed, all := rankTendencies(d.measures, o.Filters.MinSample)
	rank := map[queries.Measure]int{}
	for i, t := range listed {
		rank[t.Measure] = i + 1
	}
	fp := &forestPlot{minSample: o.Filters.MinSample}
	var rows [][]string
	for _, t := range all {
		fp.rows = append(fp.rows, forestRow{Label: words[t.Measure].Short, Sides: [2]queries.Rate{t.You, t.Opp}, CI: [2][2]float64{t.YouCI, t.OppCI}})
		status := t.Note
		if n := rank[t.Measure]; n > 0 {
			status = fmt.Sprintf("listed %d", n)
		} else if status == "" {
			status = "ranked lower"
		}
		g := ""
		if t.Gap > 0 {
			g = fmt.Sprintf("%.1f", 100*t.Gap)
		}
		rows = append(rows, []string{words[t.Measure].Short, rateOf(t.You, t.YouCI), rateOf(t.Opp, t.OppCI), g, status})
	}
	p := newPlot("You and the opponent on the same measures", "rate, 95% interval", "")
	p.Add(fp)
	p.X.Min, p.X.Max = 0, 1
	p.X.Tick.Marker = percentTicks{}
	p.Y.Tick.Marker = fp.ticks()
	p.Y.Tick.Length = 0
	p.Y.Padding = vg.Points(6)
	key := []keyEntry{
		{Label: "you", Fill: inkBlue},
		{Label: "opponent", Fill: inkOrange},
		{Label: smallLabel(o.Filters.MinSample, "cases") + ": pale", Fill: mix(inkGrey, inkPaper, 0.55)},
	}
	c := chart{ID: "compare", Section: sectionCompare, OpenData: true,
		Caption: "Each row is one habit measured the same way for both players: the dot is the rate, the bar its 95% interval, you above the opponent. " +
			"The intervals allow for the plays of one round being alike, so they are wider than the rate's sample alone would make them. " +
			"The table gives the gap between the two intervals in percentage points (none when they overlap), the ranking rule's key.",
		Header: []string{"measure", "you", "opponent", "gap", "ranking"}, Rows: rows}
	h := vg.Points(float64(26*len(fp.rows) + 80))
	// On a phone the row names leave a short axis: labels by halves.
	phone := *p
	phone.X.Tick.Marker = percentTicks{Step: 0.5}
	return c.draw(layout{plot: p, key: key, phone: &layout{plot: &phone, key: key}, phoneHeight: h + vg.Points(keyRow)}, pageWidth, h)
}

// rateOf writes a rate with its interval and sample for a table.
func rateOf(r queries.Rate, ci [2]float64) string {
	if r.Opportunities == 0 {
		return "no data"
	}
	return fmt.Sprintf("%s of %d", rateText(r, ci), r.Opportunities)
}

// pairs lines up both sides' shares of a breakdown by label, in the order
// of labels (or, when labels is nil, of their numeric value with a
// trailing "+" last). A label a side lacks has no opportunities, or, when
// ofAll says that every share is of one total, none of the side's total.
func pairs(you, opp []queries.Share, labels []string, ofAll bool) ([]string, [2][]queries.Rate) {
	if labels == nil {
		seen := map[string]bool{}
		for _, s := range append(slices.Clone(you), opp...) {
			if !seen[s.Label] {
				seen[s.Label] = true
				labels = append(labels, s.Label)
			}
		}
		slices.SortStableFunc(labels, func(a, b string) int { return numeric(a) - numeric(b) })
		labels = fillGaps(labels)
	}
	var out [2][]queries.Rate
	for seat, shares := range [2][]queries.Share{you, opp} {
		total := 0
		if ofAll && len(shares) > 0 {
			total = shares[0].Opportunities
		}
		for _, l := range labels {
			r := find(shares, l)
			if r.Opportunities == 0 {
				r.Opportunities = total
			}
			out[seat] = append(out[seat], r)
		}
	}
	return labels, out
}

// fillGaps adds the whole numbers missing between the first numeric label
// and the last ("3", "5", "8+" become 3 to 7 and "8+"), so that a count no
// side reached shows as an empty place on the axis, not as no place.
func fillGaps(labels []string) []string {
	const other = 1 << 30 // numeric's order of a label that is no number
	var out []string
	for i, l := range labels {
		if n := numeric(l); i > 0 && n != other && numeric(labels[i-1]) != other {
			if strings.HasSuffix(l, "+") {
				n-- // numeric puts "8+" at 9
			}
			for k := numeric(labels[i-1]) + 1; k < n; k++ {
				out = append(out, strconv.Itoa(k))
			}
		}
		out = append(out, l)
	}
	return out
}

// numeric orders labels such as "7" and "16+"; others sort last.
func numeric(s string) int {
	n, err := strconv.Atoi(strings.TrimSuffix(s, "+"))
	if err != nil {
		return 1 << 30
	}
	if strings.HasSuffix(s, "+") {
		n++
	}
	return n
}

// pairedChart draws both sides' rates of a breakdown as grouped bars.
// cases and of name the counts in the table ("taken", "offered"). When
// ofAll says that each side's rates share one total, the key gives the
// totals instead of a sample above every bar.
func pairedChart(o Options, id, title, xLabel, caption, cases, of string, labels []string, rates [2][]queries.Rate, ofAll bool) (chart, error) {
	series := []barSeries{
		seriesOf("you", inkBlue, rates[gin.You]),
		seriesOf("opponent", inkOrange, rates[gin.Opp]),
	}
	key := sideKey(o.Filters.MinSample, strings.TrimPrefix(of, "of "))
	if ofAll {
		for seat, s := range series {
			total := 0
			if len(s.N) > 0 {
				total = s.N[0]
			}
			key[seat].Label = fmt.Sprintf("%s: %d %s", s.Name, total, strings.TrimPrefix(of, "of "))
		}
	}
	var rows [][]string
	for i, l := range labels {
		row := []string{l}
		for _, seat := range []gin.Seat{gin.You, gin.Opp} {
			r := rates[seat][i]
			v := ""
			if r.Opportunities > 0 {
				v = f3(r.Value())
			}
			row = append(row, fmt.Sprint(r.Cases), fmt.Sprint(r.Opportunities), v)
		}
		rows = append(rows, row)
	}
	p := pairedBars(title, xLabel, labels, series, o.Filters.MinSample, !ofAll)
	c := chart{ID: id, Section: sectionCompare, Caption: caption,
		Header: []string{xLabel, "you " + cases, "you " + of, "you rate", "opp " + cases, "opp " + of, "opp rate"}, Rows: rows}
	return c.draw(layout{plot: p, key: key}, pageWidth, vg.Points(270))
}

func takeByRank(d *data, o Options) (chart, error) {
	var ranks []string
	for r := range gin.Rank(gin.NumRanks) {
		ranks = append(ranks, r.String())
	}
	labels, rates := pairs(d.sides[gin.You].draws.Rank, d.sides[gin.Opp].draws.Rank, ranks, false)
	return pairedChart(o, "take-rank", "Face-up card taken, by rank", "rank of the face-up card",
		"Each bar is the share of the offers of a rank that the player took, with its 95% interval as a whisker and the number of offers above it.",
		"taken", "offered", labels, rates, false)
}

func takeByRelation(d *data, o Options) (chart, error) {
	labels, rates := pairs(d.sides[gin.You].draws.Relation, d.sides[gin.Opp].draws.Relation,
		[]string{string(replay.RelMeld), string(replay.RelCombo), string(replay.RelNone)}, false)
	return pairedChart(o, "take-relation", "Face-up card taken, by its relation to the hand", "relation to the hand",
		"meld: the card joins a meld of the hand's best arrangement; combo: it pairs a held card or lies within two ranks of one of its suit; none: neither. "+
			"A player that takes cards from 'none' is collecting something its hand does not show.",
		"taken", "offered", labels, rates, false)
}

func knockDeadwood(d *data, o Options) (chart, error) {
	var dws []string
	for i := range gin.KnockLimit + 1 {
		dws = append(dws, strconv.Itoa(i))
	}
	labels, rates := pairs(d.sides[gin.You].knocks.Deadwood, d.sides[gin.Opp].knocks.Deadwood, dws, true)
	return pairedChart(o, "knock-deadwood", "Deadwood at knock", "optimal deadwood of the knocking hand",
		"Each bar is the share of a player's knocks made at that deadwood, with its 95% interval: a player that waits for low deadwood is hard to undercut, one that knocks at 10 is easy to.",
		"knocks", "of knocks", labels, rates, true)
}

func knockTurns(d *data, o Options) (chart, error) {
	labels, rates := pairs(d.sides[gin.You].knocks.Turns, d.sides[gin.Opp].knocks.Turns, nil, true)
	return pairedChart(o, "knock-turns", "Turns before Gin or Knock", "the caller's turns in the round",
		"Each bar is the share of a player's calls made after that many of its turns, with its 95% interval: early calls mean fast hands or an eager knocker.",
		"calls", "of calls", labels, rates, true)
}
