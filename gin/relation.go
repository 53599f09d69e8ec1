package gin

// Before returns the hand a play started from: the hand after it, less the
// card drawn, plus the card discarded.
func Before(after Hand, drawn, discarded Card) Hand { return after.Remove(drawn).Add(discarded) }

// Neighbours returns the cards that can share a meld with c, c itself
// excluded: the cards of its rank in the other suits, and the cards of its
// suit at most within ranks away from it (1: the cards next to it; 2: also
// those one gap away, which a run through the gap would join).
func Neighbours(c Card, within int) Hand {
	if within == 2 && c < NumCards {
		return neighbours2[c] // Combo's, every turn of a play-out
	}
	return neighbours(c, within)
}

// neighbours2 holds Neighbours(c, 2) of every card c.
var neighbours2 = func() (t [NumCards]Hand) {
	for c := range Card(NumCards) {
		t[c] = neighbours(c, 2)
	}
	return t
}()

// neighbours is Neighbours without the table.
func neighbours(c Card, within int) Hand {
	var h Hand
	for s := Suit(0); s < NumSuits; s++ {
		h = h.Add(NewCard(s, c.Rank()))
	}
	r := int(c.Rank())
	for x := max(0, r-within); x <= min(NumRanks-1, r+within); x++ {
		h = h.Add(NewCard(c.Suit(), Rank(x)))
	}
	return h.Remove(c)
}

// Combo reports whether card c makes a two-card combination with a card of
// h: h holds another card of c's rank, or of c's suit within two ranks of
// it. It is the "combo" relation of the face-up card to a hand.
func Combo(h Hand, c Card) bool { return h&Neighbours(c, 2) != 0 }
