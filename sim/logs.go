package sim

import (
	"io/fs"
	"path/filepath"
	"strconv"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/safefile"
)

// The server's log format (RULES.md): no header, CRLF after every row,
// cards in the log notation separated by ';'. Seat gin.You is the logged
// player, flag 1.

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

// WriteGame writes a game's two files into dir as <timestamp>.csv and
// <timestamp>-score.csv, or nothing for a forfeited game, as the server
// did. Both must be new: a file or a link already there is an error, and
// nothing is written through a link.
func WriteGame(dir string, g *Game) error {
	return writeGame(dir, g, safefile.WriteNew)
}

// OverwriteGame is WriteGame replacing regular files of the same names
// (each written whole, then renamed into place). A link, pipe or device of
// that name is still an error.
func OverwriteGame(dir string, g *Game) error {
	return writeGame(dir, g, safefile.WriteFile)
}

// writeGame writes the game's two files with write. It writes nothing for
// a forfeited game, as the server did.
func writeGame(dir string, g *Game, write func(string, []byte, fs.FileMode) error) error {
	if g.Forfeit != nil {
		return nil
	}
	name := strconv.FormatInt(g.Timestamp, 10)
	turns := AppendTurns(make([]byte, 0, 32<<10), &g.Record)
	if err := write(filepath.Join(dir, name+".csv"), turns, 0o644); err != nil {
		return err
	}
	return write(filepath.Join(dir, name+"-score.csv"), AppendScores(nil, &g.Record), 0o644)
}
