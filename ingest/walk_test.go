package ingest

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFolderLogsOrder: a folder's listing, which keeps the server's own
// names as their timestamp and kind only, sorts, groups into games and
// gives back its names as a plain list of the names would: by timestamp,
// the timestamp as written, then name; a game is the files of one written
// timestamp.
func TestFolderLogsOrder(t *testing.T) {
	names := []string{
		"1604731633.csv", "1604731633-score.csv",
		"1604731633 (1).csv", "1604731633-score (1).csv",
		"1604731633(2).csv", "1604731633.CSV", "1604731633-score.Csv",
		"01604731633.csv", "01604731633-score.csv", "001604731633.csv",
		"7.csv", "7-score.csv", "07.csv", "0.csv", "0-score.csv", "00.csv",
		"999999999999999999.csv", "999999999999999999-score (999999).csv",
		"1604731632.csv", "1604731634-score.csv", "160473163.csv",
	}
	type plain struct {
		ts          int64
		stamp, name string
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		l := &folderLogs{dir: "d"}
		var want []plain
		for _, base := range names {
			n, ok := ParseLogName(base)
			if !ok {
				t.Fatalf("%s: not a log name", base)
			}
			if !l.add(base, n) {
				t.Fatalf("%s: not added", base)
			}
			want = append(want, plain{n.TS, n.Stamp(), base})
		}
		slices.SortFunc(want, func(a, b plain) int {
			return cmp.Or(cmp.Compare(a.ts, b.ts), cmp.Compare(a.stamp, b.stamp), cmp.Compare(a.name, b.name))
		})
		l.sort()
		got := l.files(0, l.len())
		for i, w := range want {
			if got[i].base != w.name || got[i].ts != w.ts || int(got[i].stamp) != len(w.stamp) || got[i].dir != "d" {
				t.Fatalf("round %d: file %d is %+v, want %s", round, i, got[i], w.name)
			}
			if i > 0 && l.sameGame(i-1, i) != (want[i-1].stamp == w.stamp) {
				t.Errorf("round %d: sameGame(%s, %s) = %v", round, want[i-1].name, w.name, l.sameGame(i-1, i))
			}
		}
		if stored := bytes.Count(l.names, []byte(".")); stored != 11 {
			t.Errorf("round %d: %d names stored, want the 11 that are not the server's own", round, stored)
		}
	}
}
