package logs

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

// playedGame is a game of a test match: its stamp and record.
type playedGame struct {
	Stamp  int64
	Record hearts.GameRecord
}

// playMatch plays a match of baseline bots and returns its games in order:
// game i is dealt from a stream keyed by (seed, i) and stamped 1600000000+i.
// (Package sim plays matches on several goroutines; it imports hearts/logs, so the
// tests play their own.)
func playMatch(t testing.TB, n, games int, seed uint64) []*playedGame {
	t.Helper()
	names := []string{"tracker", "simple", "random", "simple"}[:n]
	out := make([]*playedGame, games)
	for i := range out {
		players := make([]hearts.Player, n)
		for s, name := range names {
			p, err := bots.New(name, rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, uint64(n*i+s))))
			if err != nil {
				t.Fatal(err)
			}
			players[s] = p
		}
		rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(seed, uint64(i)))), players, hearts.DefaultLimit)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = &playedGame{Stamp: 1600000000 + int64(i), Record: rec}
	}
	return out
}

// toPos returns the pos of each seat for the given ids.
func toPos(ids []string) []int {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	out := make([]int, len(ids))
	for s, id := range ids {
		out[s] = slices.Index(sorted, id)
	}
	return out
}

// earlierFiles writes games as the earlier framework did: each hand
// appended to the file of the second it was written in (hands[i] gives the
// stamp of each hand), each trick sorted by the players' memories. With
// scramble nil the memories were equal and a trick is in reverse play
// order; otherwise scramble orders each trick.
func earlierFiles(files map[string][]byte, rec *hearts.GameRecord, ids []string, stamps []int64, scramble *rand.Rand) {
	n := rec.Players
	pos := toPos(ids)
	first := 0
	for s := range n {
		if rec.Totals[s] > rec.Totals[first] || rec.Totals[s] == rec.Totals[first] && pos[s] < pos[first] {
			first = s
		}
	}
	for i, h := range rec.Hands {
		var tricks []string
		for _, t := range h.Tricks {
			order := make([]int, n) // the seats in log order: play order reversed
			for k := range n {
				order[k] = (t.Leader + n - 1 - k) % n
			}
			if scramble != nil {
				scramble.Shuffle(n, func(a, b int) { order[a], order[b] = order[b], order[a] })
			}
			cards := make([]string, n)
			for k, s := range order {
				cards[k] = t.Cards[s].String()
			}
			tricks = append(tricks, strings.Join(cards, ","))
		}
		for s, id := range ids {
			name := fmt.Sprintf("sim/%s/%d.csv", id, stamps[i])
			files[name] = fmt.Appendf(files[name], "%d,%d,%d,%d,\"%s\"\r\n", stamps[i], pos[s], h.Points[s], pos[first], strings.Join(tricks, ";"))
		}
	}
}

// checkRecovered verifies every game read from files against the games
// that wrote them: all load, none deviates, and every determined hand has
// the true player of every card. With needDetermined, some hand must be
// determined.
func checkRecovered(t *testing.T, files map[string][]byte, played []*playedGame, ids []string, wantMethod Method, needDetermined bool) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	games, err := ReadFS(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(played) {
		t.Fatalf("%d games read back, %d played", len(games), len(played))
	}
	pos := toPos(ids)
	determined := 0
	var v Verifier
	for i, g := range games {
		rec := &played[i].Record
		if len(g.Errors) > 0 {
			t.Fatalf("game %d: %v", i, g.Errors)
		}
		rep := v.Verify(g)
		if !rep.Verified() || len(g.Hands) != len(rec.Hands) {
			t.Fatalf("game %d: %d hands, %d played; deviations %v", i, len(g.Hands), len(rec.Hands), rep.Deviations)
		}
		if wantMethod != MethodNone && rep.Method != wantMethod {
			t.Errorf("game %d read by %v, want %v", i, rep.Method, wantMethod)
		}
		for k, hr := range rep.Hands {
			h, lh := &g.Hands[k], &rec.Hands[k]
			if !hr.Determined {
				continue
			}
			determined++
			n := rec.Players
			for c, card := range h.Cards {
				t0 := lh.Tricks[c/n]
				seat := slices.Index(t0.Cards[:n], card)
				if int(hr.Seats[c]) != pos[seat] {
					t.Fatalf("game %d hand %d: %v read as pos %d's, played by pos %d", i, k+1, card, hr.Seats[c], pos[seat])
				}
			}
			for s := range n {
				if hr.Points[pos[s]] != lh.Points[s] {
					t.Fatalf("game %d hand %d: points %v, played %v", i, k+1, hr.Points, lh.Points)
				}
			}
		}
	}
	if needDetermined && determined == 0 {
		t.Error("no hand determined: the seats went unchecked")
	}
}

// TestRoundTripPlayerID writes matches in the later framework's format and
// reads them back: every game verifies with 0 deviations, read in player-id
// order, every hand determined and right.
func TestRoundTripPlayerID(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  []string
	}{
		{"four players", []string{"zed", "amy", "kim", "bob"}},
		{"two players", []string{"Link Nealydoo", "Felix Jellyburger"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			played := playMatch(t, len(tc.ids), 20, 5)
			files := map[string][]byte{}
			for _, g := range played {
				fs, err := GameFiles(&g.Record, tc.ids, g.Stamp)
				if err != nil {
					t.Fatal(err)
				}
				for name, data := range fs {
					files["sim/"+name] = data
				}
			}
			checkRecovered(t, files, played, tc.ids, MethodByPlayer, true)
			again := map[string][]byte{}
			for _, g := range playMatch(t, len(tc.ids), 20, 5) {
				fs, err := GameFiles(&g.Record, tc.ids, g.Stamp)
				if err != nil {
					t.Fatal(err)
				}
				for name, data := range fs {
					again["sim/"+name] = data
				}
			}
			for name, data := range files {
				if !bytes.Equal(again["sim/"+strings.TrimPrefix(name, "sim/")], data) {
					t.Fatalf("%s differs between two runs of the same seed", name)
				}
			}
		})
	}
}

// earlierStamps stamps the hands of consecutive games as the earlier
// framework did: a few hands a second, the next game starting in the
// second the last one ended in.
func earlierStamps(played []*playedGame, perSecond int) [][]int64 {
	out := make([][]int64, len(played))
	second, written := int64(1600000000), 0
	for i, g := range played {
		for range g.Record.Hands {
			if written == perSecond {
				second, written = second+1, 0
			}
			out[i] = append(out[i], second)
			written++
		}
	}
	return out
}

// TestRoundTripEarlier writes matches as the earlier framework did, games
// sharing files, in reverse play order and scrambled, and reads them back.
func TestRoundTripEarlier(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ids      []string
		scramble bool
		want     Method
	}{
		{"four players reverse play", []string{"p3", "p1", "p4", "p2"}, false, MethodReversePlay},
		{"two players reverse play", []string{"b", "a"}, false, MethodReversePlay},
		{"four players scrambled", []string{"p3", "p1", "p4", "p2"}, true, MethodSearched},
		{"two players scrambled", []string{"b", "a"}, true, MethodSearched},
	} {
		t.Run(tc.name, func(t *testing.T) {
			played := playMatch(t, len(tc.ids), 12, 9)
			stamps := earlierStamps(played, 4)
			files := map[string][]byte{}
			rng := rand.New(rand.NewPCG(3, 3))
			for i, g := range played {
				var scramble *rand.Rand
				if tc.scramble {
					scramble = rng
				}
				earlierFiles(files, &g.Record, tc.ids, stamps[i], scramble)
			}
			checkRecovered(t, files, played, tc.ids, tc.want, !tc.scramble)
		})
	}
}

func TestGameFilesRejectsBadIDs(t *testing.T) {
	g := &playMatch(t, 2, 1, 1)[0].Record
	for _, ids := range [][]string{{"a"}, {"a", "a"}, {"a", "x/y"}, {"a", ".."}, {"", "b"}} {
		if _, err := GameFiles(g, ids, 1); err == nil {
			t.Errorf("ids %q accepted", ids)
		}
	}
}
