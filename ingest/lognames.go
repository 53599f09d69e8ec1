package ingest

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// LogName is what the name of a log file says: the game's timestamp, the
// kind of file, and the copy number a browser adds to a file downloaded
// again beside one of the same name ("1604731633 (1).csv" in Chrome and
// Edge, "1604731633(1).csv" in Firefox).
type LogName struct {
	TS    int64 // the <timestamp>; ParseLogName does not check it against MaxTimestamp
	Score bool  // <timestamp>-score.csv, the score file; else the turn file
	Copy  int   // the copy number; 0 for the name as the server gives it
	// stamp and copyText are the timestamp and the copy number as the
	// name writes them: "01604731633", " (1)", "(1)".
	stamp, copyText string
}

var logName = regexp.MustCompile(`^(\d{1,18})(-score)?( ?\((\d{1,6})\))?\.(?i:csv)$`)

// ParseLogName reads the base name of a log file: <timestamp>.csv or
// <timestamp>-score.csv, with or without a browser's copy number, the
// extension in any case. ok is false for any other name.
func ParseLogName(base string) (n LogName, ok bool) {
	m := logName.FindStringSubmatch(base)
	if m == nil {
		return n, false
	}
	ts, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return n, false
	}
	n = LogName{TS: ts, Score: m[2] != "", stamp: m[1], copyText: m[3]}
	if m[4] != "" {
		if n.Copy, err = strconv.Atoi(m[4]); err != nil || n.Copy == 0 {
			return LogName{}, false
		}
	}
	return n, true
}

// Stamp returns the timestamp as the name writes it: the files of a game
// share it, leading zeros included.
func (n LogName) Stamp() string { return n.stamp }

// Partner returns the name of the other file of the game, with the same
// copy number.
func (n LogName) Partner() string {
	if n.Score {
		return n.stamp + n.copyText + ".csv"
	}
	return n.stamp + "-score" + n.copyText + ".csv"
}

// isScore reports whether a log's name is a score file's.
func isScore(name string) bool {
	n, ok := ParseLogName(name[strings.LastIndexAny(name, `/\!`)+1:])
	return ok && n.Score
}

// slot is where a game's turn or score file of one copy number goes: the
// first file found for it, and any other file that names it too (1.csv
// beside 1.CSV, two archive entries of one name).
type slot struct {
	name   LogName
	first  *source
	others []*source
}

// game gathers the files found for one timestamp in one folder or
// archive folder, by kind and copy number.
type game struct {
	key string // folder and timestamp
	ts  int64
	// slots holds a slot for each kind and copy number found, in the
	// order found: a slice, not a map, since a game has two slots but for
	// downloads kept twice, and an import holds a game for each timestamp.
	slots []*slot
}

// slot returns the slot of the kind (score or turn file) and the copy
// number, or nil.
func (g *game) slot(score bool, copy int) *slot {
	for _, sl := range g.slots {
		if sl.name.Score == score && sl.name.Copy == copy {
			return sl
		}
	}
	return nil
}

// byCopy returns the slots sorted by copy number.
func (g *game) byCopy() []*slot {
	out := slices.Clone(g.slots)
	slices.SortStableFunc(out, func(a, b *slot) int { return a.name.Copy - b.name.Copy })
	return out
}

// add files a log under its slot.
func (g *game) add(n LogName, s *source) {
	sl := g.slot(n.Score, n.Copy)
	switch {
	case sl == nil:
		g.slots = append(g.slots, &slot{name: n, first: s})
	case sl.first.id == s.id:
		// The same file reached twice: by two command-line paths.
	default:
		sl.others = append(sl.others, s)
	}
}

// pairs pairs the game's files: a turn and a score file of the same copy
// number make a game; then, when exactly one turn file and one score file
// are left, they make one (a game downloaded twice, one copy of each file
// kept). Each file left after that is skipped when it holds the same bytes
// as another file of its kind for the timestamp (a second download of it),
// and is otherwise a game whose partner is missing.
func (g *game) pairs(skip func(path, reason string)) []*pair {
	sorted := g.byCopy()
	var out []*pair
	var turns, scores []*slot
	for _, sl := range sorted {
		if sl.name.Score {
			continue
		}
		if sc := g.slot(true, sl.name.Copy); sc != nil {
			out = append(out, g.pair(sl, sc))
			continue
		}
		turns = append(turns, sl)
	}
	for _, sl := range sorted {
		if sl.name.Score && g.slot(false, sl.name.Copy) == nil {
			scores = append(scores, sl)
		}
	}
	if len(turns) == 1 && len(scores) == 1 {
		return append(out, g.pair(turns[0], scores[0]))
	}
	for _, sl := range slices.Concat(turns, scores) {
		if same := g.sameBytes(sl); same != "" {
			skip(sl.first.name, "a second download of "+same+": the same bytes")
			for _, o := range sl.others {
				skip(o.name, "a second download of "+same+": the same bytes")
			}
			continue
		}
		if sl.name.Score {
			out = append(out, g.pair(nil, sl))
		} else {
			out = append(out, g.pair(sl, nil))
		}
	}
	return out
}

// pair makes the pair of a turn and a score slot, either of which may be
// missing.
func (g *game) pair(turns, scores *slot) *pair {
	p := &pair{ts: g.ts, key: g.key}
	for _, sl := range []*slot{turns, scores} {
		if sl == nil {
			continue
		}
		if sl.name.Copy > 0 {
			p.key = fmt.Sprintf("%s%s", g.key, sl.name.copyText)
		}
		if sl.name.Score {
			p.scores = sl.first
		} else {
			p.turns = sl.first
		}
		if turns == nil || scores == nil {
			p.partner = sl.name.Partner()
		}
		p.others = append(p.others, sl.others...)
	}
	return p
}

// sameBytes returns the name of another file of sl's kind for this
// timestamp that holds the same bytes as sl's file, or "".
func (g *game) sameBytes(sl *slot) string {
	data, err := sl.first.read()
	if err != nil {
		return ""
	}
	for _, other := range g.byCopy() {
		if other == sl || other.name.Score != sl.name.Score {
			continue
		}
		if b, err := other.first.read(); err == nil && bytes.Equal(b, data) {
			return other.first.name
		}
	}
	return ""
}
