package retrace

import (
	"context"
	"math/rand/v2"
	"path"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/hearts/logs"
)

// playHearts plays games Hearts games between the named baseline bots by
// seat, the engine's seats playing up (pos k, then k+1), writes them as
// ginlog simulate does (ids "1-NAME", ...), and reads and verifies them
// back as retrace's input.
func playHearts(t testing.TB, names []string, games int) []*HeartsGame {
	t.Helper()
	ids := make([]string, len(names))
	for s, name := range names {
		ids[s] = string(rune('1'+s)) + "-" + name
	}
	fsys := fstest.MapFS{}
	for i := range games {
		players := make([]hearts.Player, len(names))
		for s, name := range names {
			p, err := bots.New(name, rand.New(rand.NewPCG(7, uint64(4*i+s))))
			if err != nil {
				t.Fatal(err)
			}
			players[s] = p
		}
		rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(8, uint64(i)))), players, hearts.DefaultLimit)
		if err != nil {
			t.Fatal(err)
		}
		files, err := logs.GameFiles(&rec, ids, int64(1700000000+i))
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			fsys[path.Join("sim", name)] = &fstest.MapFile{Data: data}
		}
	}
	read, err := logs.ReadFS(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*HeartsGame, len(read))
	for i, g := range read {
		out[i] = &HeartsGame{ID: int64(i + 1), Game: g, Report: logs.Verify(g)}
	}
	return out
}

// baseline returns the players of a run by pos: the named bots.
func baseline(t testing.TB, names []string) func(index, pos int) hearts.Player {
	return func(index, pos int) hearts.Player {
		p, err := bots.New(names[pos], rand.New(rand.NewPCG(9, uint64(4*index+pos))))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// retraceAll retraces games with opts on one worker and sums them up.
func retraceAll(t *testing.T, games []*HeartsGame, opts HeartsOptions) *HeartsSummary {
	t.Helper()
	sum := NewHeartsSummary(5)
	opts.Workers = 1
	if err := RunHearts(context.Background(), games, opts, func(_ int, r *HeartsResult) error {
		sum.Add(r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestRetraceHeartsOwnLogs: deterministic players retraced on their own
// simulated logs agree on every card, each seat or only the ones asked;
// another player, or the wrong direction of play, differs.
func TestRetraceHeartsOwnLogs(t *testing.T) {
	four := []string{"simple", "tracker", "simple", "tracker"}
	games := playHearts(t, four, 6)
	two := playHearts(t, []string{"tracker", "simple"}, 4)
	for _, tc := range []struct {
		name      string
		games     []*HeartsGame
		opts      HeartsOptions
		seats     int  // traced seats a game
		agree     bool // every card agrees
		assumedTo bool // every hand in an assumed direction
	}{
		{"every seat", games, HeartsOptions{Player: baseline(t, four)}, 4, true, true},
		{"one id", games, HeartsOptions{IDs: []string{"2-tracker"}, Player: baseline(t, four)}, 1, true, true},
		{"two ids", games, HeartsOptions{IDs: []string{"1-simple", "4-tracker", "9-nobody"}, Player: baseline(t, four)}, 2, true, true},
		{"up", games, HeartsOptions{Direction: Up, Player: baseline(t, four)}, 4, true, true},
		{"down", games, HeartsOptions{Direction: Down, Player: baseline(t, four)}, 4, false, true},
		{"another player", games, HeartsOptions{Player: baseline(t, []string{"tracker", "simple", "tracker", "simple"})}, 4, false, true},
		{"two players", two, HeartsOptions{Direction: Down, Player: baseline(t, []string{"tracker", "simple"})}, 2, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := retraceAll(t, tc.games, tc.opts)
			hands := 0
			for _, g := range tc.games {
				hands += len(g.Game.Hands)
			}
			if sum.Games != len(tc.games) || sum.Hands != tc.seats*hands || sum.Skipped != 0 || len(sum.Faults) != 0 {
				t.Fatalf("summary %+v: want %d seat-hands of %d games", sum, tc.seats*hands, len(tc.games))
			}
			if want := tc.seats * hands * 52 / tc.games[0].Game.Players; sum.Compared != want {
				t.Errorf("%d cards compared, want %d", sum.Compared, want)
			}
			if agree := sum.Agreed == sum.Compared; agree != tc.agree || agree != (sum.Differences == 0) {
				t.Errorf("%d of %d cards agree, %d differences: want agreement %v", sum.Agreed, sum.Compared, sum.Differences, tc.agree)
			}
			if assumed := sum.Assumed == sum.Hands; assumed != tc.assumedTo || !assumed && sum.Assumed != 0 {
				t.Errorf("%d of %d hands in an assumed direction", sum.Assumed, sum.Hands)
			}
			if !tc.agree && (len(sum.First) != 5 || sum.First[0].Logged == sum.First[0].Played) {
				t.Errorf("first differences %+v", sum.First)
			}
		})
	}
}

// TestRetraceHeartsWorkers: whatever the number of workers, RunHearts
// passes sink the same results in the order of the games.
func TestRetraceHeartsWorkers(t *testing.T) {
	names := []string{"random", "tracker", "simple", "tracker"}
	games := playHearts(t, names, 8)
	run := func(workers int) []*HeartsResult {
		var got []*HeartsResult
		err := RunHearts(context.Background(), games, HeartsOptions{Workers: workers, Player: baseline(t, names)},
			func(i int, r *HeartsResult) error {
				if i != len(got) {
					t.Fatalf("%d workers: game %d passed after %d games", workers, i, len(got))
				}
				got = append(got, r)
				return nil
			})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	one := run(1)
	for _, workers := range []int{0, 3, 8} {
		if got := run(workers); !reflect.DeepEqual(got, one) {
			t.Errorf("%d workers: results differ from one worker's", workers)
		}
	}
}

// faulty plays simple and breaks the protocol on its nth card.
type faulty struct {
	n, cards int
	ids      []string
}

func (f *faulty) Play(v *hearts.View) gin.Card {
	f.cards++
	return bots.Simple{}.Play(v)
}

func (f *faulty) Fault() error {
	if f.cards >= f.n {
		return codedError{}
	}
	return nil
}

func (f *faulty) SetPlayerIDs(ids []string) { f.ids = ids }

type codedError struct{}

func (codedError) Error() string { return "timeout: play: no reply within 1s" }
func (codedError) Code() string  { return "timeout" }

// TestRetraceHeartsFault: a player's violation ends its seat's retrace of
// the game, located, and the other seats go on; the player is told the
// ids of the seats in the order of play.
func TestRetraceHeartsFault(t *testing.T) {
	names := []string{"simple", "simple", "simple", "simple"}
	games := playHearts(t, names, 2)
	var seen []*faulty
	sum := retraceAll(t, games, HeartsOptions{IDs: []string{"3-simple", "4-simple"}, Direction: Down, Player: func(index, pos int) hearts.Player {
		if pos == 2 {
			f := &faulty{n: 20}
			seen = append(seen, f)
			return f
		}
		return bots.Simple{}
	}})
	if len(sum.Faults) != 2 {
		t.Fatalf("faults %+v, want one a game", sum.Faults)
	}
	f := sum.Faults[0]
	if f.Player != "3-simple" || f.Hand != 2 || f.Trick != 7 || f.Code != "timeout" || f.Msg != "play: no reply within 1s" {
		t.Errorf("fault %+v: want 3-simple's 20th card, hand 2 trick 7", f)
	}
	if want := []string{"1-simple", "4-simple", "3-simple", "2-simple"}; !reflect.DeepEqual(seen[0].ids, want) {
		t.Errorf("ids by seat %v, want %v (down)", seen[0].ids, want)
	}
	hands := 0
	for _, g := range games {
		hands += len(g.Game.Hands) + 2 // 4-simple's, and 3-simple's to the fault
	}
	if sum.Agreeing != 0 || sum.Hands != hands {
		t.Errorf("summary %+v: want no game agreeing, and 3-simple's hands to its fault with 4-simple's", sum)
	}
}

func TestDirection(t *testing.T) {
	sim := [hearts.MaxPlayers]string{"1-simple", "2-exec:._bot", "3-x", "4-y"}
	for _, tc := range []struct {
		name string
		d    Direction
		ids  [hearts.MaxPlayers]string
		n    int
		want Direction
	}{
		{"simulated", Auto, sim, 4, Up},
		{"simulated two", Auto, [hearts.MaxPlayers]string{"1-a", "2-b"}, 2, Up},
		{"framework", Auto, [hearts.MaxPlayers]string{"Player1", "Player2", "Player3", "Player4"}, 4, Down},
		{"out of order", Auto, [hearts.MaxPlayers]string{"1-a", "3-b", "2-c", "4-d"}, 4, Down},
		{"no file", Auto, [hearts.MaxPlayers]string{"1-a", "", "3-c", "4-d"}, 4, Down},
		{"given", Down, sim, 4, Down},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := DirectionOf(tc.d, tc.ids, tc.n); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	for _, s := range []string{"auto", "up", "down"} {
		if d, err := ParseDirection(s); err != nil || d.String() != s {
			t.Errorf("%s: %v, %v", s, d, err)
		}
	}
	if _, err := ParseDirection("left"); err == nil {
		t.Error("left accepted")
	}
}
