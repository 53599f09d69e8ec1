// Package retrace replays logged games through a player and reports every
// decision where the player now differs from the log: a regression diff
// for bot authors, and a check that logs belong to a bot.
//
// From the start of each game the player is fed exactly what the logged
// player received (the top of the discard pile, the totals as of the last
// round, the opponent's last draw, the hand in the order the log shows it,
// then the card the log says it drew), whatever the player itself would
// have chosen before; a player that keeps a memory gets the memory it
// returned itself. Four decisions are compared: the pile drawn from, the
// card discarded, the call (Gin, Knock, or Drop for "go on"), and the melds.
//
// The log has no melds: only the score, which a declaration explains when
// some declaration of the other hand gives the logged points with it. So
// the player's declared deadwood agrees when it is one of the values the
// verified score allows for the logged player.
//
// On a player's first turn of a round the log does not tell where the card
// it discarded sat in its hand; retrace puts that card last.
//
// Retrace works on replay.Game values read with each hand as the log lists
// it (replay.Round.Listed: store's Filter.Listed, or
// replay.FromRecord).
//
// Hearts games are retraced card by card (RetraceHearts, RunHearts), from
// the games of the Hearts log reader: hearts.go says how.
package retrace

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

// Kind is a kind of decision.
type Kind int

// The kinds of decision compared.
const (
	Draw Kind = iota
	Discard
	Call
	Melds
	NumKinds
)

var kindNames = [NumKinds]string{"draw", "discard", "call", "melds"}

func (k Kind) String() string { return kindNames[k] }

// Difference is a decision where the player differs from the log.
type Difference struct {
	Game   int64 // the log's timestamp
	Round  int
	Ply    int // the ply of the decision (for melds, the round's last ply)
	Kind   Kind
	Logged string // what the log shows
	Player string // what the player decides now
}

// Fault is a violation of the player (a timeout, a crash, a bad reply)
// that ended the retrace of a game.
type Fault struct {
	Game  int64
	Round int
	Ply   int
	Code  string
	Msg   string
}

// Result is what the retrace of one game found.
type Result struct {
	Compared    [NumKinds]int
	Agreed      [NumKinds]int
	Differences []Difference
	Fault       *Fault
}

// The hooks a player may implement, as in sim: a game's resources and the
// account of a violation.
type (
	gameStarter interface {
		StartGame(index int, timestamp int64, seat int) error
	}
	gameEnder interface{ EndGame() error }
	faulter   interface{ Fault() error }
)

// ErrNotListed reports a game whose hands were read without the order the
// log lists them in (replay.Round.Listed): read it with store.Filter.Listed.
var ErrNotListed = errors.New("the hands are not listed as the log shows them")

// Retrace replays game g, its hands listed (Round.Listed), through p from
// the side of the logged player (you) or of its opponent, as game index of
// the run. An error is what stops the whole run (a player that cannot
// start, a game without its listed hands: ErrNotListed).
func Retrace(g *replay.Game, index int, you bool, p gin.Player) (res *Result, err error) {
	for i := range g.Rounds {
		r := &g.Rounds[i]
		for j, pl := range r.Plays {
			if j >= len(r.Listed) || gin.HandOf(r.Listed[j][:]...) != pl.Hand {
				return nil, fmt.Errorf("game %d round %d ply %d: %w", g.LogTS, r.Number, j+1, ErrNotListed)
			}
		}
	}
	seat := gin.You
	if !you {
		seat = gin.Opp
	}
	if s, ok := p.(gameStarter); ok {
		if err := s.StartGame(index, g.LogTS, int(seat)); err != nil {
			return nil, err
		}
	}
	if e, ok := p.(gameEnder); ok {
		defer func() {
			if err2 := e.EndGame(); err2 != nil && err == nil {
				res, err = nil, err2
			}
		}()
	}
	t := &tracer{g: g, seat: seat, p: p, res: &Result{}}
	for i := range g.Rounds {
		if !t.round(&g.Rounds[i]) {
			break
		}
		t.totals[gin.You] += g.Rounds[i].Points[gin.You]
		t.totals[gin.Opp] += g.Rounds[i].Points[gin.Opp]
	}
	return t.res, nil
}

// tracer walks one game.
type tracer struct {
	g      *replay.Game
	seat   gin.Seat // the traced seat
	p      gin.Player
	res    *Result
	totals [2]int // by seat: before the current round
}

// faulted records the player's violation, if any, and reports it.
func (t *tracer) faulted(round, ply int) bool {
	code, msg, ok := faultOf(t.p)
	if ok {
		t.res.Fault = &Fault{Game: t.g.LogTS, Round: round, Ply: ply, Code: code, Msg: msg}
	}
	return ok
}

// faultOf returns the code and message of player p's violation, if it
// has one: its error's Code, or "fault".
func faultOf(p any) (code, msg string, ok bool) {
	f, ok := p.(faulter)
	if !ok {
		return "", "", false
	}
	err := f.Fault()
	if err == nil {
		return "", "", false
	}
	code, msg = "fault", err.Error()
	if c, ok := err.(interface{ Code() string }); ok {
		code = c.Code()
		if len(msg) > len(code)+2 && msg[:len(code)+2] == code+": " {
			msg = msg[len(code)+2:]
		}
	}
	return code, msg, true
}

func (t *tracer) compare(k Kind, round, ply int, logged, player string) {
	t.res.Compared[k]++
	if logged == player {
		t.res.Agreed[k]++
		return
	}
	t.res.Differences = append(t.res.Differences, Difference{Game: t.g.LogTS, Round: round, Ply: ply, Kind: k, Logged: logged, Player: player})
}

// round retraces one round and reports whether the game goes on.
func (t *tracer) round(r *replay.Round) bool {
	end, ok := r.Walk(t.seat, t.totals, func(tn *replay.Turn) bool { return t.turn(r, tn) })
	if !ok {
		return false
	}
	if end.Hands[0] == nil || end.Hands[1] == nil {
		return true // a side that never played: nothing to declare
	}
	return t.declare(r, &end.View, end.Hands)
}

// turn asks the player for the traced side's play tn of r, seeing its
// view, and compares its draw, discard and call with the logged pile,
// discard and call; it reports whether the player answered without a
// fault.
func (t *tracer) turn(r *replay.Round, tn *replay.Turn) bool {
	pl, ply, v, pile, call := tn.Play, tn.Ply, tn.View, tn.Pile, tn.Call
	got := t.p.Draw(v)
	if t.faulted(r.Number, ply) {
		return false
	}
	t.compare(Draw, r.Number, ply, pile.String(), got.String())
	d, c := t.p.Discard(v, pl.Drawn)
	if t.faulted(r.Number, ply) {
		return false
	}
	t.compare(Discard, r.Number, ply, pl.Discarded.String(), d.String())
	t.compare(Call, r.Number, ply, call.String(), c.String())
	return true
}

// declare asks the player for its melds at the end of r, seeing v, and
// compares their deadwood with what the logged score allows, hands being
// each side's final hand (0: the traced one's); it reports whether the
// game goes on.
func (t *tracer) declare(r *replay.Round, v *gin.View, hands [2][]gin.Card) bool {
	last := len(r.Plays)
	melds := t.p.Declare(v)
	if t.faulted(r.Number, last) {
		return false
	}
	logged, allowed := t.impliedDeadwood(r, gin.HandOf(hands[0]...), gin.HandOf(hands[1]...))
	player := "invalid"
	dw, err := gin.CheckDeclaration(gin.HandOf(hands[0]...), melds)
	if err == nil {
		player = fmt.Sprintf("deadwood %d", dw)
		if allowed.Has(dw) {
			player = logged // agrees: one of the values the score allows
		}
	} else {
		player += ": " + err.Error()
	}
	t.compare(Melds, r.Number, last, logged, player)
	return true
}

// impliedDeadwood returns the declared deadwood values of the traced side
// that explain the logged score with some declaration of the other side,
// as a set and as text.
func (t *tracer) impliedDeadwood(r *replay.Round, own, other gin.Hand) (string, gin.Values) {
	caller := 1 // the side that made the last play: 0 is the traced one
	if r.Caller == t.seat {
		caller = 0
	}
	logged := [2]int{r.Points[t.seat], r.Points[t.seat.Other()]}
	reach := [2]gin.Values{gin.ReachableDeadwood(own), gin.ReachableDeadwood(other)}
	var allowed gin.Values
	for _, d0 := range reach[0].List() {
		for _, d1 := range reach[1].List() {
			decl := [2]int{d0, d1}
			dc := decl[caller]
			if r.Action == gin.Gin && dc != 0 || r.Action == gin.Knock && dc > gin.KnockLimit {
				continue
			}
			var pts [2]int
			pts[caller], pts[1-caller] = gin.RoundScore(r.Action, dc, decl[1-caller])
			if pts == logged {
				allowed = allowed.Add(d0)
				break
			}
		}
	}
	return deadwoodText(allowed), allowed
}

// deadwoodText says which declared deadwood values the score allows.
func deadwoodText(v gin.Values) string {
	list := v.List()
	if len(list) == 0 {
		return "no declaration explains the score"
	}
	s := "deadwood " + strconv.Itoa(list[0])
	for i, d := range list[1:] {
		if i == len(list)-2 {
			s += " or "
		} else {
			s += ", "
		}
		s += strconv.Itoa(d)
	}
	return s
}
