package logs

import (
	"math"
	"math/bits"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// The search counts the assignments of every trick's cards to the players
// (pos) under which the hand obeys every rule and gives the logged scores.
// It walks the tricks in order. The rules make a play constrain only the
// cards its player holds afterwards: a player who does not follow the led
// suit holds none of it, a leader of an unbroken heart only hearts, a point
// card in the first trick only point cards. So the state after a trick is
// the next leader, the cards each player may still hold, and the points
// taken so far; the count of a state is memoized, which folds the many
// assignments that differ only by swapping two players' cards of one suit
// (the rules cannot tell them apart) into one computation.
//
// The scores the assignments give are those of the final states the
// search reaches: every state it visits is reachable from the first by
// legal tricks, and when it collects it visits every one (no limit cuts
// it short), so one set per search gathers them at the final states,
// rather than a set per memoized state.

// searchResult is what the search finds in one hand.
type searchResult struct {
	count     uint64             // assignments found, up to the limit
	seats     [gin.NumCards]int8 // the pos of each logged card in the first assignment found
	scores    *scoreSet          // the scores the assignments give, when collected
	states    int                // the states explored
	exhausted bool               // the budget ran out: count, seats and scores mean nothing
}

// maxScoreSets is how many different score vectors a scoreSet keeps.
const maxScoreSets = 512

// scoreSet is a set of score vectors (points by pos).
type scoreSet struct {
	v    [][hearts.MaxPlayers]int8
	over bool // more than maxScoreSets
}

func (a *scoreSet) add(x [hearts.MaxPlayers]int8) {
	for _, y := range a.v {
		if y == x {
			return
		}
	}
	if len(a.v) == maxScoreSets {
		a.over = true
		return
	}
	a.v = append(a.v, x)
}

// list returns the set's vectors as ints.
func (a *scoreSet) list() [][hearts.MaxPlayers]int {
	out := make([][hearts.MaxPlayers]int, len(a.v))
	for i, x := range a.v {
		for p := range x {
			out[i][p] = int(x[p])
		}
	}
	return out
}

// stateKey identifies a search state: the trick about to be played, its
// leader, the cards each player may still hold among the cards still to be
// played, and the points each has taken.
type stateKey struct {
	trick   int8
	leader  int8
	allowed [hearts.MaxPlayers]gin.Hand
	taken   [hearts.MaxPlayers]int8
}

// stateValue is a state's count.
type stateValue struct {
	count uint64
}

// searcher holds one hand's search; its memo is reused between hands.
type searcher struct {
	n, tricks int
	cards     [gin.NumCards]gin.Card
	trickSet  [27]gin.Hand // the cards of each trick
	future    [27]gin.Hand // the cards of tricks t and after
	rest      [27]int      // the points of tricks t and after
	score     [hearts.MaxPlayers]int
	logged    [hearts.MaxPlayers]bool
	facts     [26]trickFacts
	memo      map[stateKey]stateValue
	limit     uint64   // stop counting at this many
	collect   bool     // collect the scores of the assignments
	scores    scoreSet // the scores collected
	budget    int      // the most states to explore
	states    int      // the states explored (memoized)
	exhausted bool     // states reached budget before the count was done
}

// memoKeep is the most states whose room the memo keeps from one search to
// the next: a larger memo is dropped rather than cleared, so that one hand
// that needed a large search does not hold its memory, or slow the clearing
// of the memo, for the rest of the games.
const memoKeep = 1 << 16

// search counts the assignments of hand h's cards, up to limit (a count of
// limit means at least limit); with scores false it ignores the logged
// scores (to tell a rule break from a score that no legal reading
// explains). With collect it also gathers the scores the assignments give,
// which needs the limit MaxUint64 to see them all. It explores at most
// budget states; when it would need more it stops and reports the budget
// exhausted.
func (s *searcher) search(h *Hand, n int, scores bool, limit uint64, collect bool, budget int) searchResult {
	if budget <= 0 {
		return searchResult{exhausted: true} // the game's budget is spent: not even the first state
	}
	s.n, s.tricks, s.cards, s.limit, s.collect = n, hearts.TricksPerHand(n), h.Cards, limit, collect
	s.budget, s.states, s.exhausted = budget, 0, false
	s.score, s.logged = h.Score, h.Logged
	if !scores {
		s.logged = [hearts.MaxPlayers]bool{}
	}
	s.future[s.tricks], s.rest[s.tricks] = 0, 0
	for t := s.tricks - 1; t >= 0; t-- {
		s.trickSet[t] = gin.HandOf(h.Cards[t*n : (t+1)*n]...)
		s.future[t] = s.future[t+1] | s.trickSet[t]
		s.rest[t] = s.rest[t+1] + hearts.PointsOf(s.trickSet[t])
	}
	for t := range s.tricks {
		s.facts[t] = s.prepare(t)
	}
	if s.memo == nil || len(s.memo) > memoKeep {
		s.memo = make(map[stateKey]stateValue, 1024)
	}
	clear(s.memo)
	s.scores = scoreSet{v: s.scores.v[:0]}
	var root stateKey
	root.leader = -1 // the first trick's leader is whoever holds the two of clubs
	for p := range n {
		root.allowed[p] = gin.FullDeck
	}
	v := s.count(root)
	if s.exhausted {
		return searchResult{states: s.states, exhausted: true}
	}
	res := searchResult{count: v.count, states: s.states}
	if collect && v.count > 0 {
		res.scores = &scoreSet{v: slices.Clone(s.scores.v), over: s.scores.over}
	}
	if v.count > 0 {
		s.budget = math.MaxInt // every state it follows is memoized: it explores none
		s.reconstruct(root, &res)
	}
	return res
}

// count returns the value of state k.
func (s *searcher) count(k stateKey) stateValue {
	if int(k.trick) == s.tricks {
		var taken [hearts.MaxPlayers]int
		for p := range s.n {
			taken[p] = int(k.taken[p])
		}
		pts, _ := hearts.Score(s.n, taken)
		var v stateValue
		var x [hearts.MaxPlayers]int8
		for p := range s.n {
			if s.logged[p] && pts[p] != s.score[p] {
				return v
			}
			x[p] = int8(pts[p])
		}
		v.count = 1
		if s.collect {
			s.scores.add(x)
		}
		return v
	}
	if v, ok := s.memo[k]; ok {
		return v
	}
	if !s.spend() {
		return stateValue{}
	}
	// Many assignments of a trick lead to the same state (swapping two
	// players' cards of one suit that do not win): count each state once,
	// times the number of ways to reach it.
	var nexts [24]stateKey
	var ways [24]uint64
	var removed [24]gin.Hand
	m := 0
	s.each(k, func(next stateKey, _ [hearts.MaxPlayers]int8, rm gin.Hand) bool {
		for j := range m {
			if nexts[j] == next {
				ways[j]++
				return true
			}
		}
		nexts[m], ways[m], removed[m] = next, 1, rm
		m++
		return true
	})
	var v stateValue
	for j := range m {
		if _, seen := s.memo[nexts[j]]; !seen && removed[j] != 0 && !s.feasible(&nexts[j], removed[j]) {
			if !s.spend() {
				return stateValue{}
			}
			s.memo[nexts[j]] = stateValue{}
			continue
		}
		c := s.count(nexts[j])
		if s.exhausted {
			return stateValue{} // the search is abandoned: memoize nothing partial
		}
		if c.count == 0 {
			continue
		}
		v.count = addSat(v.count, mulSat(c.count, ways[j]))
		if v.count >= s.limit {
			v.count = s.limit // at least this many: enough for the caller
			break
		}
	}
	s.memo[k] = v
	return v
}

// spend counts one more state for the memo, unless the budget is spent:
// then it marks the search exhausted and reports false. A search that
// needs n states completes exactly when n is at most the budget.
func (s *searcher) spend() bool {
	if s.states >= s.budget {
		s.exhausted = true
		return false
	}
	s.states++
	return true
}

func addSat(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}

func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// reconstruct follows the first assignment from state k and records the
// pos of each card in res.seats.
func (s *searcher) reconstruct(k stateKey, res *searchResult) {
	for int(k.trick) < s.tricks {
		t := int(k.trick)
		s.each(k, func(next stateKey, owner [hearts.MaxPlayers]int8, _ gin.Hand) bool {
			if s.count(next).count == 0 {
				return true
			}
			for i := range s.n {
				res.seats[t*s.n+i] = owner[i]
			}
			k = next
			return false
		})
	}
}

// trickFacts is what a trick's cards say before anyone is assigned them,
// for each card that might have been led: the led suit, the index of the
// winning card, and the cards that do not follow.
type trickFacts struct {
	led     [hearts.MaxPlayers]gin.Suit
	win     [hearts.MaxPlayers]int8
	offSuit [hearts.MaxPlayers]uint8 // a bit per card index
	points  uint8                    // the point cards, a bit per card index
	two     int8                     // the index of the two of clubs, or -1
	value   int8                     // the trick's points
}

func (s *searcher) prepare(t int) trickFacts {
	n := s.n
	cards := s.cards[t*n : (t+1)*n]
	f := trickFacts{two: -1, value: int8(hearts.PointsOf(s.trickSet[t]))}
	for i, c := range cards {
		if c == hearts.TwoOfClubs {
			f.two = int8(i)
		}
		if hearts.PointCards.Has(c) {
			f.points |= 1 << i
		}
		f.led[i] = c.Suit()
		w := i
		for j, d := range cards {
			if d.Suit() != c.Suit() {
				f.offSuit[i] |= 1 << j
			} else if hearts.Order(d) > hearts.Order(cards[w]) {
				w = j
			}
		}
		f.win[i] = int8(w)
	}
	return f
}

// each calls fn with every state that one legal assignment of trick
// k.trick's cards leads to, the pos of each of its cards, and the cards
// still to be played that some player may no longer hold after it, until fn
// returns false. The caller checks that the state leaves every later trick
// playable (feasible).
func (s *searcher) each(k stateKey, fn func(next stateKey, owner [hearts.MaxPlayers]int8, removed gin.Hand) bool) {
	n, t := s.n, int(k.trick)
	cards := s.cards[t*n : (t+1)*n]
	f := &s.facts[t]
	// can[i] is the set of players that may hold card i.
	var can [hearts.MaxPlayers]uint8
	for i, c := range cards {
		for p := range n {
			if k.allowed[p].Has(c) {
				can[i] |= 1 << p
			}
		}
	}
	broken := (s.future[0]&^s.future[t])&hearts.HeartCards != 0
	for _, owner := range perms[n] {
		ok := true
		lead := int8(-1)
		for i := range n {
			ok = ok && can[i]&(1<<owner[i]) != 0
			if owner[i] == k.leader {
				lead = int8(i)
			}
		}
		if t == 0 {
			ok = ok && lead < 0 && f.two >= 0
			lead = f.two
		}
		if !ok {
			continue
		}
		next, removed, legal := s.apply(k, f, owner, int(lead), broken)
		if legal && !fn(next, owner, removed) {
			return
		}
	}
}

// apply plays trick k.trick with the given owners, card lead being led,
// and returns the state after it and the future cards some player may no
// longer hold, or false when the logged scores forbid it.
func (s *searcher) apply(k stateKey, f *trickFacts, owner [hearts.MaxPlayers]int8, lead int, broken bool) (stateKey, gin.Hand, bool) {
	n, t := s.n, int(k.trick)
	next := k
	next.trick++
	led := f.led[lead]
	future := s.future[t+1]
	var removed gin.Hand // future cards some player may no longer hold
	restrict := func(p int8, keep gin.Hand) {
		removed |= next.allowed[p] & future &^ keep
		next.allowed[p] &= keep
	}
	if led == gin.Hearts && !broken {
		restrict(owner[lead], hearts.HeartCards)
	}
	if off := f.offSuit[lead]; off != 0 {
		keep := ^hearts.SuitCards(led)
		for i := range n {
			if off&(1<<i) != 0 {
				restrict(owner[i], keep)
			}
		}
	}
	if t == 0 && f.points != 0 {
		for i := range n {
			if f.points&(1<<i) != 0 {
				restrict(owner[i], hearts.PointCards)
			}
		}
	}
	w := owner[f.win[lead]]
	next.leader = w
	next.taken[w] += f.value
	for p := range n {
		next.allowed[p] &= future
	}
	for p := range n {
		if s.logged[p] && !takenFits(int(next.taken[p]), s.rest[t+1], s.score[p]) {
			return k, 0, false
		}
	}
	return next, removed, true
}

// takenFits reports whether a player who has taken taken points, with rest
// points still to be taken, can still end with the logged score: its own
// points, or 0 by shooting the moon, or 26 when another shoots it.
func takenFits(taken, rest, score int) bool {
	switch score {
	case 0:
		return taken == 0 || taken+rest >= hearts.MoonPoints
	case hearts.MoonPoints:
		return taken == 0
	}
	return taken <= score && taken+rest >= score
}

// feasible reports whether every trick still to come that holds a card of
// removed can give each player one card it may hold (the other tricks were
// feasible before and have not changed).
func (s *searcher) feasible(k *stateKey, removed gin.Hand) bool {
	n := s.n
	for t := int(k.trick); t < s.tricks; t++ {
		if s.trickSet[t]&removed == 0 {
			continue
		}
		// can[i] is the set of players that may hold card i of trick t.
		var can [hearts.MaxPlayers]int
		for i, c := range s.cards[t*n : (t+1)*n] {
			for p := range n {
				if k.allowed[p].Has(c) {
					can[i] |= 1 << p
				}
			}
			if can[i] == 0 {
				return false
			}
		}
		if !matching(can[:n]) {
			return false
		}
	}
	return true
}

// matching reports whether the cards can go to distinct players, each to
// one in its set: Hall's condition over every subset of cards.
func matching(can []int) bool {
	for sub := 1; sub < 1<<len(can); sub++ {
		union, size := 0, 0
		for i := range can {
			if sub&(1<<i) != 0 {
				union |= can[i]
				size++
			}
		}
		if bits.OnesCount(uint(union)) < size {
			return false
		}
	}
	return true
}
