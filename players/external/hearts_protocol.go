package external

// The Hearts protocol, version 1, the Gin protocol's sibling
// (docs/protocol.md, "Hearts"): one request line and one reply line a
// trick, carrying exactly what the 2019 FIT2102 framework gave a player's
// playCard.
//
//	ginlog-protocol 1 hearts                -> ginlog-protocol 1 hearts
//	play ID HAND TRICK PREVIOUS MEMORY      -> CARD MEMORY
//
// ID is the player's id. HAND is its cards joined by ';'. TRICK is the
// plays of the current trick so far and PREVIOUS those of the hand's
// previous trick, each in play order (the lead first: the framework's
// lists are the other way round), a play being CARD@ID, joined by ';'; '-'
// for none (the player leads; the hand's first trick). MEMORY is '-' on
// the hand's first trick (the framework's Nothing: a memory lasts one
// hand), else the memory the bot returned in the previous trick, encoded
// as Gin's. An ID is percent-encoded as a memory's text is, with ';' and
// '@' encoded too.

import (
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/gin"
)

// HeartsHello is the first line each side sends in a Hearts game: Gin's,
// naming the game, so that a bot of one game is not played in the other.
var HeartsHello = Hello + " hearts"

// HeartsPlay is one card played in a trick and the id of its player.
type HeartsPlay struct {
	Card gin.Card
	ID   string
}

// HeartsRequest is the decision asked of a Hearts player: its card for
// the current trick.
type HeartsRequest struct {
	ID       string
	Hand     []gin.Card
	Trick    []HeartsPlay // in play order; empty when the player leads
	Previous []HeartsPlay // the hand's previous trick in play order; nil on its first trick
	Memory   Memory       // the memory returned in the previous trick; none (Valid false) on the hand's first trick
}

// AppendHeartsRequest appends the request line of r, without the newline.
func AppendHeartsRequest(b []byte, r *HeartsRequest) []byte {
	b = append(b, "play "...)
	b = AppendID(b, r.ID)
	b = append(b, ' ')
	b = appendCards(b, r.Hand)
	b = append(b, ' ')
	b = appendPlays(b, r.Trick)
	b = append(b, ' ')
	b = appendPlays(b, r.Previous)
	b = append(b, ' ')
	return AppendMemory(b, r.Memory)
}

func appendPlays(b []byte, plays []HeartsPlay) []byte {
	if len(plays) == 0 {
		return append(b, '-')
	}
	for i, p := range plays {
		if i > 0 {
			b = append(b, ';')
		}
		b = append(b, p.Card.String()...)
		b = append(b, '@')
		b = AppendID(b, p.ID)
	}
	return b
}

// AppendID appends a player id: its bytes, each byte outside '!'..'~',
// and '%', ';' and '@', written %XX. An id must not be empty, which would
// leave an empty field: HeartsPlayer names a seat without an id itself.
func AppendID(b []byte, id string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c > ' ' && c < 0x7f && c != '%' && c != ';' && c != '@' {
			b = append(b, c)
			continue
		}
		b = append(b, '%', hex[c>>4], hex[c&15])
	}
	return b
}

// ParseID decodes an id written by AppendID.
func ParseID(f string) (string, error) {
	m, err := ParseMemory("=" + f)
	if err != nil {
		return "", malformed("id %q: %v", clip(f), strings.TrimPrefix(err.Error(), malformedPrefix))
	}
	return m.Text, nil
}

// ParseHeartsReply decodes a reply to play: "CARD MEMORY". Whether the
// card may be played is the rules engine's to say.
func ParseHeartsReply(line string) (gin.Card, Memory, error) {
	f, err := fields(line, "play", 2)
	if err != nil {
		return 0, Memory{}, err
	}
	c, err := gin.ParseCard(f[0])
	if err != nil {
		return 0, Memory{}, malformed("play reply: %v", err)
	}
	m, err := replyMemory(f[1])
	return c, m, err
}

// ParseHeartsRequest decodes a request line written by
// AppendHeartsRequest: for bots written in Go, and for tests.
func ParseHeartsRequest(line string) (*HeartsRequest, error) {
	f := strings.Split(line, " ")
	if len(f) != 6 || f[0] != "play" {
		return nil, fmt.Errorf("not a Hearts request: %q", clip(line))
	}
	r := &HeartsRequest{}
	var err error
	if r.ID, err = ParseID(f[1]); err != nil {
		return nil, err
	}
	if r.Hand, err = gin.ParseCards(f[2]); err != nil {
		return nil, err
	}
	if r.Trick, err = parsePlays(f[3]); err != nil {
		return nil, err
	}
	if r.Previous, err = parsePlays(f[4]); err != nil {
		return nil, err
	}
	if r.Memory, err = ParseMemory(f[5]); err != nil {
		return nil, err
	}
	return r, nil
}

func parsePlays(f string) ([]HeartsPlay, error) {
	if f == "-" {
		return nil, nil
	}
	var out []HeartsPlay
	for _, p := range strings.Split(f, ";") {
		card, id, ok := strings.Cut(p, "@")
		if !ok {
			return nil, fmt.Errorf("play %q: want CARD@ID", clip(p))
		}
		c, err := gin.ParseCard(card)
		if err != nil {
			return nil, err
		}
		if id, err = ParseID(id); err != nil {
			return nil, err
		}
		out = append(out, HeartsPlay{c, id})
	}
	return out, nil
}
