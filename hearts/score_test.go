package hearts

import (
	"fmt"
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		taken  [MaxPlayers]int
		points [MaxPlayers]int
		moon   int
	}{
		{"plain four", 4, [4]int{13, 5, 8, 0}, [4]int{13, 5, 8, 0}, -1},
		{"moon four", 4, [4]int{0, 0, 26, 0}, [4]int{26, 26, 0, 26}, 2},
		{"queen only", 4, [4]int{0, 13, 13, 0}, [4]int{0, 13, 13, 0}, -1},
		{"plain two", 2, [4]int{20, 6}, [4]int{20, 6}, -1},
		{"moon two, seat 0", 2, [4]int{26, 0}, [4]int{0, 26}, 0},
		{"moon two, seat 1", 2, [4]int{0, 26}, [4]int{26, 0}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			points, moon := Score(tc.n, tc.taken)
			if points != tc.points || moon != tc.moon {
				t.Errorf("Score(%d, %v) = %v, %d; want %v, %d", tc.n, tc.taken, points, moon, tc.points, tc.moon)
			}
		})
	}
}

func TestGameOver(t *testing.T) {
	for _, tc := range []struct {
		name   string
		totals []int
		limit  int
		want   bool
	}{
		{"nobody at the limit", []int{99, 20, 30, 40}, 100, false},
		{"exactly the limit", []int{100, 20, 30, 40}, 100, true},
		{"over the limit", []int{126, 20, 30, 40}, 100, true},
		{"tie for lowest", []int{126, 20, 20, 40}, 100, false},
		{"tie for highest is fine", []int{126, 126, 20, 40}, 100, true},
		{"two players", []int{100, 0}, 100, true},
		{"two players tied", []int{104, 104}, 100, false},
		{"other limit", []int{999, 2, 3, 4}, 1000, false},
		{"other limit reached", []int{1000, 2, 3, 4}, 1000, true},
		{"all zero", []int{0, 0, 0, 0}, 100, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := GameOver(tc.totals, tc.limit); got != tc.want {
				t.Errorf("GameOver(%v, %d) = %v, want %v", tc.totals, tc.limit, got, tc.want)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		running [][]int
		want    string
		likely  int
	}{
		{"ends at 100", [][]int{{26, 0, 0, 0}, {52, 10, 3, 13}, {100, 20, 5, 13}}, "53..100 true", 100},
		{"went on past 100", [][]int{{60, 10, 3, 0}, {110, 20, 5, 13}, {500, 20, 5, 13}, {1010, 30, 6, 14}}, "501..1010 true", 1000},
		{"not over at the end", [][]int{{60, 10, 3, 0}, {90, 90, 5, 5}}, "61..90 false", 70},
		{"passed a possible end", [][]int{{130, 10, 3, 0}, {126, 20, 5, 13}}, "131..126 false", 126},
		{"ties keep it going", [][]int{{120, 0, 0, 50}, {140, 10, 3, 60}}, "1..140 true", 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi, ok := Limits(tc.running)
			if got := fmt.Sprintf("%d..%d %v", lo, hi, ok); got != tc.want {
				t.Errorf("Limits = %s, want %s", got, tc.want)
			}
			if got := LikelyLimit(lo, hi); got != tc.likely {
				t.Errorf("LikelyLimit(%d, %d) = %d, want %d", lo, hi, got, tc.likely)
			}
		})
	}
}

func TestCheckEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		running [][MaxPlayers]int
		want    string
	}{
		{"ends on its last hand", [][MaxPlayers]int{{50, 26, 0, 2}, {100, 26, 10, 20}}, ""},
		{"goes on after its end", [][MaxPlayers]int{{100, 26, 0, 2}, {126, 26, 0, 2}}, "game-continues@2"},
		{"stops before its end", [][MaxPlayers]int{{50, 26, 0, 2}, {90, 26, 10, 20}}, "game-unfinished@2"},
		{"tied for lowest at the end", [][MaxPlayers]int{{50, 26, 0, 2}, {110, 26, 10, 10}}, "game-unfinished@2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, v := range CheckEnd(tc.running, 4, DefaultLimit) {
				got = append(got, fmt.Sprintf("%s@%d", v.Code, v.Hand))
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("CheckEnd = %q, want %q", s, tc.want)
			}
		})
	}
}
