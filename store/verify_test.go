package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
)

// TestVerifyAllStopped re-verifies every game in batches of a few games,
// two at a time, with rollup groups of blocks that span batches, and stops
// the run part-way: every game keeps a verification (its earlier one or
// its new one, equal here), and no rollup group is left over a block
// holding a game verified again. Run to its end, the same re-verify
// replaces every result: the batches forgetting the same block's groups
// do not conflict.
func TestVerifyAllStopped(t *testing.T) {
	dir := t.TempDir()
	simulate(t, dir, "simple", "meldable", 60, 5)
	db := ingestDir(t, dir)
	ctx := context.Background()
	if _, err := Verify(ctx, db.DB, Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(ctx, db.DB, 8); err != nil {
		t.Fatal(err)
	}
	weight := ginKind.batchWeight
	ginKind.batchWeight = 300 // two or three games a batch
	t.Cleanup(func() { ginKind.batchWeight = weight })
	want := testschema.VerdictsDigest(t, db.DB)
	groups := count(t, db.DB, `SELECT count(*) FROM rollup_groups`)
	if groups == 0 {
		t.Fatal("no rollup groups to forget")
	}
	for _, stopAt := range []int{1, 10, 30, 45} {
		t.Run(fmt.Sprintf("stopped after %d games", stopAt), func(t *testing.T) {
			since := time.Now().UTC()
			stopCtx, stop := context.WithCancel(ctx)
			defer stop()
			n := 0
			_, err := Verify(stopCtx, db.DB, Selection{All: true}, nil, func() {
				if n++; n == stopAt {
					stop()
				}
			})
			if err == nil {
				t.Fatal("stopped Verify: no error")
			}
			if got := testschema.VerdictsDigest(t, db.DB); got != want {
				t.Errorf("after the stop:\n%s\nwant:\n%s", got, want)
			}
			again := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM game_checks WHERE verified_at >= '%s'`, since.Format("2006-01-02 15:04:05.999999")))
			if again < stopAt || again == 60 {
				t.Errorf("%d games verified again, want from %d to 59: the stop came at the wrong point", again, stopAt)
			}
			// A block holding a game verified again has no group left.
			stale := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM rollup_groups u JOIN game_checks c
				ON c.game_id - c.game_id %% u.block_games = u.block WHERE c.verified_at >= '%s'`, since.Format("2006-01-02 15:04:05.999999")))
			if stale != 0 {
				t.Errorf("%d rollup groups over games verified again", stale)
			}
			if err := queries.RefreshRollups(ctx, db.DB, 0); err != nil {
				t.Fatal(err)
			}
		})
	}
	s, err := Verify(ctx, db.DB, Selection{All: true}, nil, nil)
	if err != nil || s.Games != 60 {
		t.Fatalf("--all run to its end: %+v %v", s, err)
	}
	if got := testschema.VerdictsDigest(t, db.DB); got != want {
		t.Errorf("after --all:\n%s\nwant:\n%s", got, want)
	}
	if n := count(t, db.DB, `SELECT count(*) FROM rollup_groups`); n != 0 {
		t.Errorf("%d rollup groups left after --all, want every block forgotten", n)
	}
}

// TestReplacingClaims: each block with rollup groups is forgotten by the
// first batch to claim it; a later batch with a game in it waits for that
// batch's commit, and fails if it did not commit.
func TestReplacingClaims(t *testing.T) {
	r := &replacing{block: 10, claims: map[int64]*claim{0: nil, 10: nil, 30: nil}}
	type claimed struct {
		blocks  []int64
		mine    *claim
		earlier []*claim
	}
	take := func(ids ...int64) claimed {
		b, m, e := r.claim(ids)
		return claimed{b, m, e}
	}
	a := take(1, 5, 12)
	b := take(15, 25, 31)
	c := take(21, 22)
	d := take(3, 35)
	for _, tc := range []struct {
		name    string
		got     claimed
		blocks  []int64
		claims  bool
		earlier []*claim
	}{
		{"first", a, []int64{0, 10}, true, nil},
		{"second", b, []int64{30}, true, []*claim{a.mine}},
		{"no groups", c, nil, false, nil},
		{"all claimed", d, nil, false, []*claim{a.mine, b.mine}},
	} {
		if !slices.Equal(tc.got.blocks, tc.blocks) || (tc.got.mine != nil) != tc.claims || !slices.Equal(tc.got.earlier, tc.earlier) {
			t.Errorf("%s: blocks %v, a claim %v, %d earlier; want %v, %v, %d", tc.name,
				tc.got.blocks, tc.got.mine != nil, len(tc.got.earlier), tc.blocks, tc.claims, len(tc.earlier))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := await(ctx, d.earlier); !errors.Is(err, context.Canceled) {
		t.Errorf("await before the commits, cancelled: %v", err)
	}
	a.mine.end(true)
	b.mine.end(false)
	if err := await(context.Background(), b.earlier); err != nil {
		t.Errorf("await a commit: %v", err)
	}
	if err := await(context.Background(), d.earlier); !errors.Is(err, errClaimFailed) {
		t.Errorf("await a failure: %v, want errClaimFailed", err)
	}
	if _, m, _ := (*replacing)(nil).claim([]int64{1}); m != nil {
		t.Error("a run that only adds claims a block")
	}
}
