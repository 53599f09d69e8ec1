package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/store"
)

// bigGame writes game ts into dir with rounds rounds of plays plays each:
// well-formed rows (not a legal game: verify finds violations, which is
// fine here).
func bigGame(t *testing.T, dir string, ts, rounds, plays int) {
	t.Helper()
	var turns, scores strings.Builder
	for r := 1; r <= rounds; r++ {
		for range plays {
			fmt.Fprintf(&turns, "%d,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8,0,S4,S7,CK\r\n", r)
		}
		fmt.Fprintf(&scores, "%d,0,1,Knock,0\r\n", r)
	}
	must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.csv", ts)), []byte(turns.String()), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d-score.csv", ts)), []byte(scores.String()), 0o644))
}

// TestSizeLimits imports games at and past the limits on rounds and plays:
// at the limit a game loads and verifies with every round and ply number
// read back as written; past it (and at 32,768, where a SMALLINT wraps)
// the game gets a located error and the good game beside it loads.
func TestSizeLimits(t *testing.T) {
	for _, tc := range []struct {
		name          string
		rounds, plays int
		errors        []string // the first errors, file:line:column: code
	}{
		{"rounds at the limit", ginlogs.MaxRounds, 1, nil},
		{"rounds past the limit", ginlogs.MaxRounds + 1, 1, []string{
			fmt.Sprintf("500.csv:%d:1: too-many-rounds", ginlogs.MaxRounds+1),
			fmt.Sprintf("500-score.csv:%d:1: too-many-rounds", ginlogs.MaxRounds+1)}},
		{"32768 rounds", 32768, 1, []string{
			fmt.Sprintf("500.csv:%d:1: too-many-rounds", ginlogs.MaxRounds+1),
			fmt.Sprintf("500-score.csv:%d:1: too-many-rounds", ginlogs.MaxRounds+1)}},
		{"plays at the limit", 1, ginlogs.MaxPlaysPerRound, nil},
		{"plays past the limit", 1, ginlogs.MaxPlaysPerRound + 1, []string{fmt.Sprintf("500.csv:%d:1: too-many-plays", ginlogs.MaxPlaysPerRound+1)}},
		{"32768 plays", 1, 32768, []string{fmt.Sprintf("500.csv:%d:1: too-many-plays", ginlogs.MaxPlaysPerRound+1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeGame(t, dir, 100)
			bigGame(t, dir, 500, tc.rounds, tc.plays)
			db := openDB(t, "")
			s, errs := run(t, db.DB, dir)
			var got []string
			for _, e := range errs {
				parts := strings.SplitN(strings.TrimPrefix(e, dir+string(filepath.Separator)), ": ", 3)
				got = append(got, parts[0]+": "+parts[1])
			}
			for i, w := range tc.errors {
				if !containsAt(got, w) {
					t.Errorf("error %d: want %s among\n  %s", i, w, strings.Join(got, "\n  "))
				}
			}
			if count(t, db.DB, `SELECT count(*) FROM games WHERE log_ts = 100`) != 1 {
				t.Error("the good game was not loaded")
			}
			if len(tc.errors) > 0 {
				if s.Rejected != 1 || s.New != 1 {
					t.Errorf("summary %+v, want the big game rejected", s)
				}
				return
			}
			if len(errs) != 0 || s.New != 2 {
				t.Fatalf("summary %+v errors %v", s, errs)
			}
			if _, err := store.Verify(context.Background(), db.DB, store.Selection{}, nil, nil); err != nil {
				t.Fatal(err)
			}
			if err := queries.RefreshRollups(context.Background(), db.DB, 0); err != nil {
				t.Fatal(err)
			}
			big := `game_id = (SELECT game_id FROM games WHERE log_ts = 500)`
			for _, c := range []struct {
				q    string
				want int
			}{
				{`SELECT max(round) FROM rounds WHERE ` + big, tc.rounds},
				{`SELECT count(DISTINCT round) FROM round_checks WHERE ` + big, tc.rounds},
				{`SELECT max(ply) FROM plays WHERE ` + big, tc.plays},
				{`SELECT max(plays) FROM rounds WHERE ` + big, tc.plays},
				{`SELECT max(ply) FROM play_features WHERE ` + big, tc.plays},
				{`SELECT count(*) FROM plays WHERE ply < 1 OR round < 1`, 0},
				{`SELECT count(*) FROM play_features WHERE ply < 1 OR round < 1 OR turn < 1`, 0},
				{`SELECT count(*) FROM violations WHERE ply < 1 OR round < 1`, 0},
			} {
				if got := count(t, db.DB, c.q); got != c.want {
					t.Errorf("%s = %d, want %d", c.q, got, c.want)
				}
			}
		})
	}
}

func containsAt(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
