package logs

import (
	"strconv"

	"github.com/ginlog/ginlog/gin"
)

// The server's log format (RULES.md, and the package comment): no header,
// CRLF after every row, cards in the log notation separated by ';'. Seat
// gin.You is the logged player, flag 1.

// AppendTurns appends the turn file of a game: per play, the round, the
// hand after the play (the drawn card first), the actor flag, the top of
// the discard pile, the drawn card and the discarded card.
func AppendTurns(b []byte, g *gin.GameRecord) []byte {
	for _, r := range g.Rounds {
		for _, p := range r.Plays {
			b = strconv.AppendInt(b, int64(r.Number), 10)
			b = append(b, ',')
			for i, c := range p.Hand {
				if i > 0 {
					b = append(b, ';')
				}
				b = append(b, c.String()...)
			}
			b = append(b, ',')
			b = append(b, p.Seat.Flag())
			b = append(b, ',')
			b = append(b, p.Top.String()...)
			b = append(b, ',')
			b = append(b, p.Drawn.String()...)
			b = append(b, ',')
			b = append(b, p.Discarded.String()...)
			b = append(b, '\r', '\n')
		}
	}
	return b
}

// AppendScores appends the score file of a game: per round, the round, the
// points of the logged player and of its opponent in that round, the call
// (Drop when the round ended without one) and the caller flag.
func AppendScores(b []byte, g *gin.GameRecord) []byte {
	for _, r := range g.Rounds {
		b = strconv.AppendInt(b, int64(r.Number), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.Points[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.Points[1]), 10)
		b = append(b, ',')
		b = append(b, r.Call.String()...)
		b = append(b, ',')
		b = append(b, r.Caller.Flag())
		b = append(b, '\r', '\n')
	}
	return b
}
