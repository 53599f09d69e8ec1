package sim

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

// heartsCheat plays simple but, from its nth play of each game on, an
// illegal card (illegal's) at the first chance, and tells why through
// Fault when fault is set. It counts the games it was started and ended
// for, and keeps the ids it was given.
type heartsCheat struct {
	n, plays int
	illegal  func(v *hearts.View) gin.Hand
	cheated  bool
	fault    error
	ids      []string
	count    *heartsCounts
}

// notHeld returns cards the player does not hold and may not play: the
// led card when it follows, else the cards of other players but hearts.
func notHeld(v *hearts.View) gin.Hand {
	if v.Led {
		return gin.HandOf(v.Trick[0])
	}
	return gin.FullDeck &^ v.Held &^ hearts.HeartCards
}

// renege returns the cards of other suits when the player can follow.
func renege(v *hearts.View) gin.Hand {
	if !v.Led || v.Held&hearts.SuitCards(v.Trick[0].Suit()) == 0 {
		return 0
	}
	return v.Held &^ hearts.SuitCards(v.Trick[0].Suit())
}

type heartsCounts struct {
	mu             sync.Mutex
	started, ended int
	ids            [][]string
}

func (c *heartsCheat) Play(v *hearts.View) gin.Card {
	c.plays++
	if c.plays >= c.n {
		if bad := c.illegal(v); bad != 0 {
			c.cheated = true
			return bad.Cards()[0]
		}
	}
	return bots.Simple{}.Play(v)
}

func (c *heartsCheat) Fault() error {
	if c.cheated {
		return c.fault
	}
	return nil
}

func (c *heartsCheat) SetPlayerIDs(ids []string) { c.ids = ids }

func (c *heartsCheat) StartGame(int, int64, int) error {
	c.count.mu.Lock()
	defer c.count.mu.Unlock()
	c.count.started++
	c.count.ids = append(c.count.ids, c.ids)
	return nil
}

func (c *heartsCheat) EndGame() error {
	c.count.mu.Lock()
	c.count.ended++
	c.count.mu.Unlock()
	return nil
}

// TestHeartsForfeits: an illegal play forfeits a Hearts game, located at
// its hand and trick, with the rule's code and the framework's name of
// it, or the player's own code; the match goes on, the summary counts a
// forfeit of the offender and a win of no one, and no log is written for
// the game, as the framework wrote none.
func TestHeartsForfeits(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n         int // the play from which the rule is broken
		illegal   func(v *hearts.View) gin.Hand
		fault     error
		code, msg string
	}{
		{"not held", 20, notHeld, nil, "not-held", "played a card not held (the framework's InvalidCardError)"},
		{"renege", 1, renege, nil, "renege", "did not follow the led suit while able (the framework's RenegError)"},
		{"coded fault", 30, notHeld, codedError{}, "timeout", "no reply within 1s"},
		{"plain fault", 30, notHeld, errors.New("gone"), "fault", "gone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var count heartsCounts
			cheat := HeartsEntrant{Name: "cheat", New: func(*rand.Rand) hearts.Player {
				return &heartsCheat{n: tc.n, illegal: tc.illegal, fault: tc.fault, count: &count}
			}}
			simple := HeartsEntrant{Name: "simple", New: func(*rand.Rand) hearts.Player { return bots.Simple{} }}
			c := HeartsConfig{Players: []HeartsEntrant{simple, cheat, simple, simple}, Games: 4, Seed: 4, Workers: 2}
			dir := t.TempDir()
			ids := HeartsIDs(c.Players)
			if err := HeartsDirs(dir, ids); err != nil {
				t.Fatal(err)
			}
			var sum HeartsSummary
			var mu sync.Mutex
			var games []*HeartsGame
			err := RunHearts(context.Background(), c, func(g *HeartsGame) error {
				mu.Lock()
				defer mu.Unlock()
				sum.AddGame(g)
				games = append(games, g)
				return WriteHeartsGame(dir, g, ids)
			})
			if err != nil {
				t.Fatal(err)
			}
			if count.started != 4 || count.ended != 4 || len(count.ids) != 4 || count.ids[0][1] != "2-cheat" {
				t.Errorf("started %d, ended %d games, ids %v; want 4, 4, 2-cheat at seat 1", count.started, count.ended, count.ids)
			}
			for _, g := range games {
				f := g.Forfeit
				if f == nil || f.Seat != 1 || f.Code != tc.code || f.Hand != len(g.Record.Hands)+1 || f.Trick < 1 {
					t.Fatalf("game %d: forfeit %+v after %d hands, want %s at seat 1", g.Index, f, len(g.Record.Hands), tc.code)
				}
				if !strings.HasSuffix(f.Msg, tc.msg) {
					t.Errorf("game %d: message %q, want it to end %q", g.Index, f.Msg, tc.msg)
				}
			}
			if sum.Games != 4 || sum.Seats[1].Forfeits != 4 || sum.Hands != 0 || sum.Seats[0].Wins+sum.Seats[2].Wins+sum.Seats[3].Wins != 0 {
				t.Errorf("summary %+v", sum)
			}
			for _, id := range ids {
				if files, err := os.ReadDir(filepath.Join(dir, id)); err != nil || len(files) != 0 {
					t.Errorf("%d log files of %s for forfeited games (%v)", len(files), id, err)
				}
			}
		})
	}
}
