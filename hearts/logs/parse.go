package logs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/logfile"
)

// File is one parsed log file: one player's view of the hands written
// under one stamp. A file with Errors contributes no hand.
type File struct {
	Name    string // the path given, slash-separated
	Group   string // the folder that holds the players' folders
	Player  string // the player's folder, which is the player's id
	Stamp   int64
	SHA256  string
	Bytes   int
	Players int // 2 or 4, from the tricks
	Pos     int // this player's index among the game's sorted player ids
	Rows    []Row
	Errors  []*logfile.FileError
}

// Row is one hand as one file logs it.
type Row struct {
	Line     int32
	Score    int16
	First    int8
	ScoreCol uint16
	Cards    [gin.NumCards]gin.Card // the tricks in order, each trick's cards in the log's order
	CardCol  [gin.NumCards]uint16   // the column of each card
}

// SplitName splits a log file's path, [group/]player/stamp.csv, into its
// parts. It reports false for any other name.
func SplitName(name string) (group, player string, stamp int64, ok bool) {
	dir, base := path.Split(name)
	digits, isCSV := strings.CutSuffix(base, ".csv")
	if !isCSV || len(digits) == 0 || len(digits) > 18 || strings.Trim(digits, "0123456789") != "" {
		return "", "", 0, false
	}
	stamp, err := strconv.ParseInt(digits, 10, 64)
	dir = strings.TrimSuffix(dir, "/")
	if err != nil || dir == "" {
		return "", "", 0, false
	}
	group, player = path.Split(dir)
	return strings.TrimSuffix(group, "/"), player, stamp, true
}

// ParseFile parses one log file. Every defect is reported in the returned
// file's Errors, located; a file with errors keeps no rows.
func ParseFile(name string, data []byte) *File {
	sum := sha256.Sum256(data)
	f := &File{Name: name, SHA256: hex.EncodeToString(sum[:]), Bytes: len(data), Pos: -1}
	p := &fileParser{Reader: logfile.Reader{File: name, MaxLine: MaxLine}}
	var ok bool
	f.Group, f.Player, f.Stamp, ok = SplitName(name)
	if !ok {
		p.Fail(0, 0, CodeBadName, "want <player folder>/<unix time>.csv")
		f.Errors = p.Errors
		return f
	}
	p.stamp = f.Stamp
	f.Rows = make([]Row, 0, bytes.Count(data, []byte("\n"))+1)
	p.EachLine(data, func(line int, text []byte) {
		var r Row
		if p.row(line, text, &r, f) {
			f.Rows = append(f.Rows, r)
		}
	})
	if len(p.Errors) > 0 {
		f.Rows = nil
	}
	f.Errors = p.Errors
	return f
}

// fileParser reads the lines of one file and collects its errors.
type fileParser struct {
	logfile.Reader
	stamp int64
}

// number parses a non-negative decimal integer of at most 18 digits.
func number(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// row parses one line: time,pos,score,first,"tricks". It reports whether
// the row is sound; f.Players and f.Pos are set from the first sound row.
func (p *fileParser) row(line int, text []byte, r *Row, f *File) bool {
	r.Line = int32(line)
	// The tricks are the one quoted field, after four plain ones.
	q := bytes.IndexByte(text, '"')
	if q < 0 {
		if n := bytes.Count(text, []byte(",")) + 1; n < 5 {
			p.Fail(line, 0, CodeFieldCount, "%d fields, want 5: time,pos,score,first,\"tricks\"", n)
		} else {
			p.Fail(line, 0, CodeBadQuote, "the tricks must be one field in double quotes")
		}
		return false
	}
	head, rest := text[:q], text[q:]
	if len(head) == 0 || head[len(head)-1] != ',' || bytes.Count(head, []byte(",")) != 4 {
		p.Fail(line, 0, CodeFieldCount, "%d fields before the tricks, want 4: time,pos,score,first", bytes.Count(head, []byte(",")))
		return false
	}
	if len(rest) < 2 || rest[len(rest)-1] != '"' || bytes.Count(rest, []byte(`"`)) != 2 {
		p.Fail(line, q+1, CodeBadQuote, "the tricks must be one field in double quotes")
		return false
	}
	var fields [4][]byte
	var cols [4]int
	for i, col := 0, 1; i < len(fields); i++ {
		j := bytes.IndexByte(head, ',')
		fields[i], cols[i] = head[:j], col
		head, col = head[j+1:], col+j+1
	}
	col := q + 1
	ok := p.tricks(line, rest[1:len(rest)-1], col+1, r, f)
	var nums [4]int64
	names := [4]string{"time", "pos", "score", "first"}
	for i, fd := range fields {
		n, good := number(fd)
		if !good {
			p.Fail(line, cols[i], CodeBadNumber, "%s %q is not a non-negative integer", names[i], fd)
			ok = false
		}
		nums[i] = n
	}
	if !ok {
		return false
	}
	switch {
	case nums[0] != p.stamp:
		p.Fail(line, cols[0], CodeTimeMismatch, "time %d is not the file's stamp %d", nums[0], p.stamp)
		ok = false
	case nums[1] >= int64(f.Players):
		p.Fail(line, cols[1], CodeBadPos, "pos %d in a game of %d players", nums[1], f.Players)
		ok = false
	case f.Pos >= 0 && nums[1] != int64(f.Pos):
		p.Fail(line, cols[1], CodeBadPos, "pos %d, but %d on the rows before", nums[1], f.Pos)
		ok = false
	}
	if nums[2] > hearts.MoonPoints {
		p.Fail(line, cols[2], CodeBadScore, "score %d: a hand scores at most %d", nums[2], hearts.MoonPoints)
		ok = false
	}
	if nums[3] >= int64(f.Players) {
		p.Fail(line, cols[3], CodeBadFirst, "first %d in a game of %d players", nums[3], f.Players)
		ok = false
	}
	if !ok {
		return false
	}
	f.Pos = int(nums[1])
	r.Score, r.First, r.ScoreCol = int16(nums[2]), int8(nums[3]), uint16(cols[2])
	return true
}

// tricks parses the tricks field (without its quotes), which starts at
// column col, into r.Cards. The first sound row fixes f.Players.
func (p *fileParser) tricks(line int, b []byte, col int, r *Row, f *File) bool {
	var seen gin.Hand
	ok := true
	card, size, tricks := 0, 0, 1
	want := f.Players
	start, trickAt := 0, col
	for i := 0; i <= len(b); i++ {
		if i < len(b) && b[i] != ',' && b[i] != ';' {
			continue
		}
		tok, at := b[start:i], col+start
		c, good := gin.DecodeCard(tok)
		switch {
		case !good:
			p.Fail(line, at, CodeBadCard, "%q is not a card (suit S, C, D or H, then 2-10, J, Q, K or A)", tok)
			ok = false
		case seen.Has(c):
			p.Fail(line, at, CodeDuplicateCard, "%v appears twice in the hand", c)
			ok = false
		case card < gin.NumCards:
			r.Cards[card], r.CardCol[card] = c, uint16(at)
		}
		if good {
			seen = seen.Add(c)
		}
		card++
		size++
		if i == len(b) || b[i] == ';' {
			if want == 0 && tricks == 1 {
				want = size
			}
			if size != want || !hearts.ValidPlayers(size) {
				p.Fail(line, trickAt, CodeTrickSize, "trick %d has %d cards, want %s", tricks, size, trickSizes(want))
				return false
			}
			if i < len(b) {
				tricks++
				trickAt = col + i + 1
			}
			size = 0
		}
		start = i + 1
	}
	if card != gin.NumCards {
		p.Fail(line, col, CodeTrickCount, "%d tricks of %d cards: want all 52 cards", tricks, want)
		return false
	}
	if ok && f.Players == 0 {
		f.Players = want
	}
	return ok
}

func trickSizes(want int) string {
	if hearts.ValidPlayers(want) {
		return fmt.Sprint(want, " as the first trick")
	}
	return "2 or 4"
}
