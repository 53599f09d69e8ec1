package export

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"

	"github.com/ginlog/ginlog/model/habits"
)

// The Hearts player's export: not tables for a student's own player, but
// ginlog's Monte Carlo Hearts player itself (package players/heartsmc,
// the mc and mc:PATH players) as one Haskell module over the 2019 FIT2102
// Hearts framework's types. Its code is the fragments of heartsmc/ (the
// rules, the hand in play and the voids player that plays the hands out;
// the player, its deals and habits, the memory and the framework's
// playCard) and shared/random.hs and float.hs (Go's random number
// generator, which the rollout export shares), the same for every export;
// the habits, when given, become the tables at its end (heartsmc.tmpl).

//go:embed heartsmc.tmpl heartsmc/*.hs shared/*.hs
var heartsMCFiles embed.FS

// heartsMCFragments are the fragments of the module, in order.
var heartsMCFragments = []string{"shared/random.hs", "shared/float.hs", "heartsmc/rules.hs", "heartsmc/player.hs"}

var heartsMCTemplate = template.Must(template.Must(templates.Clone()).ParseFS(heartsMCFiles, "heartsmc.tmpl"))

// heartsMCView is what heartsmc.tmpl sees.
type heartsMCView struct {
	Name, About, Player string
	Samples             int
	Fragments           []string
	Habits              []string // the dump and lead tables as Haskell lists, nil without habits
}

// HaskellHeartsMC writes ginlog's Monte Carlo Hearts player, playing
// samples deals a card and weighing them by the habits w (nil: the plain
// mc player), as Haskell module name for the 2019 FIT2102 Hearts
// framework.
func HaskellHeartsMC(out io.Writer, w *habits.Weights, module string, samples int) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	if samples < 1 {
		return fmt.Errorf("export: %d deals a card: want at least 1", samples)
	}
	v := &heartsMCView{Name: module, Samples: samples, Player: "mc",
		About: "the mc player, without habits: every deal counts alike."}
	if w != nil {
		p := w.Provenance
		v.Player = "mc:PATH"
		v.About = fmt.Sprintf("the mc:PATH player, its candidate deals weighed by the habits counted from %d hands of %d games (%d plays), then drawn again by those weights.",
			p.Hands, p.Games, p.Plays)
		v.Habits = []string{hsColumn(w.Dump.Opportunities[:]), hsTable(w.Dump.Cases[:]),
			hsColumn(w.Lead.Opportunities[:]), hsTable(w.Lead.Cases[:])}
	}
	for _, f := range heartsMCFragments {
		b, err := heartsMCFiles.ReadFile(f)
		if err != nil {
			return fmt.Errorf("export haskell hearts: %w", err)
		}
		v.Fragments = append(v.Fragments, strings.TrimRight(string(b), "\n"))
	}
	var b bytes.Buffer
	if err := heartsMCTemplate.ExecuteTemplate(&b, "heartsmc.tmpl", v); err != nil {
		return fmt.Errorf("export haskell hearts: %w", err)
	}
	if _, err := out.Write(b.Bytes()); err != nil {
		return fmt.Errorf("export haskell hearts: %w", err)
	}
	return nil
}

// hsInts writes integers as a Haskell list.
func hsInts(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// hsColumn writes counts by mask as a Haskell list, one a line.
func hsColumn(vs []int) string {
	rows := make([]string, len(vs))
	for i, v := range vs {
		rows[i] = strconv.Itoa(v)
	}
	return hsRows(rows)
}

// hsRows writes the Haskell expressions rows as a list, one a line.
func hsRows(rows []string) string {
	var b strings.Builder
	for i, r := range rows {
		if i == 0 {
			b.WriteString("  [ ")
		} else {
			b.WriteString("  , ")
		}
		b.WriteString(r + "\n")
	}
	b.WriteString("  ]")
	return b.String()
}

// hsTable writes a table of counts by mask as a Haskell list of lists,
// one row a line.
func hsTable(rows [][habits.NumKinds]int) string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = hsInts(r[:])
	}
	return hsRows(out)
}

// heartsMCPlayer is the Player.hs that plays the Hearts module whole.
var heartsMCPlayer = template.Must(template.New("Player.hs").Parse(`-- | A FIT2102 Hearts player that plays as ginlog's Monte Carlo player:
-- every card comes from module {{.}}, which ginlog export --game hearts
-- --player mc wrote beside this file. docs/haskell.md shows how to keep
-- decisions of your own and ask {{.}} for the others.
module Player (playCard, makeBid) where

import {{.}} (mcPlayCard)
import Hearts.Types (BidFunc, PlayFunc)

-- | The card of fewest points over deals of the unseen cards, each hand
-- played out to its end.
playCard :: PlayFunc
playCard = mcPlayCard

-- | Hearts has no bidding.
makeBid :: BidFunc
makeBid = ()
`))

// HaskellHeartsMCPlayer writes a Player.hs (module Player, exporting
// playCard and makeBid) that plays module, a Hearts player export, whole.
func HaskellHeartsMCPlayer(out io.Writer, module string) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	if err := heartsMCPlayer.Execute(out, module); err != nil {
		return fmt.Errorf("export haskell hearts player: %w", err)
	}
	return nil
}
