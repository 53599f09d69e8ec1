package train

import "github.com/ginlog/ginlog/gin/replay"

// sideOf returns the side that made play p: 0 for the logged player, 1
// for its opponent.
func sideOf(p *replay.Play) int { return int(p.Seat) }
