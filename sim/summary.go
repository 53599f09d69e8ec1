package sim

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/stats"
)

// Summary accumulates the results of a match; Add is not safe for
// concurrent use.
type Summary struct {
	Games  int
	Rounds int
	Seats  [2]SeatStats
}

// SeatStats is one player's record in a match.
type SeatStats struct {
	Wins      int
	Points    int // points scored, over all rounds
	Gins      int // rounds won by this player's Gin
	Knocks    int // rounds this player ended with Knock
	Drops     int // rounds that ended without a call after this player's play
	Undercuts int // rounds this player won by undercutting a knock or Drop
	Forfeits  int // games this player lost by an illegal move (also a win of the other seat)
}

// AddGame counts one game of a match. A forfeited game counts as a win
// of the other seat and a forfeit of the offender; its rounds are not
// counted, as the server logged none of them.
func (s *Summary) AddGame(g *Game) {
	if g.Forfeit == nil {
		s.Add(&g.Record)
		return
	}
	s.Games++
	s.Seats[g.Winner()].Wins++
	s.Seats[g.Forfeit.Seat].Forfeits++
}

// Add counts one finished game.
func (s *Summary) Add(g *gin.GameRecord) {
	s.Games++
	s.Seats[g.Winner()].Wins++
	for i := range g.Rounds {
		r := &g.Rounds[i]
		s.Rounds++
		for seat := range 2 {
			s.Seats[seat].Points += r.Points[seat]
		}
		c := &s.Seats[r.Caller]
		switch r.Call {
		case gin.Gin:
			c.Gins++
		case gin.Knock:
			c.Knocks++
		case gin.Drop:
			c.Drops++
		}
		if r.Undercut() {
			s.Seats[1-r.Caller].Undercuts++
		}
	}
}

// WinRate returns seat's share of the games won and its 95% Wilson
// interval.
func (s *Summary) WinRate(seat int) (rate, lo, hi float64) {
	lo, hi = stats.Wilson(s.Seats[seat].Wins, s.Games)
	if s.Games == 0 {
		return 0, lo, hi
	}
	return float64(s.Seats[seat].Wins) / float64(s.Games), lo, hi
}

// PointsPerRound returns seat's mean points per round.
func (s *Summary) PointsPerRound(seat int) float64 {
	if s.Rounds == 0 {
		return 0
	}
	return float64(s.Seats[seat].Points) / float64(s.Rounds)
}
