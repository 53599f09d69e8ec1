package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testenv"
)

// TestReachableAgreesWithTheSolver compares the brute force with the gin
// package's reachable deadwood on random hands, rich in melds or not: the
// two implementations share nothing.
func TestReachableAgreesWithTheSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		deck := rng.Perm(gin.NumCards)
		if i%2 == 1 { // meld-rich: cards from two suits' low ranks
			deck = rng.Perm(26)
		}
		var names []string
		var hand gin.Hand
		for _, c := range deck[:10] {
			names = append(names, gin.Card(c).String())
			hand = hand.Add(gin.Card(c))
		}
		got, err := Reachable(names)
		if err != nil {
			t.Fatal(err)
		}
		want := gin.ReachableDeadwood(hand).List()
		var keys []int
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Fatalf("%v: brute force %v, solver %v", names, keys, want)
		}
	}
}

// TestVerdict scores rounds between two known final hands: the logged
// player's melds all but HK (deadwood 10, and no other value within a
// knock's limit); the opponent's best is 40, and 49, 64 or 73 with a run
// or both left unmelded.
func TestVerdict(t *testing.T) {
	you := []string{"SA", "S2", "S3", "CA", "C2", "C3", "DA", "D2", "D3", "HK"}
	opp := []string{"SK", "CQ", "DJ", "H2", "H3", "H4", "C7", "C8", "C9", "S10"}
	for _, tc := range []struct {
		name   string
		action string
		points [2]int
		want   Verdict
	}{
		{"knock, optimal", "Knock", [2]int{30, 0}, Verdict{"exact", [2]int{10, 40}, 1}},
		{"knock, a run left unmelded", "Knock", [2]int{39, 0}, Verdict{"explained", [2]int{10, 40}, 1}},
		{"knock, both runs left unmelded", "Knock", [2]int{63, 0}, Verdict{"explained", [2]int{10, 40}, 1}},
		{"gin with deadwood", "Gin", [2]int{65, 0}, Verdict{"impossible", [2]int{10, 40}, 0}},
		{"no such points", "Knock", [2]int{31, 0}, Verdict{"impossible", [2]int{10, 40}, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Round{Number: 1, Action: tc.action, CallerYou: true, Points: tc.points,
				Plays: []Play{{You: false, Hand: opp}, {You: true, Hand: you}}}
			got, err := r.Verdict()
			if err != nil || got != tc.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// TestRead reads the bundled sample and, when present, the real logs.
func TestRead(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			dir := c.Dir(t)
			games, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Summarize(games)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %+v", c.Name, s)
			if s.Games == 0 || s.Rounds < s.Games || s.Plays < 3*s.Rounds || s.Status["impossible"] != 0 {
				t.Errorf("summary %+v", s)
			}
		})
	}
}
