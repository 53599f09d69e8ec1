package logs

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/hearts"
)

// The benchmarks read and verify whole corpora held in memory (so that the
// disk is not measured), verifying games on one goroutine per CPU, and
// report hands a second of wall time and hands a CPU-second (which other
// processes on a shared machine do not distort). Beside each corpus runs
// the reference: the rules engine's Check of the same hands with every
// card's player known, which is what verifying costs without reading the
// files or recovering the order.

// memFS copies every file under root into memory.
func memFS(tb testing.TB, fsys fs.FS) fstest.MapFS {
	tb.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		out[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// reportRates reports hands a second and hands a CPU-second since cpu0.
func reportRates(b *testing.B, hands int, cpu0 float64) {
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(hands)/cpu, "hands/cpu-s")
	}
}

func benchReadVerify(b *testing.B, fsys fs.FS) {
	hands := 0
	cpu0 := cpuSeconds()
	for b.Loop() {
		games, err := ReadFS(fsys, ".")
		if err != nil {
			b.Fatal(err)
		}
		reports := VerifyAll(games, runtime.GOMAXPROCS(0))
		for i, r := range reports {
			if !r.Verified() {
				b.Fatalf("game %d does not verify: %v", i, r.Deviations)
			}
			hands += len(games[i].Hands)
		}
	}
	reportRates(b, hands, cpu0)
}

// benchKnown checks logs whose every card's player is known.
func benchKnown(b *testing.B, logs []hearts.Log) {
	hands := 0
	cpu0 := cpuSeconds()
	for b.Loop() {
		for i := range logs {
			if res := hearts.Check(&logs[i]); !res.Verified() {
				b.Fatal(res.Violations)
			}
			hands += len(logs[i].Hands)
		}
	}
	reportRates(b, hands, cpu0)
}

// knownLogs reads a corpus and returns its games as logs with every card's
// player known from the reading of its determined hands.
func knownLogs(tb testing.TB, fsys fs.FS) []hearts.Log {
	games, err := ReadFS(fsys, ".")
	if err != nil {
		tb.Fatal(err)
	}
	var logs []hearts.Log
	for _, g := range games {
		rep := Verify(g)
		lg := hearts.Log{Players: g.Players, Limit: rep.Limit}
		for i := range g.Hands {
			if !rep.Hands[i].Determined {
				continue
			}
			lg.Hands = append(lg.Hands, bySeats(&g.Hands[i], g.Players, rep.Hands[i].Seats))
		}
		if len(lg.Hands) == len(g.Hands) {
			logs = append(logs, lg)
		}
	}
	return logs
}

func BenchmarkReadVerify(b *testing.B) {
	b.Run("real", func(b *testing.B) {
		real := memFS(b, os.DirFS(needRealLogs(b)))
		b.Run("read-verify", func(b *testing.B) { benchReadVerify(b, real) })
		b.Run("known-seats", func(b *testing.B) { benchKnown(b, knownLogs(b, real)) })
	})
	played := playMatch(b, 4, 200, 21)
	stamps := earlierStamps(played, 4)
	scrambled, byID := map[string][]byte{}, map[string][]byte{}
	ids := []string{"p1", "p2", "p3", "p4"}
	rng := rand.New(rand.NewPCG(4, 4))
	var logs []hearts.Log
	for i, g := range played {
		earlierFiles(scrambled, &g.Record, ids, stamps[i], rng)
		files, err := GameFiles(&g.Record, ids, g.Stamp)
		if err != nil {
			b.Fatal(err)
		}
		for name, data := range files {
			byID["sim/"+name] = data
		}
		logs = append(logs, g.Record.Log())
	}
	b.Run("scrambled", func(b *testing.B) { benchReadVerify(b, toMapFS(scrambled)) })
	b.Run("player-id", func(b *testing.B) { benchReadVerify(b, toMapFS(byID)) })
	b.Run("simulated/known-seats", func(b *testing.B) { benchKnown(b, logs) })
}

func toMapFS(files map[string][]byte) fstest.MapFS {
	out := fstest.MapFS{}
	for name, data := range files {
		out[name] = &fstest.MapFile{Data: data}
	}
	return out
}
