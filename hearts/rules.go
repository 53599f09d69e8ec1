package hearts

import (
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin"
)

// The rule violations of one play. A *RuleError wraps one of them. Their
// codes (Code) are stable: logs' deviations and the database use them.
var (
	ErrLead      = errors.New("the first trick was not led with the two of clubs")
	ErrBleeding  = errors.New("a point card in the first trick while holding another card")
	ErrBreaking  = errors.New("a heart led before hearts were broken while holding another suit")
	ErrRenege    = errors.New("did not follow the led suit while able")
	ErrNotHeld   = errors.New("played a card not held")
	ErrBadPlayer = errors.New("no such player")
)

// Code returns the stable short name of a rule violation, or "" for an
// error that is not one.
func Code(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return ""
}

// FrameworkName returns the name the 2019 FIT2102 framework gave a rule
// violation (its PlayerError: RenegError, InvalidCardError, LeadError,
// BleedError, BrokenError), or "" for an error that is not one.
func FrameworkName(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.framework
		}
	}
	return ""
}

var codes = []struct {
	err             error
	code, framework string
}{
	{ErrLead, "lead", "LeadError"}, {ErrBleeding, "bleeding", "BleedError"}, {ErrBreaking, "breaking", "BrokenError"},
	{ErrRenege, "renege", "RenegError"}, {ErrNotHeld, "not-held", "InvalidCardError"}, {ErrBadPlayer, "bad-player", ""},
}

// RuleError is an illegal play: which seat, in which trick of the hand
// (from 1), and the violation it wraps.
type RuleError struct {
	Seat  int
	Trick int
	Card  gin.Card
	Err   error
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("seat %d, trick %d, %v: %v", e.Seat, e.Trick, e.Card, e.Err)
}

func (e *RuleError) Unwrap() error { return e.Err }

// Situation is what the rules of one play depend on besides the card: the
// cards the player holds (the card played included), whether this is the
// hand's first trick, whether a heart was played in an earlier trick, and
// the led suit when the player does not lead.
type Situation struct {
	Held   gin.Hand
	First  bool
	Broken bool
	Leads  bool
	Led    gin.Suit // when !Leads
}

// CheckPlay returns the rule that playing c breaks in situation s, or nil.
// The checks and their order are the framework's: the two of clubs leads
// the first trick, no point card in the first trick unless the player holds
// only point cards, no heart lead before a heart was played unless the
// player holds only hearts, follow the led suit when able, and play a card
// held.
func CheckPlay(c gin.Card, s Situation) error {
	switch {
	case s.First && s.Leads && c != TwoOfClubs:
		return ErrLead
	case s.First && PointCards.Has(c) && s.Held&^PointCards != 0:
		return ErrBleeding
	case s.Leads && c.Suit() == gin.Hearts && !s.Broken && s.Held&^HeartCards != 0:
		return ErrBreaking
	case !s.Leads && c.Suit() != s.Led && s.Held&SuitCards(s.Led) != 0:
		return ErrRenege
	case !s.Held.Has(c):
		return ErrNotHeld
	}
	return nil
}

// Legal returns the cards of s.Held that CheckPlay accepts.
func Legal(s Situation) gin.Hand {
	h := s.Held
	switch {
	case s.First && s.Leads:
		return h & gin.HandOf(TwoOfClubs)
	case s.Leads:
		if !s.Broken && h&^HeartCards != 0 {
			h &^= HeartCards
		}
	case h&SuitCards(s.Led) != 0:
		h &= SuitCards(s.Led)
	}
	if s.First && s.Held&^PointCards != 0 {
		h &^= PointCards
	}
	return h
}
