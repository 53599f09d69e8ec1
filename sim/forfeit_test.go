package sim

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// cheat plays like its inner player but breaks a rule on its nth draw of
// each game, and tells why through Fault when fault is set. It counts the
// games it was started and ended for.
type cheat struct {
	gin.Player
	n, draws int
	fault    error
	started  *int
	ended    *int
	mu       *sync.Mutex
}

func (c *cheat) Draw(v *gin.View) gin.Pile {
	c.draws++
	if c.draws == c.n {
		return gin.NoPile
	}
	return c.Player.Draw(v)
}

func (c *cheat) Fault() error {
	if c.draws >= c.n {
		return c.fault
	}
	return nil
}

func (c *cheat) StartGame(int, int64, int) error {
	c.mu.Lock()
	*c.started++
	c.mu.Unlock()
	return nil
}

func (c *cheat) EndGame() error {
	c.mu.Lock()
	*c.ended++
	c.mu.Unlock()
	return nil
}

type codedError struct{}

func (codedError) Error() string { return "timeout: no reply within 1s" }
func (codedError) Code() string  { return "timeout" }

// TestForfeits: a rule broken in a game forfeits it, located, with the
// player's own code when it has one; the match goes on, the summary
// counts the forfeit as a loss of the offender, and no log is written.
func TestForfeits(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fault    error
		code     string
		msg      string
		forfeits bool
	}{
		{"engine", nil, CodeBadPile, "draw from an unknown pile: pile 2", true},
		{"coded fault", codedError{}, "timeout", "no reply within 1s", true},
		{"plain fault", errors.New("gone"), "fault", "gone", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var started, ended int
			var mu sync.Mutex
			simple := entrants(t, "simple", "simple")[0]
			e := Entrant{Name: "cheat", New: func(rng *rand.Rand) gin.Player {
				return &cheat{Player: simple.New(rng), n: 7, fault: tc.fault, started: &started, ended: &ended, mu: &mu}
			}}
			c := Config{Players: [2]Entrant{simple, e}, Games: 6, Seed: 4, Workers: 2}
			var sum Summary
			dir := t.TempDir()
			var games []*Game
			err := Run(context.Background(), c, func(g *Game) error {
				mu.Lock()
				defer mu.Unlock()
				sum.AddGame(g)
				games = append(games, g)
				return WriteGame(dir, g)
			})
			if err != nil {
				t.Fatal(err)
			}
			if started != 6 || ended != 6 {
				t.Errorf("started %d, ended %d games, want 6", started, ended)
			}
			for _, g := range games {
				f := g.Forfeit
				if f == nil || f.Seat != 1 || f.Code != tc.code || f.Msg != tc.msg || f.Round != len(g.Record.Rounds)+1 || f.Ply < 1 {
					t.Errorf("game %d: forfeit %+v after %d rounds, want %s: %s at seat 1", g.Index, f, len(g.Record.Rounds), tc.code, tc.msg)
				}
				if g.Winner() != 0 {
					t.Errorf("game %d: winner %d", g.Index, g.Winner())
				}
			}
			if sum.Games != 6 || sum.Seats[0].Wins != 6 || sum.Seats[1].Forfeits != 6 || sum.Rounds != 0 {
				t.Errorf("summary %+v", sum)
			}
			if files, err := os.ReadDir(dir); err != nil || len(files) != 0 {
				t.Errorf("%d log files for forfeited games", len(files))
			}
		})
	}
}
