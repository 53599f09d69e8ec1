package replay

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

const realLogs = "../../shared/reallogs"

// readGame reads a game's two files with a plain parser of the test's own
// (ingest is tested elsewhere).
func readGame(t testing.TB, turnsPath string) *Game {
	t.Helper()
	turns, err := os.ReadFile(turnsPath)
	if err != nil {
		t.Fatal(err)
	}
	scores, err := os.ReadFile(strings.TrimSuffix(turnsPath, ".csv") + "-score.csv")
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{}
	for _, line := range strings.Split(strings.TrimSpace(string(scores)), "\n") {
		f := strings.Split(strings.TrimSpace(line), ",")
		n, _ := strconv.Atoi(f[0])
		you, _ := strconv.Atoi(f[1])
		opp, _ := strconv.Atoi(f[2])
		call, _ := gin.ParseCall(f[3])
		caller, _ := gin.SeatOfFlag([]byte(f[4]))
		g.Rounds = append(g.Rounds, Round{Number: n, Points: [2]int{you, opp}, Action: call, Caller: caller})
	}
	for _, line := range strings.Split(strings.TrimSpace(string(turns)), "\n") {
		f := strings.Split(strings.TrimSpace(line), ",")
		n, _ := strconv.Atoi(f[0])
		cards, err := gin.ParseCards(f[1])
		if err != nil {
			t.Fatal(err)
		}
		card := func(s string) gin.Card { c, _ := gin.ParseCard(s); return c }
		seat, _ := gin.SeatOfFlag([]byte(f[2]))
		p := Play{Seat: seat, Hand: gin.HandOf(cards...), DrawnFirst: cards[0] == card(f[4]),
			Top: card(f[3]), Drawn: card(f[4]), Discarded: card(f[5])}
		g.Rounds[n-1].Plays = append(g.Rounds[n-1].Plays, p)
	}
	return g
}

func realGames(t *testing.T) map[string]*Game {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(realLogs, "*[0-9].csv"))
	if len(files) == 0 {
		t.Skip("real logs absent: run from a checkout with ../shared beside it")
	}
	out := map[string]*Game{}
	for _, f := range files {
		out[filepath.Base(f)] = readGame(t, f)
	}
	return out
}

// TestRealLogs is the acceptance test of the replay: no violations, 53
// rounds exact, 13 explained, none impossible.
func TestRealLogs(t *testing.T) {
	counts := map[Status]int{}
	for name, g := range realGames(t) {
		res := Check(g)
		for _, v := range res.Violations {
			t.Errorf("%s round %d ply %d: %s: %s", name, v.Round, v.Ply, v.Code, v.Msg)
		}
		for _, rc := range res.Rounds {
			counts[rc.Status]++
			if rc.Status == Explained && rc.LostYou+rc.LostOpp == 0 {
				t.Errorf("%s round %d explained but no side lost points", name, rc.Round)
			}
		}
	}
	if counts[Exact] != 53 || counts[Explained] != 13 || counts[Impossible] != 0 {
		t.Errorf("rounds by status %v, want 53 exact, 13 explained, 0 impossible", counts)
	}
}
