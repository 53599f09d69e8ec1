package gin

import "fmt"

// Call is what a player announces with its discard. The values are
// persisted: do not reorder.
type Call uint8

// The calls. Drop means "I discard and the round goes on"; a round that ends
// without Gin or Knock (stock exhausted, play cap) is recorded as Drop and
// scored as a knock by the last player.
const (
	Drop Call = iota
	Knock
	Gin
)

var callNames = [...]string{"Drop", "Knock", "Gin"}

func (c Call) String() string {
	if int(c) < len(callNames) {
		return callNames[c]
	}
	return fmt.Sprintf("Call(%d)", uint8(c))
}

// MarshalText writes the call's name, so that JSON shows "Gin", "Knock" or
// "Drop".
func (c Call) MarshalText() ([]byte, error) {
	if int(c) >= len(callNames) {
		return nil, fmt.Errorf("call %d: want 0 (Drop), 1 (Knock) or 2 (Gin)", uint8(c))
	}
	return []byte(callNames[c]), nil
}

// ParseCall parses Gin, Knock or Drop, spelled as in the score file.
func ParseCall(s string) (Call, error) {
	for i, name := range callNames {
		if s == name {
			return Call(i), nil
		}
	}
	return 0, fmt.Errorf("bad action %q: want Gin, Knock or Drop", s)
}

// Scoring constants of RULES.md.
const (
	GinBonus      = 25  // added to the opponent's deadwood on Gin
	UndercutBonus = 10  // added to the difference on an undercut
	KnockLimit    = 10  // the most deadwood a knocker may have
	GameTarget    = 100 // a game ends when a total reaches it (unless tied)
)

// RoundScore returns the points the caller and its opponent score for a round
// that ended with call, given their declared deadwood. Gin scores 25 plus the
// opponent's deadwood; a knock (or a Drop, scored as a knock by the last
// player) scores the difference when the caller is strictly lower, and
// otherwise the opponent undercuts for 10 plus the difference, ties included.
// Exactly one side scores.
func RoundScore(call Call, caller, opponent int) (callerPoints, opponentPoints int) {
	if call == Gin {
		return GinBonus + opponent, 0
	}
	if caller < opponent {
		return opponent - caller, 0
	}
	return 0, UndercutBonus + caller - opponent
}

// Undercut reports whether a knock (or Drop) with these declared deadwoods
// is undercut.
func Undercut(call Call, caller, opponent int) bool {
	return call != Gin && caller >= opponent
}

// GameOver reports whether a game with these running totals is over: one
// total reached GameTarget and the totals differ.
func GameOver(a, b int) bool {
	return (a >= GameTarget || b >= GameTarget) && a != b
}
