package logs

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/logfile"
)

// Version is the framework version that wrote a stamp's files: how it
// stamped them and ordered the cards of a trick. Persisted: do not reorder.
type Version uint8

// The versions.
const (
	VersionUnknown Version = iota // a stamp whose files could not be read
	ByPlayer                      // one stamp per game, tricks sorted by player id
	Earlier                       // one stamp per second, tricks sorted by the players' memories
)

func (v Version) String() string {
	if v > Earlier {
		return fmt.Sprintf("Version(%d)", uint8(v))
	}
	return [...]string{"unknown", "by-player", "earlier"}[v]
}

// Stamp is the files of one stamp in one group: the same hands as each
// player saw them.
type Stamp struct {
	Group   string
	Time    int64
	Players int
	Files   [hearts.MaxPlayers]*File // by pos; nil where the group has no file of that player
	All     []*File                  // every file of the stamp, sound or not, by player id
	Rows    int
	Version Version
	Errors  []*logfile.FileError
}

// Hand is one hand of a game, merged from the sibling files that log it.
type Hand struct {
	Stamp  *Stamp
	Row    int // the hand's index among the stamp's rows
	Cards  [gin.NumCards]gin.Card
	Score  [hearts.MaxPlayers]int
	Logged [hearts.MaxPlayers]bool
	First  int
}

// Locate returns the file that logs the hand for pos, or when the group has
// no file of pos the first one that logs it, and the hand's row in it.
func (h *Hand) Locate(pos int) (*File, *Row) {
	f := h.Stamp.Files[pos]
	for p := 0; f == nil && p < hearts.MaxPlayers; p++ {
		f = h.Stamp.Files[p]
	}
	return f, &f.Rows[h.Row]
}

// Game is a game: its hands in order and the files they come from. A game
// with Errors is rejected whole; its hands are what could be read.
type Game struct {
	Group   string
	Players int
	IDs     [hearts.MaxPlayers]string // player ids by pos; "" where the group has no file of that player
	Version Version
	Stamps  []*Stamp // an earlier-version stamp may hold the end of one game and the start of the next
	Hands   []Hand
	Errors  []*logfile.FileError
}

// Files returns the files the game comes from.
func (g *Game) Files() []*File {
	var out []*File
	for _, s := range g.Stamps {
		out = append(out, s.All...)
	}
	return out
}

// Group sorts parsed files into games: sibling files into stamps, stamps
// into games. Every file belongs to a game (a stamp holding the end of one
// earlier-version game and the start of the next belongs to both); a file
// with errors rejects its game, and no other.
func Group(files []*File) []*Game {
	slices.SortStableFunc(files, CompareFiles)
	var gr Grouper
	var games []*Game
	for i := 0; i < len(files); {
		j := i + 1
		for j < len(files) && SameStamp(files[i], files[j]) {
			j++
		}
		games = append(games, gr.Add(files[i:j])...)
		i = j
	}
	return append(games, gr.Flush()...)
}

// CompareFiles orders files as a Grouper takes them: by group, then stamp,
// then player; badly named files (no player) first in their group.
func CompareFiles(a, b *File) int {
	return cmp.Or(strings.Compare(a.Group, b.Group), cmp.Compare(a.Stamp, b.Stamp), strings.Compare(a.Player, b.Player))
}

// SameStamp reports whether two well-named files are views of one stamp:
// the same group and stamp.
func SameStamp(a, b *File) bool {
	return a.Player != "" && b.Player != "" && a.Group == b.Group && a.Stamp == b.Stamp
}

// Grouper groups files into games as Group does, one stamp at a time, so
// that a caller can stream any number of files through it: only the open
// earlier-version game is held. Give it the files of each stamp together,
// the stamps of a group in time order, one group after another.
type Grouper struct {
	c     chainer
	group string
}

// Add takes the files of one stamp of one group (or one badly named file)
// and returns the games that they complete.
func (gr *Grouper) Add(files []*File) []*Game {
	if len(files) == 0 {
		return nil
	}
	f := files[0]
	if f.Errors != nil && f.Player == "" {
		// Badly named: not part of any stamp.
		s := &Stamp{Group: f.Group, All: []*File{f}, Errors: f.Errors}
		return []*Game{{Group: f.Group, Stamps: []*Stamp{s}, Errors: f.Errors}}
	}
	if f.Group != gr.group {
		gr.c.flush()
		gr.group = f.Group
	}
	gr.c.add(merge(f.Group, f.Stamp, slices.Clone(files)))
	return gr.take()
}

// Flush returns the open game, if any: call it after the last stamp.
func (gr *Grouper) Flush() []*Game {
	gr.c.flush()
	return gr.take()
}

// take returns the games finished so far and forgets them.
func (gr *Grouper) take() []*Game {
	out := gr.c.games
	gr.c.games = nil
	return out
}

// merge checks the sibling files of one stamp against each other.
func merge(group string, t int64, files []*File) *Stamp {
	slices.SortFunc(files, func(a, b *File) int { return cmp.Compare(a.Player, b.Player) })
	s := &Stamp{Group: group, Time: t, All: files}
	for _, f := range files {
		s.Errors = append(s.Errors, f.Errors...)
	}
	if len(s.Errors) > 0 {
		return s
	}
	posCol := len(strconv.FormatInt(t, 10)) + 2
	ref := files[0]
	lastPos := -1
	for _, f := range files {
		fail := func(line, col int, code, format string, args ...any) {
			s.Errors = append(s.Errors, &logfile.FileError{File: f.Name, Line: line, Column: col, Code: code, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case f.Players != ref.Players:
			fail(1, int(f.Rows[0].CardCol[0]), CodeSiblingMismatch, "%d players, but %d in %s", f.Players, ref.Players, ref.Name)
			continue
		case s.Files[f.Pos] != nil:
			fail(1, posCol, CodeDuplicatePos, "pos %d, as in %s", f.Pos, s.Files[f.Pos].Name)
			continue
		case f.Pos < lastPos:
			fail(1, posCol, CodePosOrder, "pos %d for player %q, after pos %d for a player sorting before it", f.Pos, f.Player, lastPos)
		}
		lastPos = f.Pos
		s.Files[f.Pos] = f
		if f == ref {
			continue
		}
		if len(f.Rows) != len(ref.Rows) {
			k := min(len(f.Rows), len(ref.Rows))
			long, short := f, ref
			if len(ref.Rows) > len(f.Rows) {
				long, short = ref, f
			}
			s.Errors = append(s.Errors, &logfile.FileError{File: long.Name, Line: int(long.Rows[k].Line), Code: CodeSiblingMismatch,
				Msg: fmt.Sprintf("%d hands, but %d in %s", len(long.Rows), len(short.Rows), short.Name)})
			continue
		}
		for i := range f.Rows {
			a, b := &ref.Rows[i], &f.Rows[i]
			if a.First != b.First {
				fail(int(b.Line), firstCol(b), CodeSiblingMismatch, "first %d, but %d on line %d of %s", b.First, a.First, a.Line, ref.Name)
				break
			}
			if a.Cards != b.Cards {
				k := 0
				for a.Cards[k] == b.Cards[k] {
					k++
				}
				fail(int(b.Line), int(b.CardCol[k]), CodeSiblingMismatch, "trick %d: %v, but %v on line %d of %s",
					k/ref.Players+1, b.Cards[k], a.Cards[k], a.Line, ref.Name)
				break
			}
		}
	}
	if len(s.Errors) == 0 {
		s.Players, s.Rows = ref.Players, len(ref.Rows)
		s.Version = versionOf(s)
	}
	return s
}

// firstCol returns the column of a row's first field.
func firstCol(r *Row) int {
	return int(r.ScoreCol) + len(strconv.Itoa(int(r.Score))) + 1
}

// hand returns row i of a sound stamp as a hand.
func (s *Stamp) hand(i int) Hand {
	h := Hand{Stamp: s, Row: i}
	for pos, f := range s.Files {
		if f == nil {
			continue
		}
		r := &f.Rows[i]
		h.Cards, h.First = r.Cards, int(r.First)
		h.Score[pos], h.Logged[pos] = int(r.Score), true
	}
	return h
}

// ids returns the stamp's player ids by pos.
func (s *Stamp) ids() [hearts.MaxPlayers]string {
	var ids [hearts.MaxPlayers]string
	for pos, f := range s.Files {
		if f != nil {
			ids[pos] = f.Player
		}
	}
	return ids
}

// versionOf tells the versions apart. The later one's tricks read in
// player-id order explain the logged scores; the earlier one's almost never
// do (33 of 3,241 real hands), while they obey the rules by chance more
// often (573), so a rule broken in a later-version hand must not make it
// look earlier. A stamp is ByPlayer when the player-id reading explains the
// scores of most of its hands and obeys the rules in at least as many
// hands as the reverse play reading does.
func versionOf(s *Stamp) Version {
	scored, sound, reverse := 0, 0, 0
	for i := range s.Rows {
		h := s.hand(i)
		lh := byPlayer(&h, s.Players)
		hr := hearts.Judge(s.Players, &lh)
		if hr.Scored {
			scored++
		}
		if hr.Legal && hr.Scored {
			sound++
		}
		if rd := readReverse(&h, s.Players); rd.ok && rd.seatings != 0 {
			reverse++
		}
	}
	if 2*scored > s.Rows && sound >= reverse {
		return ByPlayer
	}
	return Earlier
}

// chainer cuts a group's stamps, in time order, into games.
type chainer struct {
	games   []*Game
	cur     *Game // the open earlier-version game, or nil
	last    int64 // the time of the last stamp added to cur
	totals  [hearts.MaxPlayers]int
	tainted bool // cur holds a stamp that could not be read: its end is unknown
}

func (c *chainer) flush() {
	if c.cur != nil {
		c.games = append(c.games, c.cur)
	}
	c.cur, c.totals, c.tainted = nil, [hearts.MaxPlayers]int{}, false
}

func (c *chainer) start(s *Stamp, v Version) {
	c.flush()
	c.cur = &Game{Group: s.Group, Players: s.Players, IDs: s.ids(), Version: v}
}

// joins reports whether stamp s continues the open game: one second or
// less after its last stamp, with the same players.
func (c *chainer) joins(s *Stamp) bool {
	if c.cur == nil || s.Time-c.last > 1 {
		return false
	}
	return len(s.Errors) > 0 || c.cur.Players == 0 || c.cur.Players == s.Players && c.cur.IDs == s.ids()
}

func (c *chainer) add(s *Stamp) {
	switch {
	case len(s.Errors) > 0:
		if !c.joins(s) {
			c.start(s, Earlier)
		}
		c.cur.Stamps = append(c.cur.Stamps, s)
		c.cur.Errors = append(c.cur.Errors, s.Errors...)
		c.tainted, c.last = true, s.Time
		return
	case s.Version == ByPlayer:
		c.flush()
		g := &Game{Group: s.Group, Players: s.Players, IDs: s.ids(), Version: ByPlayer, Stamps: []*Stamp{s}}
		for i := range s.Rows {
			g.Hands = append(g.Hands, s.hand(i))
		}
		c.games = append(c.games, g)
		return
	case !c.joins(s):
		c.start(s, Earlier)
	}
	c.cur.Stamps = append(c.cur.Stamps, s)
	c.last = s.Time
	if c.cur.Players == 0 { // a game opened by a stamp that could not be read
		c.cur.Players, c.cur.IDs = s.Players, s.ids()
	}
	n := s.Players
	for i := range s.Rows {
		h := s.hand(i)
		if c.cur == nil || len(c.cur.Hands) > 0 && h.First != c.cur.Hands[0].First {
			// A new game: the previous one ended by the rule, or first
			// changed (first is constant within a game).
			c.start(s, Earlier)
			c.cur.Stamps = append(c.cur.Stamps, s)
			c.last = s.Time
		}
		c.cur.Hands = append(c.cur.Hands, h)
		all := true
		for p := range n {
			c.totals[p] += h.Score[p]
			all = all && h.Logged[p]
		}
		if all && !c.tainted && hearts.GameOver(c.totals[:n], hearts.DefaultLimit) {
			c.flush()
		}
	}
}
