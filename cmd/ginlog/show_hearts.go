package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/store"
)

// showHearts prints a Hearts game hand by hand: each trick's cards by
// player when the hand is determined (the leader marked >, the winner *),
// in the log's order otherwise; each hand's points and the running
// totals; the deviations verify finds.
func showHearts(ctx context.Context, a *app, db *sql.DB, opts showOptions) error {
	games, err := store.LoadHearts(ctx, db, []int64{opts.game})
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return fmt.Errorf("%w %d among the Hearts games", replay.ErrNoGame, opts.game)
	}
	g := games[0].Game
	if opts.round < 0 || opts.round > len(g.Hands) {
		return usagef("--round: game %d has hands 1 to %d", opts.game, len(g.Hands))
	}
	rep := logs.Verify(g)
	w := a.out
	n := g.Players
	ids := make([]string, n)
	for p := range n {
		ids[p] = g.IDs[p]
		if ids[p] == "" {
			ids[p] = fmt.Sprintf("(pos %d, no file)", p)
		}
	}
	first := g.Stamps[0].Time
	stamps := plural(len(g.Stamps), "stamp")
	fmt.Fprintf(w, "Hearts game %d: %s, %s from %d (%s), %d players: %s\n", opts.game, g.Group, stamps, first,
		time.Unix(first, 0).UTC().Format("2006-01-02 15:04:05 UTC"), n, strings.Join(ids, ", "))
	determined := 0
	for _, h := range rep.Hands {
		if h.Determined {
			determined++
		}
	}
	fmt.Fprintf(w, "version %s, order %s: %d of %s determined", g.Version, rep.Method, determined, plural(len(g.Hands), "hand"))
	if rep.TotalsKnown {
		fmt.Fprintf(w, "; totals %s, limit %d", ints(rep.Totals[:n]), rep.Limit)
	}
	fmt.Fprintln(w)
	var totals [hearts.MaxPlayers]int
	known := true
	for i := range g.Hands {
		h, r := &g.Hands[i], &rep.Hands[i]
		known = known && r.PointsKnown
		for p := range n {
			totals[p] += r.Points[p]
		}
		if opts.round != 0 && opts.round != i+1 {
			continue
		}
		if err := showHeartsHand(w, n, i+1, h, r, ids, totals, known, a.layout(w)); err != nil {
			return err
		}
	}
	for _, d := range rep.Deviations {
		if opts.round == 0 || opts.round == d.Hand {
			fmt.Fprintf(w, "deviation: %s\n", d.Error())
		}
	}
	return nil
}

func showHeartsHand(w io.Writer, n, number int, h *logs.Hand, r *logs.HandReport, ids []string, totals [hearts.MaxPlayers]int, known bool, layout render.Layout) error {
	fmt.Fprintf(w, "\nhand %d (stamp %d, row %d): ", number, h.Stamp.Time, h.Row+1)
	var t *render.Table
	if r.Determined {
		tricks := make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))
		for k, c := range h.Cards {
			tricks[k/n][r.Seats[k]] = c
		}
		f := hearts.Analyse(n, tricks)
		fmt.Fprintf(w, "determined; > leads, * takes the trick\n")
		t = &render.Table{Columns: render.Cols(append([]string{"trick"}, ids...)...)}
		for ti, tr := range tricks {
			row := []any{ti + 1}
			for p := range n {
				mark := ""
				if p == f.Tricks[ti].Leader {
					mark += ">"
				}
				mark += tr[p].String()
				if p == f.Tricks[ti].Winner {
					mark += "*"
				}
				row = append(row, mark)
			}
			t.Append(row...)
		}
	} else {
		fmt.Fprintf(w, "%s, %s; each trick in the log's order\n", verdict(r), readings(r.Assignments))
		t = &render.Table{Columns: render.Cols("trick", "cards")}
		for ti := range hearts.TricksPerHand(n) {
			var cards []string
			for _, c := range h.Cards[ti*n : (ti+1)*n] {
				cards = append(cards, c.String())
			}
			t.Append(ti+1, strings.Join(cards, " "))
		}
	}
	if err := render.Write(w, render.Text, t, layout); err != nil {
		return err
	}
	points := make([]string, n)
	for p := range n {
		switch {
		case r.PointsKnown || h.Logged[p]:
			points[p] = fmt.Sprint(r.Points[p])
		default:
			points[p] = "?"
		}
	}
	fmt.Fprintf(w, "points %s", strings.Join(points, " "))
	if known {
		fmt.Fprintf(w, "; totals %s", ints(totals[:n]))
	}
	_, err := fmt.Fprintln(w)
	return err
}

// verdict says whether a hand that is not determined verified.
func verdict(r *logs.HandReport) string {
	if r.Verified {
		return "verified"
	}
	return "not verified"
}

// readings says how many readings of a hand obey the rules and scores.
func readings(n int) string {
	switch n {
	case 0:
		return "no reading obeys the rules and scores"
	case 1:
		return "one reading does"
	}
	return "two or more readings do, so who played each card is not determined"
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}
