package logs

import (
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Method is how the player of each card of a game was recovered.
// Persisted: do not reorder.
type Method uint8

// The methods.
const (
	MethodNone        Method = iota // no order: the game could not be read
	MethodByPlayer                  // card k of every trick is pos k's (the later version)
	MethodReversePlay               // every trick in reverse play order, one seating for the game
	MethodSearched                  // every assignment the rules and scores allow, searched and counted
)

func (m Method) String() string {
	if m > MethodSearched {
		return fmt.Sprintf("Method(%d)", uint8(m))
	}
	return [...]string{"none", "player-id", "reverse-play", "searched"}[m]
}

// byPlayer reads a hand's tricks in player-id order.
func byPlayer(h *Hand, n int) hearts.LogHand {
	lh := hearts.LogHand{Tricks: make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n)), Logged: h.Logged}
	for t := range lh.Tricks {
		copy(lh.Tricks[t][:n], h.Cards[t*n:(t+1)*n])
	}
	for p := range n {
		lh.Points[p] = h.Score[p]
	}
	return lh
}

// A seating is a bijection from relative seats (0 for the holder of the two
// of clubs, then in play order) to pos, held as an index into perms. The
// cyclic order of the pos around the table is the game's, so the seatings
// of one game's hands are rotations of one another.
//
// perms lists the permutations of n elements, and cycleOf the canonical
// cyclic order of each (its rotation that starts with pos 0).
var perms, cycleOf = func() (p [hearts.MaxPlayers + 1][][hearts.MaxPlayers]int8, c [hearts.MaxPlayers + 1][]int) {
	for _, n := range []int{2, 4} {
		var rec func(cur []int8, used int)
		rec = func(cur []int8, used int) {
			if len(cur) == n {
				var a [hearts.MaxPlayers]int8
				copy(a[:], cur)
				p[n] = append(p[n], a)
				return
			}
			for v := range n {
				if used&(1<<v) == 0 {
					rec(append(cur, int8(v)), used|1<<v)
				}
			}
		}
		rec(nil, 0)
		for _, a := range p[n] {
			var rot [hearts.MaxPlayers]int8
			k := 0
			for a[k] != 0 {
				k++
			}
			for i := range n {
				rot[i] = a[(k+i)%n]
			}
			for j, b := range p[n] {
				if b == rot {
					c[n] = append(c[n], j)
				}
			}
		}
	}
	return p, c
}()

// reverseReading is a hand read in reverse play order: the leader's card
// last in every trick.
type reverseReading struct {
	ok       bool                   // the rules hold in this reading
	rel      [gin.NumCards]int8     // the relative seat of each logged card
	points   [hearts.MaxPlayers]int // by relative seat
	seatings uint32                 // the seatings that give the logged scores, a bit per permutation
}

// readReverse reads hand h in reverse play order and finds the seatings
// that explain its logged scores.
func readReverse(h *Hand, n int) reverseReading {
	var rd reverseReading
	lh := hearts.LogHand{Tricks: make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))}
	leader := 0
	for t := range lh.Tricks {
		for i := range n {
			r := (leader + n - 1 - i) % n
			lh.Tricks[t][r] = h.Cards[t*n+i]
			rd.rel[t*n+i] = int8(r)
		}
		tr := hearts.Trick{Leader: leader, Cards: lh.Tricks[t]}
		leader = tr.Winner(n)
	}
	hr := hearts.Judge(n, &lh)
	if !hr.Legal || !hr.Scored {
		return rd
	}
	rd.ok, rd.points = true, hr.Points
	for i, p := range perms[n] {
		fits := true
		for r := range n {
			pos := p[r]
			fits = fits && (!h.Logged[pos] || h.Score[pos] == hr.Points[r])
		}
		if fits {
			rd.seatings |= 1 << i
		}
	}
	return rd
}

// cycles returns the cyclic orders of a set of seatings, a bit per
// canonical permutation.
func cycles(n int, seatings uint32) uint32 {
	var out uint32
	for i := range perms[n] {
		if seatings&(1<<i) != 0 {
			out |= 1 << cycleOf[n][i]
		}
	}
	return out
}

// withCycles keeps the seatings whose cyclic order is in cyc.
func withCycles(n int, seatings, cyc uint32) uint32 {
	var out uint32
	for i := range perms[n] {
		if seatings&(1<<i) != 0 && cyc&(1<<cycleOf[n][i]) != 0 {
			out |= 1 << i
		}
	}
	return out
}
