package verdicts_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/store"
	"github.com/ginlog/ginlog/store/verdicts"
)

// TestSummarize: the stored verdicts of the sample and the real logs add
// up to what verify counted as it stored them, range of ids by range and
// all together; a range without games adds up to nothing.
func TestSummarize(t *testing.T) {
	ctx := context.Background()
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			db := testschema.Open(t)
			s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{c.Dir(t)}})
			if err != nil || s.New == 0 {
				t.Fatalf("ingest: %+v %v", s, err)
			}
			// Three ranges, verified one after the other, then all of them.
			all := replay.NewSummary()
			for _, r := range [][2]int64{{s.FirstGame, s.FirstGame + 2}, {s.FirstGame + 3, s.LastGame - 2}, {s.LastGame - 1, s.LastGame}} {
				want, err := store.Verify(ctx, db.DB, store.Selection{From: r[0], To: r[1]}, nil, nil)
				if err != nil || want.Games == 0 {
					t.Fatalf("verify games %d to %d: %+v %v", r[0], r[1], want, err)
				}
				all.Merge(want)
				check(t, db.DB, r[0], r[1], want)
			}
			check(t, db.DB, s.FirstGame, s.LastGame, all)
			check(t, db.DB, s.LastGame+1, s.LastGame+10, replay.NewSummary())
		})
	}
}

// check compares the summary of the verdicts of games first to last with
// want, but for the times.
func check(t *testing.T, db *sql.DB, first, last int64, want *replay.Summary) {
	t.Helper()
	got, err := verdicts.Summarize(context.Background(), db, first, last)
	if err != nil {
		t.Fatal(err)
	}
	w := *want
	w.Seconds, w.GamesPerS = 0, 0
	if fmt.Sprint(got) != fmt.Sprint(&w) {
		t.Errorf("games %d to %d: summarized %+v, verify counted %+v", first, last, got, &w)
	}
}
