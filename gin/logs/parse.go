package logs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/logfile"
)

// Play is one row of a turn file.
type Play struct {
	Line      int32 // the row's line in the turn file
	Round     int16
	Seat      gin.Seat // the actor: column 3, 1 for gin.You
	Hand      [gin.HandSize]gin.Card
	Top       gin.Card
	Drawn     gin.Card
	Discarded gin.Card
}

// Score is one row of a score file.
type Score struct {
	Line     int32
	Round    int16
	You, Opp int16 // points scored in the round
	Action   gin.Call
	Caller   gin.Seat // column 5, 1 for gin.You
}

// Game is a game's turn file and score file, parsed. A game with Errors
// is rejected whole: its hashes are then empty, and its Plays and Rounds
// only the sound rows.
type Game struct {
	Plays         []Play
	Rounds        []Score
	ContentHash   string // over the parsed rows, as logged
	CanonicalHash string // the same for the game as logged by either player
	Errors        []*logfile.FileError
}

// Parse reads and checks a game's two files, the turn file turns and the
// score file scores, whose names its errors give: every row and both
// files' rounds. It does not check the rules of play (gin/replay does).
func Parse(turnsName string, turns []byte, scoresName string, scores []byte) Game {
	var g Game
	t := &fileParser{logfile.Reader{File: turnsName, MaxLine: MaxLine}}
	g.Plays = t.turns(turns)
	s := &fileParser{logfile.Reader{File: scoresName, MaxLine: MaxLine}}
	g.Rounds = s.scores(scores)
	g.Errors = append(t.Errors, s.Errors...)
	if len(g.Errors) == 0 {
		g.Errors = matchRounds(&g, turnsName, scoresName)
	}
	if len(g.Errors) == 0 {
		g.ContentHash, g.CanonicalHash = hashes(&g)
	}
	return g
}

// matchRounds checks that both files hold rounds 1..n.
func matchRounds(g *Game, turnsName, scoresName string) []*logfile.FileError {
	turnRounds := int(g.Plays[len(g.Plays)-1].Round)
	switch {
	case len(g.Rounds) < turnRounds:
		for _, pl := range g.Plays {
			if int(pl.Round) == len(g.Rounds)+1 {
				return []*logfile.FileError{{File: turnsName, Line: int(pl.Line), Column: 1, Code: CodeRoundMismatch,
					Msg: fmt.Sprintf("round %d has plays but no row in the score file", pl.Round)}}
			}
		}
	case len(g.Rounds) > turnRounds:
		s := g.Rounds[turnRounds]
		return []*logfile.FileError{{File: scoresName, Line: int(s.Line), Column: 1, Code: CodeRoundMismatch,
			Msg: fmt.Sprintf("round %d has a score but no plays in the turn file", s.Round)}}
	}
	return nil
}

// fileParser reads the lines of one file and collects its errors.
type fileParser struct {
	logfile.Reader
}

// field is a comma-separated field and its 1-based column.
type field struct {
	text []byte
	col  int
}

// split splits a line on commas into at most len(buf) fields and returns
// the number of fields found.
func split(line []byte, buf []field) int {
	n, start := 0, 0
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ',' {
			if n < len(buf) {
				buf[n] = field{line[start:i], start + 1}
			}
			n++
			start = i + 1
		}
	}
	return n
}

func (f *fileParser) card(line int, fd field, what string) (gin.Card, bool) {
	c, ok := gin.DecodeCard(fd.text)
	if !ok {
		f.Fail(line, fd.col, CodeBadCard, "%s %q is not a card (suit S, C, D or H, then A, 2-10, J, Q or K)", what, fd.text)
	}
	return c, ok
}

// number parses a non-negative decimal integer of at most 5 digits.
func number(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 5 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func (f *fileParser) flag(line int, fd field, what string) (gin.Seat, bool) {
	s, ok := gin.SeatOfFlag(fd.text)
	if !ok {
		f.Fail(line, fd.col, CodeBadFlag, "%s %q: want 0 or 1", what, fd.text)
	}
	return s, ok
}

// round parses a round number and checks it continues the sequence: the
// same as last or one more (turns), or exactly next (scores).
func (f *fileParser) round(line int, fd field, last int, repeat bool) (int, bool) {
	r, ok := number(fd.text)
	if !ok || r == 0 {
		f.Fail(line, fd.col, CodeBadRound, "round %q is not a positive integer", fd.text)
		return 0, false
	}
	if r > MaxRounds {
		f.Fail(line, fd.col, CodeTooManyRounds, "round %d: a game may have at most %d rounds", r, MaxRounds)
		return 0, false
	}
	if r == last+1 || (repeat && r == last && last > 0) {
		return r, true
	}
	want := fmt.Sprint(last + 1)
	if repeat && last > 0 {
		want = fmt.Sprintf("%d or %d", last, last+1)
	}
	f.Fail(line, fd.col, CodeRoundOrder, "round %d out of order: want %s", r, want)
	return 0, false
}

// turns parses a turn file: round, hand, flag, top, drawn, discarded.
func (f *fileParser) turns(data []byte) []Play {
	plays := make([]Play, 0, len(data)/48)
	last, inRound := 0, 0 // the round of the last row, and its plays so far
	var buf [6]field
	var hand [12]field
	f.EachLine(data, func(line int, text []byte) {
		if n := split(text, buf[:]); n != 6 {
			f.Fail(line, 0, CodeFieldCount, "%d fields, want 6: round,hand,player,top,drawn,discarded", n)
			return
		}
		p := Play{Line: int32(line)}
		ok := true
		r, rok := f.round(line, buf[0], last, true)
		if rok {
			if r != last {
				inRound = 0
			}
			last = r
			if inRound++; inRound == MaxPlaysPerRound+1 {
				f.Fail(line, buf[0].col, CodeTooManyPlays, "round %d has more than %d plays, the most a round may have", r, MaxPlaysPerRound)
			}
		}
		p.Round = int16(r)
		hf := buf[1]
		cards := splitHand(hf, hand[:])
		var seen gin.Hand
		for i := 0; i < min(cards, len(hand)); i++ {
			c, cok := f.card(line, hand[i], "hand card")
			if !cok {
				ok = false
				continue
			}
			if seen.Has(c) {
				f.Fail(line, hand[i].col, CodeDuplicateCard, "%s appears twice in the hand", c)
				ok = false
			}
			seen = seen.Add(c)
			if i < gin.HandSize {
				p.Hand[i] = c
			}
		}
		if cards != gin.HandSize {
			f.Fail(line, hf.col, CodeHandSize, "hand of %d cards, want 10", cards)
			ok = false
		}
		var fok, c1, c2, c3 bool
		p.Seat, fok = f.flag(line, buf[2], "player flag")
		p.Top, c1 = f.card(line, buf[3], "top of the discard pile")
		p.Drawn, c2 = f.card(line, buf[4], "drawn card")
		p.Discarded, c3 = f.card(line, buf[5], "discarded card")
		if ok && rok && fok && c1 && c2 && c3 {
			plays = append(plays, p)
		}
	})
	return plays
}

// splitHand splits a hand field on ';' into buf and returns how many cards
// it has (which may exceed len(buf)).
func splitHand(fd field, buf []field) int {
	n, start := 0, 0
	for i := 0; i <= len(fd.text); i++ {
		if i == len(fd.text) || fd.text[i] == ';' {
			if n < len(buf) {
				buf[n] = field{fd.text[start:i], fd.col + start}
			}
			n++
			start = i + 1
		}
	}
	return n
}

// scores parses a score file: round, your points, the opponent's points,
// action, caller flag.
func (f *fileParser) scores(data []byte) []Score {
	var out []Score
	last := 0
	var buf [5]field
	f.EachLine(data, func(line int, text []byte) {
		if n := split(text, buf[:]); n != 5 {
			f.Fail(line, 0, CodeFieldCount, "%d fields, want 5: round,your points,opponent points,action,caller", n)
			return
		}
		s := Score{Line: int32(line)}
		r, rok := f.round(line, buf[0], last, false)
		if rok {
			last = r
		}
		s.Round = int16(r)
		you, yok := f.points(line, buf[1])
		opp, ook := f.points(line, buf[2])
		s.You, s.Opp = int16(you), int16(opp)
		switch {
		case yok && ook && you > 0 && opp > 0:
			f.Fail(line, buf[1].col, CodeBothScored, "both sides scored (%d and %d): one side scores per round", you, opp)
			yok = false
		case yok && ook && you == 0 && opp == 0:
			f.Fail(line, buf[1].col, CodeNoScore, "neither side scored: one side scores per round")
			yok = false
		}
		call, err := gin.ParseCall(string(buf[3].text))
		if err != nil {
			f.Fail(line, buf[3].col, CodeBadAction, "action %q: want Gin, Knock or Drop", buf[3].text)
		}
		s.Action = call
		var fok bool
		s.Caller, fok = f.flag(line, buf[4], "caller flag")
		if rok && yok && ook && err == nil && fok {
			out = append(out, s)
		}
	})
	return out
}

func (f *fileParser) points(line int, fd field) (int, bool) {
	n, ok := number(fd.text)
	if !ok || n > 1000 {
		f.Fail(line, fd.col, CodeBadPoints, "points %q: want an integer from 0 to 1000", fd.text)
	}
	return n, ok && n <= 1000
}

// hashes returns the game's content hash (its rows as logged) and its
// canonical hash (the smaller of that and the hash of the rows as the other
// player would have logged them: flags inverted, points swapped).
func hashes(g *Game) (content, canonical string) {
	a, b := sha256.New(), sha256.New()
	var row [2][16]byte
	for i := range g.Plays {
		playRow(&row[0], &g.Plays[i], false)
		playRow(&row[1], &g.Plays[i], true)
		a.Write(row[0][:])
		b.Write(row[1][:])
	}
	for i := range g.Rounds {
		scoreRow(a, &g.Rounds[i], false)
		scoreRow(b, &g.Rounds[i], true)
	}
	ha, hb := hex.EncodeToString(a.Sum(nil)), hex.EncodeToString(b.Sum(nil))
	return ha, min(ha, hb)
}

// PrefixHash returns the content hash of the game made of the first plays
// rows of g's turn file and the first rounds rows of its score file: it
// equals another game's ContentHash exactly when that game's rows are
// those, so that a game whose files were read before they were whole (a
// prefix of g) is recognised without its rows. plays and rounds are
// clamped to g's.
func PrefixHash(g *Game, plays, rounds int) string {
	h := sha256.New()
	var row [16]byte
	for i := range min(max(plays, 0), len(g.Plays)) {
		playRow(&row, &g.Plays[i], false)
		h.Write(row[:])
	}
	for i := range min(max(rounds, 0), len(g.Rounds)) {
		scoreRow(h, &g.Rounds[i], false)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// playRow encodes a play as the hashes read it, as logged or, flipped, as
// the other player would have logged it.
func playRow(r *[16]byte, p *Play, flip bool) {
	r[0], r[1] = byte(p.Round), byte(p.Round>>8)
	r[2] = b2i((p.Seat == gin.You) != flip)
	for i, c := range p.Hand {
		r[3+i] = byte(c)
	}
	r[13], r[14], r[15] = byte(p.Top), byte(p.Drawn), byte(p.Discarded)
}

// scoreRow writes a round's score as the hashes read it, as logged or,
// flipped, as the other player would have logged it.
func scoreRow(h io.Writer, s *Score, flip bool) {
	you, opp := s.You, s.Opp
	if flip {
		you, opp = opp, you
	}
	fmt.Fprintf(h, "|%d,%d,%d,%d,%d", s.Round, you, opp, s.Action, b2i((s.Caller == gin.You) != flip))
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}
