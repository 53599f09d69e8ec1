// Package external plays a Gin Rummy bot that runs as a separate program
// and speaks ginlog's line protocol on its standard input and output, as a
// gin.Player. docs/protocol.md is the protocol's reference; this file
// encodes and decodes its lines, process.go runs the program, and player.go
// adapts it to gin.Player with the server's rules on time and memory.
//
// The protocol, version 1, one request line and one reply line at a time:
//
//	ginlog-protocol 1                    -> ginlog-protocol 1
//	pick TOP US THEM MEMORY OPPDRAW HAND -> stock|discard MEMORY
//	play DRAWN US THEM MEMORY HAND       -> gin|knock|drop CARD MEMORY
//	melds US THEM MEMORY HAND            -> melds GROUP...
//
// Cards are in the log notation (SA, D10, HJ); a HAND or GROUP is cards
// joined by ';'. MEMORY is '-' for none (the framework's Nothing) or '='
// followed by the memory's UTF-8 bytes, percent-encoded: every byte outside
// '!'..'~', and '%' itself, is written %XX. A GROUP of one card is
// deadwood; the groups of a melds reply cover the hand exactly.
package external

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ginlog/ginlog/gin"
)

// Version is the protocol version this package speaks.
const Version = 1

// Hello is the first line each side sends.
var Hello = "ginlog-protocol " + strconv.Itoa(Version)

// MaxMemory is the most characters (Unicode code points) a memory may hold,
// as on the tournament server.
const MaxMemory = 10000

// MaxLine bounds a reply line in bytes: a memory of MaxMemory characters
// takes at most 12 bytes a character once percent-encoded.
const MaxLine = 12*MaxMemory + 1024

// Memory is a player's memory string; Valid false is the framework's
// Nothing (the first call of a game).
type Memory struct {
	Text  string
	Valid bool
}

// Request is a decision asked of the player: Kind is "pick", "play" or
// "melds". Card is the top of the discard pile for pick and the drawn card
// for play.
type Request struct {
	Kind    string
	Card    gin.Card
	Scores  [2]int // own total, then the opponent's, as of the last round
	Memory  Memory
	OppDraw gin.Pile // pick only: NoPile when the opponent has not drawn yet this round
	Hand    []gin.Card
}

// AppendRequest appends the request line of r, without the newline.
func AppendRequest(b []byte, r *Request) []byte {
	b = append(b, r.Kind...)
	if r.Kind != "melds" {
		b = append(b, ' ')
		b = append(b, r.Card.String()...)
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(r.Scores[0]), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(r.Scores[1]), 10)
	b = append(b, ' ')
	b = AppendMemory(b, r.Memory)
	if r.Kind == "pick" {
		b = append(b, ' ')
		b = append(b, pileWord(r.OppDraw)...)
	}
	b = append(b, ' ')
	return appendCards(b, r.Hand)
}

func pileWord(p gin.Pile) string {
	switch p {
	case gin.StockPile:
		return "stock"
	case gin.DiscardPile:
		return "discard"
	}
	return "-"
}

func appendCards(b []byte, cards []gin.Card) []byte {
	for i, c := range cards {
		if i > 0 {
			b = append(b, ';')
		}
		b = append(b, c.String()...)
	}
	return b
}

// AppendMemory appends a memory field: '-' for none, else '=' and the
// percent-encoded text.
func AppendMemory(b []byte, m Memory) []byte {
	if !m.Valid {
		return append(b, '-')
	}
	b = append(b, '=')
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(m.Text); i++ {
		c := m.Text[i]
		if c > ' ' && c < 0x7f && c != '%' {
			b = append(b, c)
			continue
		}
		b = append(b, '%', hex[c>>4], hex[c&15])
	}
	return b
}

// ErrMalformed is wrapped by every decoding error.
var ErrMalformed = errors.New("malformed reply")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

// ParseMemory decodes a memory field written by AppendMemory.
func ParseMemory(f string) (Memory, error) {
	if f == "-" {
		return Memory{}, nil
	}
	rest, ok := strings.CutPrefix(f, "=")
	if !ok {
		return Memory{}, malformed("memory %q: want - or =TEXT", clip(f))
	}
	if !strings.Contains(rest, "%") {
		return Memory{Text: rest, Valid: true}, nil
	}
	b := make([]byte, 0, len(rest))
	for i := 0; i < len(rest); i++ {
		if rest[i] != '%' {
			b = append(b, rest[i])
			continue
		}
		if i+2 >= len(rest) {
			return Memory{}, malformed("memory: %% at byte %d needs two hex digits", i+1)
		}
		hi, ok1 := unhex(rest[i+1])
		lo, ok2 := unhex(rest[i+2])
		if !ok1 || !ok2 {
			return Memory{}, malformed("memory: %q at byte %d is not %%XX", rest[i:i+3], i+1)
		}
		b = append(b, hi<<4|lo)
		i += 2
	}
	return Memory{Text: string(b), Valid: true}, nil
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// Chars returns the length of a memory in characters, as the framework
// counts a String: Unicode code points (a byte that is not UTF-8 counts as
// one).
func (m Memory) Chars() int { return utf8.RuneCountInString(m.Text) }

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// fields splits a reply line on single spaces; it rejects empty fields so
// that a stray space is reported rather than guessed around.
func fields(line string, kind string, want int) ([]string, error) {
	f := strings.Split(line, " ")
	if len(f) != want {
		return nil, malformed("%s reply %q: want %d fields separated by single spaces, got %d", kind, clip(line), want, len(f))
	}
	for i, s := range f {
		if s == "" {
			return nil, malformed("%s reply %q: field %d is empty", kind, clip(line), i+1)
		}
	}
	return f, nil
}

// ParsePick decodes a reply to pick: "stock MEMORY" or "discard MEMORY".
func ParsePick(line string) (gin.Pile, Memory, error) {
	f, err := fields(line, "pick", 2)
	if err != nil {
		return 0, Memory{}, err
	}
	var p gin.Pile
	switch f[0] {
	case "stock":
		p = gin.StockPile
	case "discard":
		p = gin.DiscardPile
	default:
		return 0, Memory{}, malformed("pick reply: %q is not stock or discard", clip(f[0]))
	}
	m, err := replyMemory(f[1])
	return p, m, err
}

// replyMemory decodes the memory a player returns, which is never none.
func replyMemory(f string) (Memory, error) {
	if f == "-" {
		return Memory{}, malformed("memory: a reply must return a memory (=TEXT), not -")
	}
	return ParseMemory(f)
}

// ParsePlay decodes a reply to play: "gin|knock|drop CARD MEMORY".
func ParsePlay(line string) (gin.Card, gin.Call, Memory, error) {
	f, err := fields(line, "play", 3)
	if err != nil {
		return 0, 0, Memory{}, err
	}
	var call gin.Call
	switch f[0] {
	case "gin":
		call = gin.Gin
	case "knock":
		call = gin.Knock
	case "drop":
		call = gin.Drop
	default:
		return 0, 0, Memory{}, malformed("play reply: %q is not gin, knock or drop", clip(f[0]))
	}
	c, err := gin.ParseCard(f[1])
	if err != nil {
		return 0, 0, Memory{}, malformed("play reply: %v", err)
	}
	m, err := replyMemory(f[2])
	return c, call, m, err
}

// ParseMelds decodes a reply to melds: "melds GROUP..." where a GROUP is
// one card (deadwood) or three to five cards (a meld). It returns the
// groups of two cards or more as melds; whether they are valid melds of the
// hand is the rules engine's to say. It checks that the groups cover hand
// exactly, each card once, as the server did.
func ParseMelds(line string, hand []gin.Card) ([]gin.Meld, error) {
	f := strings.Split(line, " ")
	if f[0] != "melds" {
		return nil, malformed("melds reply %q: want melds GROUP...", clip(line))
	}
	want := gin.HandOf(hand...)
	var seen gin.Hand
	var melds []gin.Meld
	for _, g := range f[1:] {
		var m gin.Hand
		n := 0
		for _, s := range strings.Split(g, ";") {
			c, err := gin.ParseCard(s)
			if err != nil {
				return nil, malformed("melds reply: group %q: %v", clip(g), err)
			}
			if seen.Has(c) {
				return nil, &DeclarationError{fmt.Sprintf("%s declared twice", c)}
			}
			if !want.Has(c) {
				return nil, &DeclarationError{fmt.Sprintf("%s is not in the hand", c)}
			}
			seen, m = seen.Add(c), m.Add(c)
			n++
		}
		if n == 2 || n > 5 {
			return nil, &DeclarationError{fmt.Sprintf("group %s has %d cards: a meld has 3 to 5, deadwood 1", g, n)}
		}
		if n > 1 {
			melds = append(melds, gin.Meld(m))
		}
	}
	if missing := want &^ seen; missing != 0 {
		return nil, &DeclarationError{fmt.Sprintf("%s not declared, neither in a meld nor as deadwood", missing)}
	}
	return melds, nil
}

// DeclarationError is a melds reply that does not cover the hand exactly.
type DeclarationError struct{ Msg string }

func (e *DeclarationError) Error() string { return e.Msg }
