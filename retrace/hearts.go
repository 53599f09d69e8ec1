package retrace

// Retracing Hearts. A Hearts player's view of a hand is what the 2019
// framework passed its playCard: its id, its cards, the trick so far and
// the previous trick with the memory it returned in it, none on a hand's
// first trick. So a hand is retraced on its own: each traced seat's
// player is fed, trick by trick, the cards the log shows the others
// played before it, whatever it would have played itself, and its card is
// compared with the logged one. A player that keeps a memory gets the one
// it returned itself.
//
// Only hands whose cards' players the log determines (logs.Verify: every
// hand of the later framework's logs, nearly all of the earlier one's) are
// retraced; the others are counted as skipped. The order of play within a
// trick is in the log when its cards are in reverse play order (the
// earlier framework with equal memories); otherwise it is not, and the
// direction of play is assumed (HeartsOptions.Direction): the rules do not
// depend on it, but the trick so far a player sees does.

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
)

// Direction is the order of play around the table where a log does not
// show it.
type Direction int

// The directions. Auto is Up for the games ginlog simulate wrote (their
// players' ids are 1-NAME, 2-NAME, ... in pos order) and Down otherwise.
const (
	Auto Direction = iota
	Up             // pos k is followed by pos k+1, as ginlog simulate plays
	Down           // pos k is followed by pos k-1, as the 2019 framework played its list of players sorted by id
)

var directionNames = [...]string{"auto", "up", "down"}

func (d Direction) String() string { return directionNames[d] }

// ParseDirection reads a Direction by its name.
func ParseDirection(s string) (Direction, error) {
	for d, name := range directionNames {
		if s == name {
			return Direction(d), nil
		}
	}
	return 0, fmt.Errorf("direction %q: want auto, up or down", s)
}

// simulatedID matches the ids ginlog simulate gives the players.
var simulatedID = regexp.MustCompile(`^([1-4])-.`)

// DirectionOf resolves Auto for a game of n players with these ids by pos.
func DirectionOf(d Direction, ids [hearts.MaxPlayers]string, n int) Direction {
	if d != Auto {
		return d
	}
	for pos := range n {
		m := simulatedID.FindStringSubmatch(ids[pos])
		if m == nil || m[1] != strconv.Itoa(pos+1) {
			return Down
		}
	}
	return Up
}

// HeartsGame is a Hearts game to retrace: the game as the log reader
// reads it and its verification, which says who played each card (nil:
// RetraceHearts verifies the game itself).
type HeartsGame struct {
	ID     int64 // the database's id, for errors
	Game   *logs.Game
	Report *logs.Report
}

// HeartsOptions configure the retrace of Hearts games.
type HeartsOptions struct {
	// IDs are the players retraced, by their log ids (their folders);
	// none means every player with a file.
	IDs       []string
	Direction Direction // the order of play where the log does not show it
	Workers   int       // games retraced at once; 0 means one per CPU
	// Player returns a new player for a seat (pos) of game index.
	Player func(index, pos int) hearts.Player
	// Finished, when set, is called as each game is retraced, from
	// several goroutines at once: for a progress bar.
	Finished func()
}

// HeartsDifference is a card a player plays now where the log shows
// another.
type HeartsDifference struct {
	Game   int64  `json:"game"`  // the stamp of the game's first file
	Hand   int    `json:"hand"`  // from 1
	Trick  int    `json:"trick"` // from 1
	Player string `json:"player"`
	Logged string `json:"logged"`
	Played string `json:"played"` // the card, and "(illegal: CODE)" when the rules refuse it
}

// HeartsFault is a violation of a player (a timeout, a crash, a bad
// reply) that ended the retrace of its seat in a game.
type HeartsFault struct {
	Game   int64  `json:"game"`
	Hand   int    `json:"hand"`
	Trick  int    `json:"trick"`
	Player string `json:"player"`
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

// HeartsResult is what the retrace of one Hearts game found.
type HeartsResult struct {
	Compared    int // cards compared
	Agreed      int
	Hands       int // hands of traced seats retraced
	Skipped     int // hands of traced seats not retraced: the log does not say who played each card
	Assumed     int // hands retraced in the assumed direction of play
	Differences []HeartsDifference
	Faults      []HeartsFault
}

// RetraceHearts retraces game g, as game index of the run, through the
// players opts gives for its traced seats. An error is what stops the
// whole run (a player that cannot start).
func RetraceHearts(g *HeartsGame, index int, opts *HeartsOptions) (*HeartsResult, error) {
	res := &HeartsResult{}
	n := g.Game.Players
	if g.Report == nil {
		g = &HeartsGame{ID: g.ID, Game: g.Game, Report: logs.Verify(g.Game)}
	}
	for pos := range n {
		if !traced(g.Game.IDs[pos], opts.IDs) {
			continue
		}
		t := &heartsTracer{g: g, pos: pos, res: res, dir: DirectionOf(opts.Direction, g.Game.IDs, n)}
		if err := t.seat(opts.Player(index, pos), index); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// traced reports whether the player of log id id is retraced.
func traced(id string, ids []string) bool {
	if len(ids) == 0 {
		return id != ""
	}
	for _, want := range ids {
		if id == want {
			return true
		}
	}
	return false
}

// RunHearts retraces each of games as Run does Gin games, passing the
// results to sink in the order of games.
func RunHearts(ctx context.Context, games []*HeartsGame, opts HeartsOptions, sink func(i int, r *HeartsResult) error) error {
	return runOrdered(ctx, len(games), opts.Workers, opts.Finished, func(i int) (*HeartsResult, error) {
		g := games[i]
		res, err := RetraceHearts(g, i, &opts)
		if err != nil {
			return nil, fmt.Errorf("Hearts game %d (%d): %w", g.ID, g.Game.Stamps[0].Time, err)
		}
		return res, nil
	}, sink)
}

// heartsTracer retraces one seat of one game.
type heartsTracer struct {
	g   *HeartsGame
	pos int
	dir Direction
	res *HeartsResult
}

// seat retraces the seat's hands through p.
func (t *heartsTracer) seat(p hearts.Player, index int) (err error) {
	if s, ok := p.(gameStarter); ok {
		if err := s.StartGame(index, t.g.Game.Stamps[0].Time, t.pos); err != nil {
			return err
		}
	}
	if e, ok := p.(gameEnder); ok {
		defer func() {
			if err2 := e.EndGame(); err2 != nil && err == nil {
				err = err2
			}
		}()
	}
	var totals [hearts.MaxPlayers]int // by pos, before the hand: the known points
	for i := range t.g.Game.Hands {
		hr := &t.g.Report.Hands[i]
		if !hr.Determined {
			t.res.Skipped++
		} else if ok, err := t.hand(p, i, totals); err != nil || !ok {
			return err
		}
		if hr.PointsKnown {
			for pos := range t.g.Game.Players {
				totals[pos] += hr.Points[pos]
			}
		}
	}
	return nil
}

// order returns the players (pos) of hand i in play order from any of
// them, and whether the log shows it.
func (t *heartsTracer) order(i int) ([]int, bool) {
	n := t.g.Game.Players
	out := make([]int, n)
	hr := &t.g.Report.Hands[i]
	switch {
	case hr.Method == logs.MethodReversePlay:
		for k := range n {
			out[k] = int(hr.Seats[n-1-k])
		}
		return out, true
	case t.dir == Down:
		for k := range n {
			out[k] = (n - k) % n
		}
	default:
		for k := range n {
			out[k] = k
		}
	}
	return out, n == 2 // two players play in turn either way
}

// hand retraces hand i through p, the game's totals by pos before it
// being totals; it reports false when the player broke the protocol, the
// seat's retrace ending there.
func (t *heartsTracer) hand(p hearts.Player, i int, totals [hearts.MaxPlayers]int) (bool, error) {
	g, h, hr := t.g.Game, &t.g.Game.Hands[i], &t.g.Report.Hands[i]
	n := g.Players
	order, shown := t.order(i)
	// The engine's seats are the players in play order: seat s is order[s].
	var seatOf [hearts.MaxPlayers]int
	ids := make([]string, n)
	var dealt [hearts.MaxPlayers]gin.Hand
	var seatTotals [hearts.MaxPlayers]int
	for s, pos := range order {
		seatOf[pos], ids[s], seatTotals[s] = s, idOf(g, pos), totals[pos]
	}
	cards := make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))
	for k, c := range h.Cards {
		s := seatOf[hr.Seats[k]]
		dealt[s] = dealt[s].Add(c)
		cards[k/n][s] = c
	}
	state, err := hearts.NewHand(dealt[:n])
	if err != nil {
		return false, fmt.Errorf("hand %d: %w", i+1, err)
	}
	if namer, ok := p.(interface{ SetPlayerIDs([]string) }); ok {
		namer.SetPlayerIDs(ids)
	}
	t.res.Hands++
	if !shown {
		t.res.Assumed++
	}
	for !state.Done() {
		s, trick := state.ToMove(), len(state.Tricks())
		logged := cards[trick][s]
		if order[s] == t.pos && !t.ask(p, state, i, logged, seatTotals) {
			return false, nil
		}
		if err := state.Play(logged); err != nil {
			return false, fmt.Errorf("hand %d: the log's own play: %w", i+1, err)
		}
	}
	return true, nil
}

// ask asks p its card where the log shows logged, and compares them; it
// reports false when p broke the protocol.
func (t *heartsTracer) ask(p hearts.Player, state *hearts.HandState, i int, logged gin.Card, totals [hearts.MaxPlayers]int) bool {
	v := state.View(i+1, totals)
	got := p.Play(&v)
	stamp, trick, id := t.g.Game.Stamps[0].Time, len(state.Tricks())+1, idOf(t.g.Game, t.pos)
	if code, msg, ok := faultOf(p); ok {
		t.res.Faults = append(t.res.Faults, HeartsFault{Game: stamp, Hand: i + 1, Trick: trick, Player: id, Code: code, Msg: msg})
		return false
	}
	t.res.Compared++
	if got == logged {
		t.res.Agreed++
		return true
	}
	played := got.String()
	if err := hearts.CheckPlay(got, state.Situation()); err != nil {
		played += " (illegal: " + hearts.Code(err) + ")"
	}
	t.res.Differences = append(t.res.Differences, HeartsDifference{Game: stamp, Hand: i + 1, Trick: trick, Player: id, Logged: logged.String(), Played: played})
	return true
}

// idOf returns the log id of pos in g, or "pos" and its number for a
// player without a file, whose id the logs do not tell.
func idOf(g *logs.Game, pos int) string {
	if id := g.IDs[pos]; id != "" {
		return id
	}
	return "pos" + strconv.Itoa(pos)
}
