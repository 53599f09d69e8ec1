package ingest

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

// The games of an import are verified as they load when Options.Verify is
// set: each Gin game a batch loads is replayed (replay.Check) by the
// writer that appends it, and its verdicts (verdicts.Writer) go into
// the same transaction, so that a game is never committed without them
// and its rows are not read back to be replayed. What verify would store
// for the game is stored: the replay sees the game as the store reads it
// back (replayGame). Summary.Verified adds up the verdicts of the games
// the import kept (verdicts.Summarize), once those it replaced by their
// complete version are gone.

// replayGame returns a parsed game as store.Load reads it back once
// loaded with id: the score rows as rounds, each with its plays, each hand
// as a set, noting whether the log lists the drawn card first.
func replayGame(id int64, g *Game) *replay.Game {
	rg := &replay.Game{ID: id, LogTS: g.TS, Rounds: make([]replay.Round, len(g.Rounds))}
	for i, s := range g.Rounds {
		rg.Rounds[i] = replay.Round{Number: int(s.Round), Points: [2]int{int(s.You), int(s.Opp)}, Action: s.Action, Caller: s.Caller}
	}
	// One array holds every play, cut by round.
	var counts []int
	for _, p := range g.Plays {
		for len(counts) < int(p.Round) {
			counts = append(counts, 0)
		}
		counts[p.Round-1]++
	}
	plays := make([]replay.Play, 0, len(g.Plays))
	for i := range rg.Rounds {
		if i < len(counts) {
			rg.Rounds[i].Plays = plays[len(plays) : len(plays) : len(plays)+counts[i]]
			plays = plays[:len(plays)+counts[i]]
		}
	}
	for _, p := range g.Plays {
		r := &rg.Rounds[p.Round-1]
		r.Plays = append(r.Plays, replay.Play{Seat: p.Seat, Hand: gin.HandOf(p.Hand[:]...), DrawnFirst: p.Hand[0] == p.Drawn,
			Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded})
	}
	return rg
}
