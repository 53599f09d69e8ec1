package sim

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/stats"
)

// HeartsEntrant is a player of a Hearts match: a name for reports and a
// constructor called once per game.
type HeartsEntrant struct {
	Name string
	New  func(rng *rand.Rand) hearts.Player
}

// HeartsConfig describes a Hearts match: its players by seat (2 or 4), the
// number of games and the seed. As for Gin, game i is dealt from a random
// stream keyed by (Seed, i) and each player's randomness from its own, so
// any number of workers plays the same games.
type HeartsConfig struct {
	Players []HeartsEntrant
	Games   int
	Seed    uint64
	Limit   int   // the total that ends a game; 0 means hearts.DefaultLimit
	Start   int64 // the stamp of game 0; game i gets Start+i
	Workers int   // goroutines; 0 means one per CPU; at most one per game and MaxWorkers
}

// HeartsGame is a finished game of a Hearts match.
type HeartsGame struct {
	Index   int
	Stamp   int64
	Record  hearts.GameRecord // the hands finished before a forfeit
	Forfeit *HeartsForfeit    // the illegal play that ended the game, or nil
}

// Play plays game i of the match. A game that ends on an illegal play is
// returned with its Forfeit; an error is what stops the match (a player
// that cannot start).
func (c *HeartsConfig) Play(i int) (game *HeartsGame, err error) {
	n := len(c.Players)
	if !hearts.ValidPlayers(n) {
		return nil, fmt.Errorf("%d players: want 2 or 4", n)
	}
	players := make([]hearts.Player, n)
	for s, e := range c.Players {
		players[s] = e.New(rand.New(rand.NewPCG(c.Seed^playerSeed, uint64(n*i+s))))
	}
	stamp := c.Start + int64(i)
	where := func(err error) error { return fmt.Errorf("game %d: %w", i, err) }
	ids := HeartsIDs(c.Players)
	for s, p := range players {
		if hn, ok := p.(HeartsNamer); ok {
			hn.SetPlayerIDs(ids)
		}
		if gs, ok := p.(GameStarter); ok {
			if err := gs.StartGame(i, stamp, s); err != nil {
				endGame(players[:s])
				return nil, where(err)
			}
		}
	}
	defer func() {
		if e := endGame(players); e != nil && err == nil {
			game, err = nil, where(e)
		}
	}()
	limit := c.Limit
	if limit == 0 {
		limit = hearts.DefaultLimit
	}
	rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(c.Seed, uint64(i)))), players, limit)
	g := &HeartsGame{Index: i, Stamp: stamp, Record: rec}
	var re *hearts.RuleError
	switch {
	case errors.As(err, &re):
		g.Forfeit = heartsForfeitOf(re, len(rec.Hands)+1, players)
	case err != nil:
		return nil, where(err)
	}
	return g, nil
}

// RunHearts plays every game of the match as Run does a Gin match: on the
// configured workers, each finished game passed to sink from several
// goroutines at once, in no particular order.
func RunHearts(ctx context.Context, c HeartsConfig, sink func(*HeartsGame) error) error {
	if !hearts.ValidPlayers(len(c.Players)) {
		return fmt.Errorf("%d players: want 2 or 4", len(c.Players))
	}
	return runGames(ctx, c.Games, c.Workers, c.Play, sink)
}

// HeartsIDs returns the player ids a match's logs use: the seat's number
// from 1, a dash and the player's name ("1-simple"), so that the ids are
// distinct and sort in seat order: seat s is the log's pos s.
func HeartsIDs(players []HeartsEntrant) []string {
	ids := make([]string, len(players))
	for s, p := range players {
		ids[s] = strconv.Itoa(s+1) + "-" + strings.NewReplacer("/", "_", "\\", "_").Replace(p.Name)
	}
	return ids
}

// HeartsDirs creates the players' folders <dir>/<id> that WriteHeartsGame
// writes into, or checks that they are folders (not links) if they exist.
func HeartsDirs(dir string, ids []string) error {
	for _, id := range ids {
		p := filepath.Join(dir, id)
		err := os.Mkdir(p, 0o755)
		if errors.Is(err, fs.ErrExist) {
			var info fs.FileInfo
			if info, err = os.Lstat(p); err == nil && !info.IsDir() {
				err = fmt.Errorf("%s exists and is not a folder", p)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// WriteHeartsGame writes a game as the later framework did, in the real
// player-id ordered format (logs.GameFiles): <dir>/<id>/<stamp>.csv for
// each player's id, in the folders HeartsDirs made. Every file must be
// new: a file or a link already there is an error, and nothing is written
// through a link. A forfeited game writes nothing, as the framework wrote
// no log of a game that ended on an error.
func WriteHeartsGame(dir string, g *HeartsGame, ids []string) error {
	return writeHearts(dir, g, ids, safefile.WriteNew)
}

// OverwriteHeartsGame is WriteHeartsGame replacing regular files of the
// same names.
func OverwriteHeartsGame(dir string, g *HeartsGame, ids []string) error {
	return writeHearts(dir, g, ids, safefile.WriteFile)
}

func writeHearts(dir string, g *HeartsGame, ids []string, write func(string, []byte, fs.FileMode) error) error {
	if g.Forfeit != nil {
		return nil
	}
	files, err := logs.GameFiles(&g.Record, ids, g.Stamp)
	if err != nil {
		return err
	}
	for name, data := range files {
		if err := write(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// HeartsSummary accumulates the results of a Hearts match; Add is not safe
// for concurrent use.
type HeartsSummary struct {
	Games int
	Hands int
	Seats [hearts.MaxPlayers]HeartsSeatStats
}

// HeartsSeatStats is one seat's record in a Hearts match.
type HeartsSeatStats struct {
	Wins     int // games it ended with the lowest total
	Points   int // points scored, over all hands
	Squares  int // the sum of the squares of its points in each hand
	Moons    int // hands in which it shot the moon
	Queens   int // hands in which it took the queen of spades
	Forfeits int // games it ended with an illegal play
}

// AddGame counts one game of a match: a forfeited game as a forfeit of
// the offender, won by no seat (the framework gave it no result), its
// hands not counted; any other as Add does.
func (s *HeartsSummary) AddGame(g *HeartsGame) {
	if f := g.Forfeit; f != nil {
		s.Games++
		s.Seats[f.Seat].Forfeits++
		return
	}
	s.Add(&g.Record)
}

// Add counts one finished game.
func (s *HeartsSummary) Add(g *hearts.GameRecord) {
	s.Games++
	s.Seats[g.Winner()].Wins++
	for i := range g.Hands {
		h := &g.Hands[i]
		s.Hands++
		for seat := range h.Players {
			s.Seats[seat].Points += h.Points[seat]
			s.Seats[seat].Squares += h.Points[seat] * h.Points[seat]
		}
		if h.Moon >= 0 {
			s.Seats[h.Moon].Moons++
		}
		for _, t := range h.Tricks {
			for seat := range h.Players {
				if t.Cards[seat] == hearts.QueenOfSpades {
					s.Seats[t.Winner(h.Players)].Queens++
				}
			}
		}
	}
}

// WinRate returns seat's share of the games won and its 95% Wilson
// interval.
func (s *HeartsSummary) WinRate(seat int) (rate, lo, hi float64) {
	lo, hi = stats.Wilson(s.Seats[seat].Wins, s.Games)
	if s.Games == 0 {
		return 0, lo, hi
	}
	return float64(s.Seats[seat].Wins) / float64(s.Games), lo, hi
}

// PointsInterval returns the 95% interval of seat's mean points per hand,
// the normal approximation over its hands: the deals are independent, and
// so are the hands of players that do not play to the game's totals.
func (s *HeartsSummary) PointsInterval(seat int) (lo, hi float64) {
	n := float64(s.Hands)
	if n < 2 {
		return 0, hearts.MoonPoints
	}
	mean := float64(s.Seats[seat].Points) / n
	variance := max(0, (float64(s.Seats[seat].Squares)-n*mean*mean)/(n-1))
	half := 1.96 * math.Sqrt(variance/n)
	return mean - half, mean + half
}

// PointsPerHand returns seat's mean points per hand.
func (s *HeartsSummary) PointsPerHand(seat int) float64 {
	if s.Hands == 0 {
		return 0
	}
	return float64(s.Seats[seat].Points) / float64(s.Hands)
}
