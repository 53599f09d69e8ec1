package hearts

// DefaultLimit is the total that ends a game unless the players chose
// another.
const DefaultLimit = 100

// MaxLimit is the largest total a simulated game may be played to. Every
// hand adds 26 points among the players, so a game to MaxLimit ends
// within about MaxLimit/6.5 + 1 hands (1,540 for four players), inside
// the hands a log file may hold.
const MaxLimit = 10000

// Score returns the points each of n seats scores for a hand in which they
// took taken, and the seat that shot the moon (-1 if none): a seat that took
// every point card scores 0 and every other seat 26; otherwise each scores
// what it took.
func Score(n int, taken [MaxPlayers]int) (points [MaxPlayers]int, moon int) {
	for s := range n {
		if taken[s] == MoonPoints {
			for o := range n {
				if o != s {
					points[o] = MoonPoints
				}
			}
			return points, s
		}
	}
	return taken, -1
}

// GameOver reports whether a game with these totals is over: the highest
// total has reached limit (>=, as the framework compared, although the
// handout says "more than") and exactly one player has the lowest total.
func GameOver(totals []int, limit int) bool {
	if len(totals) < 2 {
		return false
	}
	high, low, second := totals[0], totals[0], int(^uint(0)>>1)
	for _, t := range totals[1:] {
		high = max(high, t)
		switch {
		case t < low:
			low, second = t, low
		case t < second:
			second = t
		}
	}
	return high >= limit && low < second
}

// Limits returns the range of limits [lo, hi] under which a game with these
// running totals (after each hand, in order) ends exactly after its last
// hand, and whether any limit does. Logs do not record the limit; this is
// what they tell of it.
func Limits(running [][]int) (lo, hi int, ok bool) {
	if len(running) == 0 {
		return 0, 0, false
	}
	lo = 1
	for i, totals := range running {
		high := 0
		for _, t := range totals {
			high = max(high, t)
		}
		if i == len(running)-1 {
			hi = high
			break
		}
		// Where exactly one player was lowest, the limit must have been
		// above the highest total, or the game would have ended there.
		if GameOver(totals, 0) {
			lo = max(lo, high+1)
		}
	}
	return lo, hi, GameOver(running[len(running)-1], 0) && lo <= hi
}

// LikelyLimit returns the limit a person most likely chose in [lo, hi]: 100
// when it is in range, otherwise the number with the fewest significant
// digits (then the smallest), such as 1000 or 3000.
func LikelyLimit(lo, hi int) int {
	if lo <= DefaultLimit && DefaultLimit <= hi {
		return DefaultLimit
	}
	best := hi
	for step := 1; step <= hi && step > 0; step *= 10 {
		// The smallest multiple of step in range, if any.
		m := (lo + step - 1) / step * step
		if m <= hi {
			best = m
		}
	}
	return best
}
