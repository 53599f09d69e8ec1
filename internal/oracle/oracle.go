// Package oracle is the tests' independent account of a folder of Gin
// Rummy logs: a plain reader of each game's two files and a brute-force
// scorer of the final hands (every declaration enumerated by a plain
// recursive search). It shares no code with ingest, the gin package or
// replay, so that the counts the tests pin (games, rounds, plays, totals,
// rounds exact or explained) are checked against it rather than against
// the implementation's own earlier output.
//
// It reads valid logs only: any line it cannot read is an error.
package oracle

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Play is a row of a turn file.
type Play struct {
	You       bool     // the logged player played (flag 1)
	Hand      []string // the ten cards after the play, as listed
	Top       string
	Drawn     string
	Discarded string
}

// Round is a round: its plays and its score row.
type Round struct {
	Number    int
	Plays     []Play
	Points    [2]int // scored in the round: the logged player's, the opponent's
	Action    string // Gin, Knock or Drop
	CallerYou bool   // score file column 5
}

// Game is the two files of a game.
type Game struct {
	TS     int64
	Rounds []Round
}

// Totals returns the final totals: the logged player's, the opponent's.
func (g *Game) Totals() [2]int {
	var t [2]int
	for _, r := range g.Rounds {
		t[0] += r.Points[0]
		t[1] += r.Points[1]
	}
	return t
}

// Read reads every game of dir, a <ts>.csv beside each <ts>-score.csv, in
// timestamp order.
func Read(dir string) ([]*Game, error) {
	turns, err := filepath.Glob(filepath.Join(dir, "*[0-9].csv"))
	if err != nil {
		return nil, err
	}
	if len(turns) == 0 {
		return nil, fmt.Errorf("oracle: no turn files in %s", dir)
	}
	var games []*Game
	for _, path := range turns {
		g, err := readGame(path)
		if err != nil {
			return nil, fmt.Errorf("oracle: %w", err)
		}
		games = append(games, g)
	}
	slices.SortFunc(games, func(a, b *Game) int { return cmp.Compare(a.TS, b.TS) })
	return games, nil
}

// readGame reads the turn file at path and its score file.
func readGame(path string) (*Game, error) {
	base := strings.TrimSuffix(filepath.Base(path), ".csv")
	ts, err := strconv.ParseInt(base, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%s: not <timestamp>.csv", path)
	}
	g := &Game{TS: ts}
	scorePath := strings.TrimSuffix(path, ".csv") + "-score.csv"
	err = eachRow(scorePath, 5, func(f []string) error {
		var n [4]int
		for i, j := range []int{0, 1, 2, 4} {
			if n[i], err = strconv.Atoi(f[j]); err != nil {
				return err
			}
		}
		if n[0] != len(g.Rounds)+1 {
			return fmt.Errorf("round %d after %d rounds", n[0], len(g.Rounds))
		}
		if !slices.Contains([]string{"Gin", "Knock", "Drop"}, f[3]) || n[3] < 0 || n[3] > 1 {
			return fmt.Errorf("action %q, caller %q", f[3], f[4])
		}
		g.Rounds = append(g.Rounds, Round{Number: n[0], Points: [2]int{n[1], n[2]}, Action: f[3], CallerYou: n[3] == 1})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachRow(path, 6, func(f []string) error {
		round, err := strconv.Atoi(f[0])
		if err != nil {
			return err
		}
		if round < 1 || round > len(g.Rounds) {
			return fmt.Errorf("a play of round %d, which has no score row", round)
		}
		if f[2] != "0" && f[2] != "1" {
			return fmt.Errorf("player flag %q", f[2])
		}
		p := Play{You: f[2] == "1", Hand: strings.Split(f[1], ";"), Top: f[3], Drawn: f[4], Discarded: f[5]}
		for _, c := range append([]string{p.Top, p.Drawn, p.Discarded}, p.Hand...) {
			if _, _, err := parseCard(c); err != nil {
				return err
			}
		}
		if len(p.Hand) != 10 {
			return fmt.Errorf("a hand of %d cards", len(p.Hand))
		}
		g.Rounds[round-1].Plays = append(g.Rounds[round-1].Plays, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// eachRow calls fn with each line of the file at path, split into its
// fields, of which there must be want; an error names the line.
func eachRow(path string, want int, fn func(fields []string) error) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for i, line := range strings.Split(strings.TrimRight(string(b), "\r\n"), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), ",")
		if len(f) != want {
			return fmt.Errorf("%s:%d: %d fields, want %d", path, i+1, len(f), want)
		}
		if err := fn(f); err != nil {
			return fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
	}
	return nil
}

// Final returns each side's hand after its last play of the round: the
// logged player's, then the opponent's (nil for a side that did not play).
func (r *Round) Final() [2][]string {
	var final [2][]string
	for _, p := range r.Plays {
		if p.You {
			final[0] = p.Hand
		} else {
			final[1] = p.Hand
		}
	}
	return final
}

// Verdict is the brute force's account of a round's score.
type Verdict struct {
	Status       string // "exact", "explained" or "impossible", as the replay names them
	Best         [2]int // the least deadwood of each final hand: the logged player's, the opponent's
	Explanations int    // pairs of declared deadwood (caller within its limit) that give the logged points
}

// Verdict scores the round from both final hands: exact when both sides'
// least deadwood gives the logged points (the caller within its call's
// limit), explained when only some other pair of declarations does,
// impossible when none does.
func (r *Round) Verdict() (Verdict, error) {
	final := r.Final()
	var reach [2]map[int]bool
	var v Verdict
	for s, hand := range final {
		if hand == nil {
			return v, fmt.Errorf("round %d: a side that never played", r.Number)
		}
		var err error
		if reach[s], err = Reachable(hand); err != nil {
			return v, err
		}
		v.Best[s] = minKey(reach[s])
	}
	c, o := 1, 0 // the caller's side and the other's
	if r.CallerYou {
		c, o = 0, 1
	}
	score := func(dc, do int) [2]int {
		var pts [2]int
		switch {
		case r.Action == "Gin":
			pts[c] = 25 + do
		case dc >= do:
			pts[o] = 10 + dc - do
		default:
			pts[c] = do - dc
		}
		return pts
	}
	allowed := func(dc int) bool {
		return r.Action == "Drop" || r.Action == "Gin" && dc == 0 || r.Action == "Knock" && dc <= 10
	}
	if allowed(v.Best[c]) && score(v.Best[c], v.Best[o]) == r.Points {
		v.Status, v.Explanations = "exact", 1
		return v, nil
	}
	for dc := range reach[c] {
		for do := range reach[o] {
			if allowed(dc) && score(dc, do) == r.Points {
				v.Explanations++
			}
		}
	}
	v.Status = "impossible"
	if v.Explanations > 0 {
		v.Status = "explained"
	}
	return v, nil
}

// Reachable returns every deadwood value some declaration of hand
// reaches: every set of disjoint melds (sets of 3 or 4 cards of a rank,
// runs of 3 to 5 cards of a suit), the rest deadwood.
func Reachable(hand []string) (map[int]bool, error) {
	type card struct{ suit, rank int }
	cards := make([]card, len(hand))
	for i, s := range hand {
		suit, rank, err := parseCard(s)
		if err != nil {
			return nil, err
		}
		cards[i] = card{suit, rank}
	}
	isMeld := func(idx []int) bool {
		if len(idx) < 3 || len(idx) > 5 {
			return false
		}
		sameRank, sameSuit := true, true
		ranks := make([]int, len(idx))
		for i, k := range idx {
			sameRank = sameRank && cards[k].rank == cards[idx[0]].rank
			sameSuit = sameSuit && cards[k].suit == cards[idx[0]].suit
			ranks[i] = cards[k].rank
		}
		if sameRank {
			return len(idx) <= 4
		}
		if !sameSuit {
			return false
		}
		slices.Sort(ranks)
		for i := 1; i < len(ranks); i++ {
			if ranks[i] != ranks[i-1]+1 {
				return false
			}
		}
		return true
	}
	out := map[int]bool{}
	// search decides the first card not yet decided: deadwood, or the
	// lowest card of a meld of undecided cards.
	var search func(used []bool, deadwood int)
	search = func(used []bool, deadwood int) {
		first := slices.Index(used, false)
		if first < 0 {
			out[deadwood] = true
			return
		}
		used[first] = true
		search(used, deadwood+min(cards[first].rank, 10))
		var rest []int
		for k := first + 1; k < len(cards); k++ {
			if !used[k] {
				rest = append(rest, k)
			}
		}
		// Every subset of the other undecided cards, with the first card.
		for mask := 1; mask < 1<<len(rest); mask++ {
			idx := []int{first}
			for i, k := range rest {
				if mask&(1<<i) != 0 {
					idx = append(idx, k)
				}
			}
			if !isMeld(idx) {
				continue
			}
			for _, k := range idx[1:] {
				used[k] = true
			}
			search(used, deadwood)
			for _, k := range idx[1:] {
				used[k] = false
			}
		}
		used[first] = false
	}
	search(make([]bool, len(cards)), 0)
	return out, nil
}

// parseCard reads a card of the log notation: a suit letter (S, C, D, H)
// and a rank (A, 2-10, J, Q, K), as rank 1 to 13.
func parseCard(s string) (suit, rank int, err error) {
	if len(s) < 2 {
		return 0, 0, fmt.Errorf("card %q", s)
	}
	suit = strings.IndexByte("SCDH", s[0])
	rank = slices.Index([]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}, s[1:])
	if suit < 0 || rank < 1 {
		return 0, 0, fmt.Errorf("card %q", s)
	}
	return suit, rank, nil
}

// minKey returns the least key of a non-empty set.
func minKey(m map[int]bool) int {
	least := -1
	for k := range m {
		if least < 0 || k < least {
			least = k
		}
	}
	return least
}

// Summary is what a folder of logs holds, by the oracle's count.
type Summary struct {
	Games, Rounds, Plays int
	Totals               [2]int         // points over every game: the logged player's, the opponent's
	Status               map[string]int // rounds by verdict
}

// Summarize counts the games and scores every round.
func Summarize(games []*Game) (*Summary, error) {
	s := &Summary{Status: map[string]int{"exact": 0, "explained": 0, "impossible": 0}}
	for _, g := range games {
		s.Games++
		t := g.Totals()
		s.Totals[0] += t[0]
		s.Totals[1] += t[1]
		for i := range g.Rounds {
			r := &g.Rounds[i]
			s.Rounds++
			s.Plays += len(r.Plays)
			v, err := r.Verdict()
			if err != nil {
				return nil, fmt.Errorf("oracle: game %d: %w", g.TS, err)
			}
			s.Status[v.Status]++
		}
	}
	return s, nil
}
