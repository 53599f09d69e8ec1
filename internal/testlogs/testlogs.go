// Package testlogs builds folders of logs for tests from the bundled sample
// corpus (testdata/sample: games 1700000000 to 1700000007 against
// meldable, 1700000100 to 1700000107 against simple, 1700000200 to
// 1700000203 against random): copies of its games, and the other player's
// logs of a game (its mirror); and from the simulator, as many games as a
// test needs.
package testlogs

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
)

// The sample corpus's games, by opponent.
var (
	Meldable = stamps(1700000000, 8)
	Simple   = stamps(1700000100, 8)
	Random   = stamps(1700000200, 4)
)

func stamps(first int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = first + int64(i)
	}
	return out
}

// SampleDir returns the folder of the bundled sample corpus.
func SampleDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "sample")
}

// Read returns the turn and score files of the sample game stamp.
func Read(t testing.TB, stamp int64) (turns, scores []byte) {
	t.Helper()
	var err error
	if turns, err = os.ReadFile(filepath.Join(SampleDir(), fmt.Sprintf("%d.csv", stamp))); err != nil {
		t.Fatal(err)
	}
	if scores, err = os.ReadFile(filepath.Join(SampleDir(), fmt.Sprintf("%d-score.csv", stamp))); err != nil {
		t.Fatal(err)
	}
	return turns, scores
}

// Copy writes the sample games stamps into dir under their own names.
func Copy(t testing.TB, dir string, stamps ...int64) {
	t.Helper()
	for _, s := range stamps {
		turns, scores := Read(t, s)
		Write(t, dir, fmt.Sprintf("%d.csv", s), turns)
		Write(t, dir, fmt.Sprintf("%d-score.csv", s), scores)
	}
}

// Write writes a file into dir, creating dir if needed. Tests only, into
// their own temporary folders: not through safefile.
func Write(t testing.TB, dir, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Mirror returns a game's files as the other player logged them: every
// player flag inverted, the points of each round swapped.
func Mirror(turns, scores []byte) (mturns, mscores []byte) {
	flip := map[string]string{"0": "1", "1": "0"}
	edit := func(data []byte, fn func(f [][]byte)) []byte {
		var out [][]byte
		for _, line := range bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\r\n")) {
			f := bytes.Split(line, []byte(","))
			fn(f)
			out = append(out, bytes.Join(f, []byte(",")))
		}
		return append(bytes.Join(out, []byte("\r\n")), "\r\n"...)
	}
	mturns = edit(turns, func(f [][]byte) { f[2] = []byte(flip[string(f[2])]) })
	mscores = edit(scores, func(f [][]byte) {
		f[1], f[2] = f[2], f[1]
		f[4] = []byte(flip[string(f[4])])
	})
	return mturns, mscores
}

// CopyMirror writes into dir the other player's logs of the sample game
// stamp, under the game's names.
func CopyMirror(t testing.TB, dir string, stamp int64) {
	t.Helper()
	mt, ms := Mirror(Read(t, stamp))
	Write(t, dir, fmt.Sprintf("%d.csv", stamp), mt)
	Write(t, dir, fmt.Sprintf("%d-score.csv", stamp), ms)
}

// Game is a simulated game's two files.
type Game struct {
	TS            int64
	Turns, Scores []byte
}

// Simulate plays n games of simple against simple, the first logged at
// start, and returns their files.
func Simulate(t testing.TB, n int, start int64) []Game {
	t.Helper()
	entrants, err := players.Bots("simple", "simple")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]Game, n)
	err = sim.Run(context.Background(), sim.Config{Players: entrants, Games: n, Seed: uint64(start), Start: start}, func(g *sim.Game) error {
		out[g.Index] = Game{TS: g.Timestamp, Turns: ginlogs.AppendTurns(nil, &g.Record), Scores: ginlogs.AppendScores(nil, &g.Record)}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
