// Command heartsbot is a test bot for ginlog's Hearts line protocol. It
// plays a trivial legal strategy (the first card ginlog's rules allow, in
// the deck's order) knowing only what the 2019 framework told a player:
// whether hearts are broken it keeps in its memory, "CALLS;BROKEN", from
// the previous tricks the requests show it. It checks that ginlog hands
// back the memory it returned, and none on a hand's first trick. Its
// argument picks one way of breaking the rules instead, at the first
// chance from the third trick of a hand on (the first trick for lead and
// bleed), for the tests of each violation.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/players/external"
)

func main() {
	mode := "good"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) {
		out.WriteString(s)
		out.WriteByte('\n')
		out.Flush()
	}
	hello, err := in.ReadString('\n')
	if err != nil {
		os.Exit(0)
	}
	say(strings.TrimSpace(hello))
	last := ""
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return // ginlog closed our input: the match is over
		}
		r, err := external.ParseHeartsRequest(strings.TrimSuffix(line, "\n"))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(4)
		}
		calls, broken := 1, false
		switch {
		case r.Previous == nil && r.Memory.Valid:
			fmt.Fprintf(os.Stderr, "a memory %q on a hand's first trick\n", r.Memory.Text)
			os.Exit(3)
		case r.Previous != nil && (!r.Memory.Valid || r.Memory.Text != last):
			fmt.Fprintf(os.Stderr, "memory %+v, want %q\n", r.Memory, last)
			os.Exit(3)
		case r.Previous != nil:
			c, b, _ := strings.Cut(r.Memory.Text, ";")
			calls, _ = strconv.Atoi(c)
			calls++
			broken = b == "1"
		}
		for _, p := range r.Previous {
			broken = broken || p.Card.Suit() == gin.Hearts
		}
		last = strconv.Itoa(calls) + ";" + map[bool]string{false: "0", true: "1"}[broken]
		memory := string(external.AppendMemory(nil, external.Memory{Text: last, Valid: true}))
		card, reply := choose(mode, r, calls, broken)
		switch reply {
		case "":
			say(card.String() + " " + memory)
		case "slow":
			time.Sleep(1500 * time.Millisecond)
			say(card.String() + " " + memory)
		case "crash":
			fmt.Fprintln(os.Stderr, "boom: no card to play")
			os.Exit(2)
		case "memory":
			say(card.String() + " =" + strings.Repeat("m", 10001))
		case "nothing":
			say("")
		default:
			say(reply)
		}
	}
}

// choose returns the bot's card, and the reply of a mode breaking the
// protocol instead ("slow", "crash", "memory" and "nothing" ask main to
// act), at the bot's call calls of the hand.
func choose(mode string, r *external.HeartsRequest, calls int, broken bool) (gin.Card, string) {
	held := gin.HandOf(r.Hand...)
	s := hearts.Situation{Held: held, First: r.Previous == nil, Broken: broken, Leads: len(r.Trick) == 0}
	if !s.Leads {
		s.Led = r.Trick[0].Card.Suit()
	}
	legal := hearts.Legal(s).Cards()[0]
	if calls < 3 && mode != "lead" && mode != "bleed" {
		return legal, ""
	}
	switch mode {
	case "garbage":
		return legal, "Queen of spades, please"
	case "slow", "crash", "memory", "nothing":
		return legal, mode
	case "not-held":
		if !s.Leads {
			return r.Trick[0].Card, "" // the led card: another player's
		}
		return (gin.FullDeck &^ held &^ hearts.HeartCards).Cards()[0], ""
	case "lead", "bleed", "renege", "break":
		if c, ok := breaking(mode, s); ok {
			return c, ""
		}
	}
	return legal, ""
}

// breaking returns a card that breaks the rule of mode in situation s, if
// one does.
func breaking(mode string, s hearts.Situation) (gin.Card, bool) {
	var pick gin.Hand
	switch {
	case mode == "lead" && s.First && s.Leads:
		pick = s.Held &^ gin.HandOf(hearts.TwoOfClubs)
	case mode == "bleed" && s.First && !s.Leads && s.Held&^hearts.PointCards != 0:
		pick = s.Held & hearts.PointCards
	case mode == "renege" && !s.First && !s.Leads && s.Held&hearts.SuitCards(s.Led) != 0:
		pick = s.Held &^ hearts.SuitCards(s.Led)
	case mode == "break" && !s.First && s.Leads && !s.Broken && s.Held&^hearts.HeartCards != 0:
		pick = s.Held & hearts.HeartCards
	}
	if pick == 0 {
		return 0, false
	}
	return pick.Cards()[0], true
}
