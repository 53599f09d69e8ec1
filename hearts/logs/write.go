package logs

import (
	"fmt"
	"path"
	"slices"
	"strconv"

	"github.com/ginlog/ginlog/hearts"
)

// AppendRow appends one row of the later framework's format to b: the hand
// as the player at pos logs it, pos being the player's index among the
// sorted ids and toPos mapping each seat of the record to its pos. Every
// trick lists its cards by pos; the line ends in CRLF, as the framework's
// CSV encoder wrote it.
func AppendRow(b []byte, h *hearts.HandRecord, stamp int64, pos, first int, toPos []int) []byte {
	n := h.Players
	seat := make([]int, n) // the seat of each pos
	for s, p := range toPos[:n] {
		seat[p] = s
	}
	b = strconv.AppendInt(b, stamp, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(pos), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(h.Points[seat[pos]]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(first), 10)
	b = append(b, ',', '"')
	for t, tr := range h.Tricks {
		if t > 0 {
			b = append(b, ';')
		}
		for p := range n {
			if p > 0 {
				b = append(b, ',')
			}
			b = append(b, tr.Cards[seat[p]].String()...)
		}
	}
	return append(b, '"', '\r', '\n')
}

// GameFiles returns the files the later framework would have written for a
// finished game under one stamp: for each player, ids[seat], the file
// <id>/<stamp>.csv with one row per hand. The ids must be distinct names of
// one path element; pos is each id's index in byte order. first names the
// pos with the highest final total (the lowest such pos on a tie).
func GameFiles(g *hearts.GameRecord, ids []string, stamp int64) (map[string][]byte, error) {
	n := g.Players
	if len(ids) != n {
		return nil, fmt.Errorf("%d ids for %d players", len(ids), n)
	}
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	toPos := make([]int, n)
	for s, id := range ids {
		if id == "" || id == "." || id == ".." || path.Base(id) != id {
			return nil, fmt.Errorf("player id %q is not a folder name", id)
		}
		toPos[s], _ = slices.BinarySearch(sorted, id)
	}
	if len(slices.Compact(sorted)) != n {
		return nil, fmt.Errorf("player ids %q are not distinct", ids)
	}
	high := 0
	for s := range n {
		high = max(high, g.Totals[s])
	}
	first := n
	for s := range n {
		if g.Totals[s] == high {
			first = min(first, toPos[s])
		}
	}
	files := make(map[string][]byte, n)
	for s, id := range ids {
		b := make([]byte, 0, 220*len(g.Hands))
		for i := range g.Hands {
			b = AppendRow(b, &g.Hands[i], stamp, toPos[s], first, toPos)
		}
		files[id+"/"+strconv.FormatInt(stamp, 10)+".csv"] = b
	}
	return files, nil
}
