package replay

import "github.com/ginlog/ginlog/gin"

// FromRecord returns a game the rules engine played as the replay sees it
// once logged: the plays (each hand also as the log would list it) and
// score rows of every round, seat by seat.
func FromRecord(rec *gin.GameRecord) *Game {
	g := &Game{Rounds: make([]Round, 0, len(rec.Rounds))}
	for _, r := range rec.Rounds {
		rr := Round{Number: r.Number, Points: r.Points, Action: r.Call, Caller: r.Caller,
			Plays: make([]Play, 0, len(r.Plays)), Listed: make([][gin.HandSize]gin.Card, len(r.Plays))}
		for i, p := range r.Plays {
			rr.Plays = append(rr.Plays, Play{Seat: p.Seat, Hand: gin.HandOf(p.Hand...), DrawnFirst: len(p.Hand) > 0 && p.Hand[0] == p.Drawn,
				Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded})
			copy(rr.Listed[i][:], p.Hand)
		}
		g.Rounds = append(g.Rounds, rr)
	}
	return g
}
