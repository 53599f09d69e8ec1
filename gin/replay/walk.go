package replay

import "github.com/ginlog/ginlog/gin"

// Turn is one play of a round as the player who made it saw it before its
// draw: what a bot deciding that play was shown, and what the log says it
// did. retrace feeds the view to a player and compares; review asks an
// evaluator what each alternative was worth.
type Turn struct {
	Ply  int       // from 1
	View *gin.View // the view before the draw; valid during the call only
	Play *Play
	Pile gin.Pile // the pile the log says it drew from
	Call gin.Call // Drop, but on the round's last play its call
}

// End is a round as one side saw it after its last play, when the hands
// are declared.
type End struct {
	// View is the side's view after the last play: Turn is the number of
	// plays, Top the last discard.
	View gin.View
	// Hands holds the side's own last hand (0) and the other side's (1),
	// as listed; nil for a side that never played.
	Hands [2][]gin.Card
}

// Walk walks round r from seat's side, totals being both seats' totals
// before the round (by seat). It calls turn with each play of seat and
// the view before its draw, whatever seat would have chosen before: the
// top of the pile, the face-up card, the stock left, the totals (own
// first), the opponent's last draw and the public history. It stops when
// turn returns false, and then reports false.
//
// The view's hand is listed as the log lists it when r.Listed holds the
// plays, else in card order; on a side's first turn of the round the log
// does not say where the card it discarded sat: it goes last.
func (r *Round) Walk(seat gin.Seat, totals [2]int, turn func(*Turn) bool) (End, bool) {
	if len(r.Plays) == 0 {
		return End{}, true
	}
	scores := [2]int{totals[seat], totals[seat.Other()]}
	var (
		hands    [2][]gin.Card // per side (0: the walked one): the hand as the log last showed it
		lastDraw = [2]gin.Pile{gin.NoPile, gin.NoPile}
		history  = make([]gin.PublicPlay, 0, len(r.Plays))
		stock    int
	)
	faceUp := r.Plays[0].Top
	for i := range r.Plays {
		pl := &r.Plays[i]
		side := 1
		if pl.Seat == seat {
			side = 0
		}
		pile := gin.StockPile
		if pl.Drawn == pl.Top {
			pile = gin.DiscardPile
		}
		call := gin.Drop
		if i == len(r.Plays)-1 {
			call = r.Action
		}
		if side == 0 {
			before := hands[0]
			if before == nil {
				before = firstHand(pl, r.listed(i))
			}
			v := gin.View{
				Seat: seat, Round: r.Number, Turn: i, Hand: before, Top: pl.Top, FaceUp: faceUp,
				StockLeft: gin.StockSize - stock, Scores: scores, OppLastDraw: lastDraw[1], History: history,
			}
			if !turn(&Turn{Ply: i + 1, View: &v, Play: pl, Pile: pile, Call: call}) {
				return End{}, false
			}
		}
		if pile == gin.StockPile {
			stock++
		}
		hands[side] = r.listed(i)
		lastDraw[side] = pile
		history = append(history, gin.PublicPlay{Seat: pl.Seat, Source: pile, Top: pl.Top, Discarded: pl.Discarded, Call: call})
	}
	last := len(r.Plays)
	return End{
		View: gin.View{
			Seat: seat, Round: r.Number, Turn: last, Hand: hands[0], Top: r.Plays[last-1].Discarded, FaceUp: faceUp,
			StockLeft: gin.StockSize - stock, Scores: scores, OppLastDraw: lastDraw[1], History: history,
		},
		Hands: hands,
	}, true
}

// listed returns the actor's hand after play i as the log lists it, or in
// card order when the round was read without Listed.
func (r *Round) listed(i int) []gin.Card {
	if i < len(r.Listed) {
		return r.Listed[i][:]
	}
	return r.Plays[i].Hand.Cards()
}

// firstHand returns a player's hand before its first play of a round: the
// hand after it, less the drawn card, plus the discarded card, which the
// log does not place: it goes last.
func firstHand(pl *Play, after []gin.Card) []gin.Card {
	out := make([]gin.Card, 0, gin.HandSize)
	for _, c := range after {
		if c != pl.Drawn {
			out = append(out, c)
		}
	}
	return append(out, pl.Discarded)
}
