package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type meldsOptions struct {
	hand   []gin.Card
	forbid gin.Hand
	format render.Format
}

func newMeldsCmd(a *app) *cobra.Command {
	var forbid, format string
	cmd := &cobra.Command{
		Use:   "melds HAND",
		Short: "Show the optimal melds and deadwood of a hand of 1 to 11 cards",
		Long: `Melds prints an optimal arrangement of a hand of 1 to 11 cards (a player
holds 10, and 11 once it has drawn; fewer are a part of a hand), its
minimum deadwood, and every deadwood value the hand could be declared with.
For an 11-card hand it also lists each possible discard with the minimum
deadwood it leaves, best first; --forbid names the drawn card, which may
not be discarded, and is for 11-card hands only.

Cards are written as in the logs (SA, D10, HJ) and separated by spaces,
commas or semicolons; the hand may be one argument or several.`,
		Example: `  ginlog melds "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3"
  ginlog melds SA S2 S3 C5 C6 C7 D9 D10 DJ HQ HK --forbid HK
  ginlog melds "S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8" --format json
  ginlog melds H5 H6 H7 C7`,
		Args: argsRange(1, 11),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts := meldsOptions{}
			var err error
			if opts.hand, err = gin.ParseCards(strings.Join(args, " ")); err != nil {
				return usagef("hand: %v", err)
			}
			if n := len(opts.hand); n < 1 || n > 11 {
				return usagef("hand has %d cards: want 1 to 11", n)
			}
			if forbid != "" {
				if n := len(opts.hand); n != gin.HandSize+1 {
					return usagef("--forbid names the drawn card of an 11-card hand; this hand has %d", n)
				}
				c, err := gin.ParseCard(forbid)
				if err != nil {
					return usagef("--forbid: %v", err)
				}
				if !gin.HandOf(opts.hand...).Has(c) {
					return usagef("--forbid: %s is not in the hand", c)
				}
				opts.forbid = gin.HandOf(c)
			}
			if opts.format, err = parseFormat(format, render.Text, render.JSON); err != nil {
				return err
			}
			return runMelds(a, opts)
		},
	}
	cmd.Flags().StringVar(&forbid, "forbid", "", "a card that may not be discarded (the one just drawn)")
	formatFlag(cmd, &format, "output format", render.Text, render.JSON)
	return cmd
}

// meldsReport is the answer of the melds command; its JSON form is the
// output of --format json.
type meldsReport struct {
	Hand          []string       `json:"hand"`
	Points        int            `json:"points"`
	Melds         [][]string     `json:"melds"`
	DeadwoodCards []string       `json:"deadwood_cards"`
	Deadwood      int            `json:"deadwood"`
	Reachable     []int          `json:"reachable"`
	AfterDiscard  *int           `json:"after_discard,omitempty"`
	Discards      []string       `json:"discards,omitempty"`
	Options       []discardEntry `json:"options,omitempty"`
}

type discardEntry struct {
	Card     string `json:"card"`
	Deadwood int    `json:"deadwood"`
}

func newMeldsReport(cards []gin.Card, forbid gin.Hand) meldsReport {
	h := gin.HandOf(cards...)
	arr := gin.Arrange(h)
	r := meldsReport{
		Hand:          names(cards),
		Points:        h.Points(),
		Melds:         [][]string{},
		DeadwoodCards: names(arr.Deadwood.Cards()),
		Deadwood:      arr.Points(),
		Reachable:     gin.ReachableDeadwood(h).List(),
	}
	for _, m := range arr.Melds {
		r.Melds = append(r.Melds, names(m.Cards()))
	}
	if len(cards) != gin.HandSize+1 {
		return r
	}
	d := gin.BestDiscards(h, forbid)
	best, bestCards := d.Best()
	r.AfterDiscard = &best
	r.Discards = names(bestCards.Cards())
	for _, c := range cards {
		if v, ok := d.After(c); ok {
			r.Options = append(r.Options, discardEntry{c.String(), v})
		}
	}
	// Best first; equal values keep the hand's order.
	for i := 1; i < len(r.Options); i++ {
		for j := i; j > 0 && r.Options[j].Deadwood < r.Options[j-1].Deadwood; j-- {
			r.Options[j], r.Options[j-1] = r.Options[j-1], r.Options[j]
		}
	}
	return r
}

// plural returns n and the noun, with an s unless n is 1: "1 game", "2
// games", "0 games".
func plural[N ~int | ~int32 | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// verb returns the singular form of a verb for a count of 1, the plural
// form otherwise: verb(n, "breaks", "break").
func verb[N ~int | ~int32 | ~int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func names(cards []gin.Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return out
}

func runMelds(a *app, opts meldsOptions) error {
	r := newMeldsReport(opts.hand, opts.forbid)
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, r)
	}
	return writeMeldsText(a.out, r, a.layout(a.out))
}

func writeMeldsText(w io.Writer, r meldsReport, layout render.Layout) error {
	var b strings.Builder
	fmt.Fprintf(&b, "hand       %s (%s, %s)\n", strings.Join(r.Hand, " "), plural(len(r.Hand), "card"), plural(r.Points, "point"))
	melds := make([]string, len(r.Melds))
	for i, m := range r.Melds {
		melds[i] = "[" + strings.Join(m, " ") + "]"
	}
	if len(melds) == 0 {
		melds = []string{"none"}
	}
	fmt.Fprintf(&b, "melds      %s\n", strings.Join(melds, " "))
	dead := strings.Join(r.DeadwoodCards, " ")
	if dead == "" {
		dead = "none"
	}
	fmt.Fprintf(&b, "deadwood   %d (%s)\n", r.Deadwood, dead)
	fmt.Fprintf(&b, "declarable %s\n", strings.Trim(fmt.Sprint(r.Reachable), "[]"))
	if r.AfterDiscard != nil {
		fmt.Fprintf(&b, "discard    %s leaves %d\n\n", strings.Join(r.Discards, " or "), *r.AfterDiscard)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if r.AfterDiscard == nil {
		return nil
	}
	t := &render.Table{Columns: render.Cols("discard", "deadwood after")}
	for _, o := range r.Options {
		t.Append(o.Card, o.Deadwood)
	}
	return render.Write(w, render.Text, t, layout)
}
