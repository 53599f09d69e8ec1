package train

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/replay"
)

// fromRecord turns a finished game of the engine into the replay's stored
// form, seat 0 being the logged player ("you"). It is a local copy of the
// conversion that replay's tests hold today, until replay offers one.
func fromRecord(id int64, rec *gin.GameRecord) *replay.Game {
	g := &replay.Game{ID: id, Rounds: make([]replay.Round, 0, len(rec.Rounds))}
	for _, r := range rec.Rounds {
		rr := replay.Round{Number: r.Number, YouPoints: r.Points[0], OppPoints: r.Points[1], Action: r.Call,
			CallerYou: r.Caller == 0, Plays: make([]replay.Play, 0, len(r.Plays))}
		for _, p := range r.Plays {
			rr.Plays = append(rr.Plays, replay.Play{You: p.Seat == 0, Hand: gin.HandOf(p.Hand...),
				DrawnFirst: len(p.Hand) > 0 && p.Hand[0] == p.Drawn, Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded})
		}
		g.Rounds = append(g.Rounds, rr)
	}
	return g
}

// sideOf returns the side that made play p: 0 for the logged player, 1
// for its opponent.
func sideOf(p *replay.Play) int {
	if p.You {
		return 0
	}
	return 1
}
