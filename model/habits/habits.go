// Package habits is the model of the data-tuned Hearts player: the
// weights file of format ginlog-hearts-weights (version 1), the count
// tables it holds, fitting them from hands whose every card's player is
// known (Fit), and the rates and likelihoods the player weighs its
// candidate deals by before it draws the deals it plays out by those
// weights (Rate, Likelihood). It is pure: it reads hands the command
// hands it, and no database.
//
// The weights are two count tables, pooled over the players the fit
// selects (docs of Dump and Lead; docs/hearts-mc.md is the contract with
// the Haskell export):
//
//   - dump: when a player cannot follow the led suit, which kind of card it
//     throws (the queen of spades, a high spade while the queen is out, a
//     heart, another card), by the kinds it could throw;
//   - lead: when a player leads a trick other than a hand's first, which
//     suit it leads, by the suits it could lead.
//
// Each table is opportunities[mask] and cases[mask][kind], mask the set of
// kinds among the player's legal cards (bit k for kind k; 1..15, mask 0
// unused). A file of this format always has, for each mask, cases summing
// to its opportunities, no case of a kind outside its mask, and nothing
// under mask 0 (Validate).
package habits

import (
	"fmt"
	"time"
)

// FormatName and FormatVersion identify the weights file format.
const (
	FormatName    = "ginlog-hearts-weights"
	FormatVersion = 1
)

// NumMasks and NumKinds are the shape of a table: a mask is a set of the
// NumKinds kinds.
const (
	NumMasks = 16
	NumKinds = 4
)

// The kinds of a dump, in table order.
const (
	KindQueen     = 0 // the queen of spades
	KindHighSpade = 1 // the king or ace of spades while the queen is out
	KindHeart     = 2 // any heart
	KindOther     = 3 // any other card
)

// DumpKindNames and LeadKindNames name the kinds of each table, in order.
var (
	DumpKindNames = [NumKinds]string{"queen", "high-spade", "heart", "other"}
	LeadKindNames = [NumKinds]string{"spades", "clubs", "diamonds", "hearts"}
)

// Table counts a player's choices by what it could choose: for each mask
// (the set of kinds among its legal cards), Opportunities[mask] the
// choices counted and Cases[mask][kind] those of each kind.
type Table struct {
	Doc           string                  `json:"doc"`
	Kinds         [NumKinds]string        `json:"kinds"`
	Opportunities [NumMasks]int           `json:"opportunities"`
	Cases         [NumMasks][NumKinds]int `json:"cases"`
}

// Weights is the content of a Hearts weights file.
type Weights struct {
	Format     string     `json:"format"`
	Version    int        `json:"version"`
	Doc        string     `json:"doc"`
	Provenance Provenance `json:"provenance"`
	Dump       Table      `json:"dump"`
	Lead       Table      `json:"lead"`
}

// Provenance says what the weights were counted from.
type Provenance struct {
	Games   int               `json:"games"`   // games with a hand counted
	Hands   int               `json:"hands"`   // hands counted
	Plays   int               `json:"plays"`   // plays of the selected players in them
	Players []string          `json:"players"` // the players selected; empty: every player
	Filters map[string]string `json:"filters"` // the command's game filters
	Created time.Time         `json:"created_at"`
}

// New returns empty weights: no count, every rate uniform (Rate).
func New() *Weights {
	return &Weights{
		Format: FormatName, Version: FormatVersion, Doc: weightsDoc,
		Provenance: Provenance{Players: []string{}, Filters: map[string]string{}},
		Dump:       Table{Doc: dumpDoc, Kinds: DumpKindNames},
		Lead:       Table{Doc: leadDoc, Kinds: LeadKindNames},
	}
}

var (
	weightsDoc = "Habits of Hearts players counted by ginlog fit --game hearts from hands whose every card's player is known, " +
		"pooled over the players selected (provenance.players; empty: every player). mask: the set of kinds among the " +
		"player's legal cards, bit k for kind k. The mc:PATH player weighs each deal it samples by how likely the " +
		"other players' plays were under these habits: rate(m, k) = (cases[m][k] + 1) / (opportunities[m] + popcount(m)), " +
		"divided by the legal cards of kind k."
	dumpDoc = fmt.Sprintf("When a player cannot follow the led suit: kinds %q, %q (the king or ace of spades while the queen "+
		"of spades has not been played before the card, in the hand, the current trick included), %q, %q.",
		DumpKindNames[0], DumpKindNames[1], DumpKindNames[2], DumpKindNames[3])
	leadDoc = "When a player leads a trick other than a hand's first: the suit led (spades, clubs, diamonds, hearts)."
)
