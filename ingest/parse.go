package ingest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/logfile"
)

// File is what ingest records of a file.
type File struct {
	Name   string
	SHA256 string
	Bytes  int
}

// Game is a Gin game as ingest loads it: its pair's files, and what
// gin/logs read of them. A game with Errors is rejected whole.
type Game struct {
	TS            int64
	Turns, Scores File
	ginlogs.Game
}

// parseGame reads both files of a pair and has gin/logs check them.
func parseGame(p *pair) *Game {
	g := &Game{TS: p.ts}
	if len(p.others) > 0 {
		g.Turns, g.Scores = nameOnly(p.turns), nameOnly(p.scores)
		g.Errors = duplicates(p)
		return g
	}
	if p.turns == nil || p.scores == nil {
		have, want := p.turns, "score file "+p.partner
		if have == nil {
			have, want = p.scores, "turn file "+p.partner
		}
		data, err := have.read()
		g.Turns = fileInfo(have.name, data)
		if err != nil {
			g.Errors = append(g.Errors, readFailure(have.name, err))
		}
		g.Errors = append(g.Errors, &logfile.FileError{File: have.name, Code: CodeMissingPartner, Msg: "no " + want + " beside it"})
		return g
	}
	turns, err1 := p.turns.read()
	scores, err2 := p.scores.read()
	g.Turns = fileInfo(p.turns.name, turns)
	g.Scores = fileInfo(p.scores.name, scores)
	for _, e := range []struct {
		name string
		err  error
	}{{p.turns.name, err1}, {p.scores.name, err2}} {
		if e.err != nil {
			g.Errors = append(g.Errors, readFailure(e.name, e.err))
		}
	}
	if len(g.Errors) > 0 {
		return g
	}
	g.Game = ginlogs.Parse(p.turns.name, turns, p.scores.name, scores)
	return g
}

// nameOnly records a file of a game that was not read.
func nameOnly(s *source) File {
	if s == nil {
		return File{}
	}
	return fileInfo(s.name, nil)
}

// duplicates reports every file of a game whose turn or score file is
// named twice: each is named, and none is read.
func duplicates(p *pair) []*logfile.FileError {
	var errs []*logfile.FileError
	for _, slot := range []*source{p.turns, p.scores} {
		if slot == nil {
			continue
		}
		same := []*source{slot}
		for _, o := range p.others {
			if isScore(o.name) == isScore(slot.name) {
				same = append(same, o)
			}
		}
		if len(same) == 1 {
			continue
		}
		for _, s := range same {
			var others []string
			for _, o := range same {
				if o == s {
					continue
				}
				if o.entry > 0 && o.name == s.name {
					others = append(others, fmt.Sprintf("entry %d", o.entry))
				} else {
					others = append(others, o.name)
				}
			}
			what := "this file"
			if s.entry > 0 {
				what = fmt.Sprintf("entry %d of the archive", s.entry)
			}
			errs = append(errs, &logfile.FileError{File: s.name, Code: CodeDuplicateName,
				Msg: fmt.Sprintf("%s and %s name the same file of game %d: none is read", what, strings.Join(others, " and "), p.ts)})
		}
	}
	return errs
}

func fileInfo(name string, b []byte) File {
	sum := sha256.Sum256(b)
	return File{Name: name, SHA256: hex.EncodeToString(sum[:]), Bytes: len(b)}
}
