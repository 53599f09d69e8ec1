package habits

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
)

// FromLog returns the hands of a game whose every card's player its
// verification determined (rep: logs.Verify's report of g), the seats
// counted being the positions counted says. The order of play within a
// trick is the log's when its cards are in reverse play order
// (logs.MethodReversePlay); otherwise up says it: pos k followed by pos
// k+1 (as ginlog simulate plays), or by pos k-1 (as the 2019 framework
// played its players sorted by id), as ginlog retrace assumes. Only which
// cards were played before a card in its own trick depends on it: the
// high-spade kind of a dump in the trick the queen falls in. skipped
// counts the hands left out.
func FromLog(g *logs.Game, rep *logs.Report, up bool, counted func(pos int) bool) (hands []Hand, skipped int) {
	n := g.Players
	for i := range g.Hands {
		hr := &rep.Hands[i]
		if !hr.Determined {
			skipped++
			continue
		}
		order := playOrder(hr, n, up)
		var seatOf [hearts.MaxPlayers]int
		h := Hand{Players: n, Tricks: make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))}
		for s, pos := range order {
			seatOf[pos] = s
			h.Counted[s] = counted(pos)
		}
		for k, c := range g.Hands[i].Cards {
			h.Tricks[k/n][seatOf[hr.Seats[k]]] = c
		}
		hands = append(hands, h)
	}
	return hands, skipped
}

// playOrder returns the positions of hand hr in play order from any of
// them: seat s of the Hand is order[s].
func playOrder(hr *logs.HandReport, n int, up bool) []int {
	order := make([]int, n)
	for k := range n {
		switch {
		case hr.Method == logs.MethodReversePlay:
			order[k] = int(hr.Seats[n-1-k])
		case up:
			order[k] = k
		default:
			order[k] = (n - k) % n
		}
	}
	return order
}
