package sim

import (
	"io/fs"
	"path/filepath"
	"strconv"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/internal/safefile"
)

// WriteGame writes a game's two files (gin/logs' AppendTurns and
// AppendScores) into dir as <timestamp>.csv and <timestamp>-score.csv, or
// nothing for a forfeited game, as the server did. Both must be new: a
// file or a link already there is an error, and nothing is written
// through a link.
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
	turns := ginlogs.AppendTurns(make([]byte, 0, 32<<10), &g.Record)
	if err := write(filepath.Join(dir, name+".csv"), turns, 0o644); err != nil {
		return err
	}
	return write(filepath.Join(dir, name+"-score.csv"), ginlogs.AppendScores(nil, &g.Record), 0o644)
}
