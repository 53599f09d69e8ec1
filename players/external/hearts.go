package external

import (
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// HeartsPlayer returns a Hearts player for one game, from a pool made
// with Options.Hello set to HeartsHello. Its StartGame must be called
// before the game and its EndGame after it; SetPlayerIDs names the seats.
func (pl *Pool) HeartsPlayer() *HeartsPlayer { return &HeartsPlayer{botSeat: botSeat{pool: pl}} }

// HeartsPlayer is one game's seat of Hearts played by an external bot, as
// the 2019 FIT2102 framework played a playCard: each trick it passes the
// player's id, its cards, the trick so far and, after the first trick of
// a hand, the previous trick and the memory the bot returned in it. After
// a violation it plays a card it does not hold, on purpose, so that the
// rules engine stops the game; Fault says what happened.
type HeartsPlayer struct {
	botSeat
	ids []string // by seat
}

// SetPlayerIDs names the players by seat, as the framework named them to
// a player (its PlayerId); a seat without an id, or beyond ids, is named
// "pos" and its number. It may be called between hands.
func (p *HeartsPlayer) SetPlayerIDs(ids []string) {
	p.ids = append(p.ids[:0], ids...)
}

// id returns the id of seat s.
func (p *HeartsPlayer) id(s int) string {
	if s < len(p.ids) && p.ids[s] != "" {
		return p.ids[s]
	}
	return "pos" + strconv.Itoa(s)
}

// plays returns the cards of a trick led by leader, in play order, with
// their players' ids.
func (p *HeartsPlayer) plays(leader, n int, cards []gin.Card) []HeartsPlay {
	out := make([]HeartsPlay, len(cards))
	for i, c := range cards {
		out[i] = HeartsPlay{c, p.id((leader + i) % n)}
	}
	return out
}

// Request returns the request of view v, with the memory the bot
// returned last.
func (p *HeartsPlayer) Request(v *hearts.View) *HeartsRequest {
	r := &HeartsRequest{ID: p.id(v.Seat), Hand: v.Held.Cards(), Trick: p.plays(v.Leader, v.Players, v.Trick)}
	if k := len(v.Tricks); k > 0 {
		last := &v.Tricks[k-1]
		cards := make([]gin.Card, v.Players)
		for i := range cards {
			cards[i] = last.Cards[(last.Leader+i)%v.Players]
		}
		r.Previous, r.Memory = p.plays(last.Leader, v.Players, cards), p.mem
	}
	return r
}

// Play asks the bot's card.
func (p *HeartsPlayer) Play(v *hearts.View) gin.Card {
	if p.fault != nil {
		return notHeld(v.Held)
	}
	r := p.Request(v)
	line, ok := p.call("play", AppendHeartsRequest(make([]byte, 0, 256+len(r.Memory.Text)), r))
	if !ok {
		return notHeld(v.Held)
	}
	c, m, err := ParseHeartsReply(line)
	if err != nil {
		p.fail(CodeMalformed, "%s", strings.TrimPrefix(err.Error(), malformedPrefix))
		return notHeld(v.Held)
	}
	if !p.remember("play", m) {
		return notHeld(v.Held)
	}
	return c
}

// notHeld returns a card outside held, which the rules engine refuses
// whatever the trick.
func notHeld(held gin.Hand) gin.Card {
	return (gin.FullDeck &^ held).Cards()[0]
}
