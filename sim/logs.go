package sim

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"sync"

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

// The default timestamps of a match: a match of seed S starts at
// BaseStart + ((S-1) mod StartSeeds) * StartStep, so seed 1 starts at
// BaseStart, and matches of different seeds up to StartSeeds get names of
// their own as long as each has at most StartStep games.
const (
	BaseStart  = 1700000000 // the first game of seed 1: 2023-11-14 22:13:20 UTC
	StartStep  = 1000000    // seconds between the first games of consecutive seeds
	StartSeeds = 100000     // seeds 1 to 100,000 apart; seed 100,001 starts as seed 1
)

// DefaultStart returns the timestamp of the first game of a match of this
// seed when none is given: BaseStart + ((seed-1) mod StartSeeds) *
// StartStep, seed 0 counting as StartSeeds. It is deterministic, and its
// last game is far before the last timestamp a log may have.
func DefaultStart(seed uint64) int64 {
	return BaseStart + int64((seed%StartSeeds+StartSeeds-1)%StartSeeds)*StartStep
}

// Sharded returns write putting game i's logs in a folder of dir of its
// own for every per games: dir/<i/per>, the number zero-padded to the
// width of the last folder's (of games in all), so that a million games
// need not make one folder of two million files. Each folder is made as
// its first game arrives (safefile.MakeDir); ingest reads folders whole.
func Sharded(write func(string, *Game) error, per, games int) func(string, *Game) error {
	width := len(strconv.Itoa(max(games-1, 0) / per))
	var made sync.Map
	return func(dir string, g *Game) error {
		sub := filepath.Join(dir, fmt.Sprintf("%0*d", width, g.Index/per))
		if _, ok := made.Load(sub); !ok {
			if err := safefile.MakeDir(sub); err != nil {
				return err
			}
			made.Store(sub, true)
		}
		return write(sub, g)
	}
}
