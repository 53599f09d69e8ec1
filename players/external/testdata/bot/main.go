// Command bot is a test bot for ginlog's line protocol. It plays a trivial
// legal strategy (draw from the stock, discard the first card of its hand,
// never call, declare every card as deadwood) and checks that ginlog hands
// back the memory it returned. It counts its calls from the start of each
// game, which it knows by the absent memory. Its argument picks one way of breaking the
// rules instead, for the tests of each violation, or leaves a child behind
// (orphan in its process group; escape and escape-hang in a session of
// its own, made by setsid(1), the bot then playing on or hanging).
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
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
	if mode == "bad-hello" {
		say("ginlog-protocol 2")
	} else {
		say(strings.TrimSpace(hello))
	}
	calls := 0
	last := ""
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return // ginlog closed our input: the match is over
		}
		calls++
		f := strings.Fields(line)
		kind := f[0]
		mem := memoryOf(kind, f)
		if mem == "-" {
			calls = 1 // a new game: each mode breaks the rules at the same call of every game
		}
		// The memory ginlog passes must be the one returned last, or
		// none at the start of a game.
		if mem != "-" && mem != last {
			fmt.Fprintf(os.Stderr, "memory %q, want %q\n", mem, last)
			os.Exit(3)
		}
		next := "=n" + strconv.Itoa(calls)
		switch mode {
		case "odd-memory":
			next = "=a%20b%25c%0A%C3%A9" + strconv.Itoa(calls)
		case "deaf":
			next = "=" + strings.Repeat("%E2%82%AC", 10000) // 90,000 bytes a request
		}
		if kind != "melds" {
			last = next // melds returns no memory
		}
		hand := strings.Split(f[len(f)-1], ";")
		switch {
		case mode == "hang" && calls == 3:
			time.Sleep(time.Hour)
		case mode == "orphan" && calls == 3:
			exec.Command("sleep", "3600").Start()
			time.Sleep(time.Hour)
		case strings.HasPrefix(mode, "escape") && calls == 3:
			// A child in a session of its own, out of the bot's process
			// group: its pid on stderr, for the test to look for.
			child := exec.Command("setsid", "sleep", "3600")
			if err := child.Start(); err != nil {
				fmt.Fprintln(os.Stderr, "setsid:", err)
				os.Exit(5)
			}
			fmt.Fprintf(os.Stderr, "escaped %d\n", child.Process.Pid)
			if mode == "escape-hang" {
				time.Sleep(time.Hour)
			}
		case mode == "slow" && calls == 3:
			time.Sleep(1500 * time.Millisecond)
		case mode == "crash" && calls == 3:
			fmt.Fprintln(os.Stderr, "boom: index out of range")
			os.Exit(2)
		case mode == "garbage" && calls == 3:
			say("Discard, please")
			continue
		case mode == "huge" && calls == 3:
			out.WriteString(strings.Repeat("x", 1<<20))
			say("")
			continue
		case mode == "memory" && calls == 3:
			say("stock =" + strings.Repeat("m", 10001))
			continue
		case mode == "flood" && calls == 3:
			line := strings.Repeat("f", 1023) + "\n"
			for range 3 << 10 { // 3 MiB
				os.Stderr.WriteString(line)
			}
		case mode == "chatty" && calls == 3:
			fmt.Fprintln(os.Stderr, "thinking about", f[1])
		}
		switch kind {
		case "pick":
			say("stock " + next)
		case "play":
			drawn := f[1]
			discard, act := hand[0], "drop"
			switch mode {
			case "discard-drawn":
				discard = drawn
			case "not-held":
				discard = notIn(append(hand, drawn, f[0]))
			case "early-call":
				act = "knock"
			case "bad-knock":
				if calls > 8 {
					act = "knock"
				}
			}
			say(act + " " + discard + " " + next)
		case "melds":
			if mode == "bad-melds" {
				hand = hand[1:]
			}
			say("melds " + strings.Join(hand, " "))
		default:
			fmt.Fprintf(os.Stderr, "unknown request %q\n", line)
			os.Exit(4)
		}
		if mode == "deaf" && calls == 3 {
			time.Sleep(time.Hour) // read nothing more: ginlog's next request fills the pipe
		}
	}
}

// memoryOf returns the memory field of a request.
func memoryOf(kind string, f []string) string {
	switch kind {
	case "pick", "play":
		return f[4]
	}
	return f[3]
}

// notIn returns a card that is none of cards.
func notIn(cards []string) string {
	for _, s := range []string{"S", "C", "D", "H"} {
		for _, r := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			c := s + r
			found := false
			for _, x := range cards {
				found = found || x == c
			}
			if !found {
				return c
			}
		}
	}
	return "SA"
}
