package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
)

// verified is what verify did: the Gin games' summary and the Hearts
// games', either nil when sel left no game of that kind to verify (a
// --game-id of the other kind).
type verified struct {
	gin    *replay.Summary
	hearts *logs.Summary
}

// problems counts the violations and deviations found, and the games with
// any, but for the Hearts hands whose order was not recovered (unchecked).
func (v verified) problems() (n, games int) {
	if v.gin != nil {
		n, games = v.gin.ViolationCount(), v.gin.GamesWithBad
	}
	if v.hearts != nil {
		n += v.hearts.DeviationCount() - v.hearts.Deviations[logs.CodeNotRecovered]
		games += v.hearts.GamesWithDeviations - v.hearts.GamesUnchecked
	}
	return n, games
}

// unchecked says how many Hearts hands were not checked because the search
// of their order ran past its budget, as a problem; "" when none was.
func (v verified) unchecked() string {
	if v.hearts == nil || v.hearts.NotRecovered == 0 {
		return ""
	}
	return fmt.Sprintf("%s not checked: the search of the order ran past its budget (see ginlog verify --help)",
		plural(v.hearts.NotRecovered, "Hearts hand"))
}

// verifyAll verifies the selected games of every kind: with sel.Game,
// only that game, of whichever kind it is.
func verifyAll(ctx context.Context, a *app, db *sql.DB, sel store.Selection) (verified, error) {
	var v verified
	kind := ""
	if sel.Game != 0 {
		var err error
		if kind, err = store.GameKind(ctx, db, sel.Game); err != nil {
			return v, err
		}
	}
	var err error
	if kind == "" || kind == schema.KindGin {
		if v.gin, err = verifyWithProgress(ctx, a, db, sel); err != nil {
			return v, err
		}
	}
	if kind == "" || kind == schema.KindHearts {
		var bar *progress.Bar
		v.hearts, err = store.VerifyHearts(ctx, db, sel,
			func(n int) { bar = progress.New(a.err, "verify Hearts", n, a.isTerminal(a.err)) },
			func() { bar.Add(1) })
		bar.Done()
	}
	return v, err
}

// heartsCodesHelp lists the Hearts deviation codes for the help text.
func heartsCodesHelp() string {
	width := 0
	for _, c := range logs.DeviationCodes {
		width = max(width, len(c[0]))
	}
	var b strings.Builder
	for _, c := range logs.DeviationCodes {
		fmt.Fprintf(&b, "  %-*s %s\n", width, c[0], c[1])
	}
	return strings.TrimRight(b.String(), "\n")
}

// heartsBudgetHelp says, for the help text, how far the search of a
// Hearts hand's order goes.
func heartsBudgetHelp() string {
	return fmt.Sprintf(`The search of a Hearts hand's order explores at most %s states
(about a CPU-second) and a game's at most %s in all: counted, not
timed, so that the verdict does not depend on the machine. A hand past
them is not recovered, neither verified nor wrong: it is reported as
%s (kind %s) and the rest of its game is
verified.`,
		digits(logs.HandStates), digits(logs.GameStates), logs.CodeNotRecovered, logs.KindUnchecked)
}

// digits writes n with its digits in groups of three: 1,048,576.
func digits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// writeHeartsVerifySummary writes what verifying Hearts games found.
func writeHeartsVerifySummary(w io.Writer, s *logs.Summary, layout render.Layout) error {
	fmt.Fprintf(w, "verified %s, %s in %.2f s (%.0f hands/s)\n", plural(s.Games, "Hearts game"), plural(s.Hands, "hand"), s.Seconds, s.HandsPerS)
	notRecovered := ""
	if s.NotRecovered > 0 {
		notRecovered = fmt.Sprintf(", %d not recovered (past the search's budget)", s.NotRecovered)
	}
	fmt.Fprintf(w, "hands: %d verified, %d determined%s; orders: %s\n", s.Verified, s.Determined, notRecovered, methodCounts(s.Methods))
	if len(s.Deviations) == 0 {
		_, err := fmt.Fprintln(w, "deviations: none")
		return err
	}
	fmt.Fprintf(w, "deviations in %s:\n", plural(s.GamesWithDeviations, "game"))
	t := &render.Table{Columns: render.Cols("code", "kind", "count")}
	for _, c := range s.SortedCodes() {
		t.Append(c, string(logs.KindOf(c)), s.Deviations[c])
	}
	return render.Write(w, render.Text, t, layout)
}

// methodCounts lists the games by order method, in the methods' order.
func methodCounts(m map[string]int) string {
	var parts []string
	for method := logs.MethodNone; method <= logs.MethodSearched; method++ {
		if n := m[method.String()]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, method))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// heartsDetail is one Hearts game's verdicts.
type heartsDetail struct {
	Hands      []store.StoredHeartsHand `json:"hands"`
	Deviations []store.StoredDeviation  `json:"deviations"`
}

func writeHeartsDetail(w io.Writer, d *heartsDetail, layout render.Layout) error {
	t := &render.Table{Columns: render.Cols("hand", "method", "verified", "assignments", "determined", "moon", "points")}
	for _, h := range d.Hands {
		var moon any
		if h.Moon != nil {
			moon = *h.Moon
		}
		points := make([]string, len(h.Points))
		for i, p := range h.Points {
			points[i] = "?"
			if p != nil {
				points[i] = fmt.Sprint(*p)
			}
		}
		t.Append(h.Hand, h.Method, h.Verified, h.Assignments, h.Determined, moon, strings.Join(points, " "))
	}
	if err := render.Write(w, render.Text, t, layout); err != nil {
		return err
	}
	for _, dv := range d.Deviations {
		if _, err := fmt.Fprintln(w, dv.Error()); err != nil {
			return err
		}
	}
	return nil
}
