package report

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/queries"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The section of the charts about whole games and their scores.
const sectionGames = "Games and scores"

// gameDashes tells the games of the score chart apart: one dash pattern
// per game, the same for both sides.
var gameDashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(1.5), vg.Points(2.5)}, {vg.Points(8), vg.Points(3), vg.Points(1.5), vg.Points(3)}}

func scoreChart(d *data, o Options) (chart, error) {
	title := "Running score of the last games"
	if o.Game != 0 {
		title = fmt.Sprintf("Running score of game %d", o.Game)
	}
	p := newPlot(title, "round", "running total")
	key := []keyEntry{{Label: "you", Line: inkBlue}, {Label: "opponent", Line: inkOrange}}
	var rows [][]string
	top, rounds := float64(gin.GameTarget), 1
	for i, s := range d.scores {
		dashes := gameDashes[i%len(gameDashes)]
		for _, seat := range []gin.Seat{gin.You, gin.Opp} {
			xys := plotter.XYs{{}}
			for r, t := range s.Totals {
				xys = append(xys, plotter.XY{X: float64(r + 1), Y: float64(t[seat])})
				top = max(top, float64(t[seat]))
			}
			l, pts, err := plotter.NewLinePoints(xys)
			if err != nil {
				return chart{}, fmt.Errorf("chart scores: %w", err)
			}
			l.Color, l.Width, l.Dashes = sideInk(seat), vg.Points(1.8), dashes
			pts.Color, pts.Radius, pts.Shape = sideInk(seat), vg.Points(2.2), draw.CircleGlyph{}
			p.Add(l, pts)
		}
		rounds = max(rounds, len(s.Totals))
		key = append(key, keyEntry{Label: fmt.Sprintf("game %d", s.Game), Line: inkNeutral, Dashes: dashes})
		for r, t := range s.Totals {
			rows = append(rows, []string{fmt.Sprint(s.Game), fmt.Sprint(r + 1), fmt.Sprint(t[gin.You]), fmt.Sprint(t[gin.Opp])})
		}
	}
	target, err := plotter.NewLine(plotter.XYs{{X: 0, Y: gin.GameTarget}, {X: float64(rounds), Y: gin.GameTarget}})
	if err != nil {
		return chart{}, fmt.Errorf("chart scores: %w", err)
	}
	target.Color, target.Width, target.Dashes = inkGrey, vg.Points(1), []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(target)
	key = append(key, keyEntry{Label: fmt.Sprintf("%d points end the game", gin.GameTarget), Line: inkGrey, Dashes: target.Dashes, Width: vg.Points(1)})
	p.X.Min, p.X.Max = 0, float64(rounds)
	p.Y.Min, p.Y.Max = 0, top*1.05
	p.X.Tick.Marker, p.Y.Tick.Marker = intTicks{}, intTicks{}
	c := chart{ID: "scores", Section: sectionGames,
		Caption: "Each player's total after each round, blue for you and orange for the opponent, one dash pattern per game. Steep steps are Gins and undercuts.",
		Header:  []string{"game", "round", "you", "opp"}, Rows: rows}
	return c.draw(layout{plot: p, key: key}, pageWidth, vg.Points(300))
}

func statusChart(d *data, o Options) (chart, error) {
	statuses := []replay.Status{replay.Exact, replay.Explained, replay.Impossible}
	names := make([]string, len(statuses))
	counts := make([]float64, len(statuses))
	inks := make([]color.Color, len(statuses))
	var rows [][]string
	for i, s := range statuses {
		names[i], counts[i], inks[i] = string(s), float64(d.verdicts[s]), inkNeutral
		rows = append(rows, []string{names[i], fmt.Sprint(d.verdicts[s])})
	}
	c := chart{ID: "status", Section: sectionGames, Half: true,
		Caption: "exact: the score follows from both players' best melds; explained: a player declared worse melds than it had; impossible: no declaration gives the score (a broken log).",
		Header:  []string{"verdict", "rounds"}, Rows: rows}
	return c.draw(layout{plot: colouredBars("Rounds by score check", "verdict of ginlog verify", "rounds", names, counts, inks)}, halfWidth, vg.Points(230))
}

func lossChart(d *data, o Options) (chart, error) {
	var names []string
	var lost []float64
	var inks []color.Color
	var rows [][]string
	loss := slices.Clone(d.loss)
	slices.SortFunc(loss, func(a, b queries.SideLoss) int { return int(a.Seat) - int(b.Seat) })
	for _, l := range loss {
		name := "you"
		if l.Seat == gin.Opp {
			name = "opponent"
		}
		names, lost, inks = append(names, name), append(lost, float64(l.PointsLost)), append(inks, sideInk(l.Seat))
		rows = append(rows, []string{l.Seat.String(), fmt.Sprint(l.PointsLost), fmt.Sprint(l.Rounds.Cases), fmt.Sprint(l.Rounds.Opportunities)})
	}
	c := chart{ID: "meld-loss", Section: sectionGames, Half: true,
		Caption: "Points each side gave away by declaring a worse arrangement of its final hand than its best; a bot with a greedy meld function shows here.",
		Header:  []string{"side", "points lost", "rounds with a loss", "rounds"}, Rows: rows}
	return c.draw(layout{plot: colouredBars("Points lost to weak meld declarations", "side", "points lost", names, lost, inks)}, halfWidth, vg.Points(230))
}
