package train

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

// fromRecord turns a finished game of the engine into the replay's stored
// form with the given id, seat 0 being the logged player ("you").
func fromRecord(id int64, rec *gin.GameRecord) *replay.Game {
	g := replay.FromRecord(rec)
	g.ID = id
	return g
}

// sideOf returns the side that made play p: 0 for the logged player, 1
// for its opponent.
func sideOf(p *replay.Play) int { return int(p.Seat) }
