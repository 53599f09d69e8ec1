package tuned

import "github.com/ginlog/ginlog/gin"

// The rollout player decides from what the FIT2102 framework shows a
// player and nothing more, so that its Haskell export (model/export,
// --player rollout), which sees only the arguments of pickCard and
// playCard and its own memory, can make the same decisions. The
// framework never shows the card turned face up when the opponent moves
// first: the opponent took it, or buried it under its discard, before the
// player's first call. The view's other fields are all in the calls'
// arguments or follow from them.

// UnknownCard stands for a card the player did not see: the face-up card
// and the top of the opponent's first play, in a round the opponent began.
// It is not Valid, and a hand with it added is unchanged.
const UnknownCard gin.Card = 255

// visible returns v as the framework shows it (see above): v itself when
// the player moved first in the round, else a copy with the face-up card
// unknown, its history copied into buf. A view of no plays yet is the
// first player's, which saw the face-up card.
func visible(v *gin.View, buf *[]gin.PublicPlay) *gin.View {
	if len(v.History) == 0 || v.History[0].Seat == v.Seat {
		return v
	}
	w := *v
	w.FaceUp = UnknownCard
	*buf = append((*buf)[:0], v.History...)
	(*buf)[0].Top = UnknownCard
	w.History = *buf
	return &w
}
