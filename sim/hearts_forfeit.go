package sim

import (
	"fmt"

	"github.com/ginlog/ginlog/hearts"
)

// A Hearts game ends at the first illegal play, as the 2019 framework's
// did: its playGame stopped with the player's GameError (RenegError,
// InvalidCardError, TimeError, ...), printed it and wrote no log, so a
// forfeited Hearts game has no log files either, whichever hand it
// reached, and the match goes on.

// HeartsForfeit is the illegal play that ended a Hearts game: the
// offender's seat, the hand (from 1) and its trick (from 1), with a
// stable code: the rules engine's (hearts.Code: lead, bleeding, breaking,
// renege, not-held) or the player's own (a timeout, a crash, through
// Faulter).
type HeartsForfeit struct {
	Seat  int
	Hand  int
	Trick int
	Code  string
	Msg   string
}

func (f *HeartsForfeit) Error() string {
	return fmt.Sprintf("hand %d trick %d: %s: %s", f.Hand, f.Trick, f.Code, f.Msg)
}

// HeartsNamer is a Hearts player told the players' ids by seat before a
// game, as the framework told a player (its PlayerId and those of the
// tricks): an external program's. The ids are those of the logs
// (HeartsIDs).
type HeartsNamer interface{ SetPlayerIDs(ids []string) }

// heartsForfeitOf turns a rule error of the engine in hand into a
// forfeit, taking the offender's own account of it when it has one. The
// message names the card and the framework's name of the error.
func heartsForfeitOf(re *hearts.RuleError, hand int, players []hearts.Player) *HeartsForfeit {
	f := &HeartsForfeit{Seat: re.Seat, Hand: hand, Trick: re.Trick, Code: hearts.Code(re.Err),
		Msg: fmt.Sprintf("%v: %v (the framework's %s)", re.Card, re.Err, hearts.FrameworkName(re.Err))}
	if code, msg, ok := faultOf(players[re.Seat]); ok {
		f.Code, f.Msg = code, msg
	}
	return f
}
