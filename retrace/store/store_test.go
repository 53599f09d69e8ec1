package store

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/bots"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/retrace"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
)

// TestLoadKeepsHandOrder writes simulated games as logs, ingests them into
// a real database and reads them back: every hand in the order the log
// lists it, every score row as logged.
func TestLoadKeepsHandOrder(t *testing.T) {
	dir := t.TempDir()
	var want []*retrace.Game
	for i := range 5 {
		rng := rand.New(rand.NewPCG(11, uint64(i)))
		a, _ := bots.New("simple", rng)
		b, _ := bots.New("meldable", rng)
		rec, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{a, b})
		if err != nil {
			t.Fatal(err)
		}
		ts := int64(1700000000 + i)
		if err := sim.WriteGame(dir, &sim.Game{Index: i, Timestamp: ts, Record: rec}); err != nil {
			t.Fatal(err)
		}
		g := &retrace.Game{ID: int64(i + 1), Timestamp: ts}
		for _, r := range rec.Rounds {
			rr := retrace.Round{Number: r.Number, YouPoints: r.Points[0], OppPoints: r.Points[1], Action: r.Call, CallerYou: r.Caller == 0}
			for _, p := range r.Plays {
				rr.Plays = append(rr.Plays, retrace.Play{You: p.Seat == 0, Hand: slices.Clone(p.Hand), Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded})
			}
			g.Rounds = append(g.Rounds, rr)
		}
		want = append(want, g)
	}
	ctx := context.Background()
	db, err := schema.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	got, err := Load(ctx, db.DB, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded games differ from the logs written")
	}
	one, err := Load(ctx, db.DB, 3)
	if err != nil || len(one) != 1 || !reflect.DeepEqual(one[0], want[2]) {
		t.Errorf("game 3: %v, %d games", err, len(one))
	}
	if _, err := Load(ctx, db.DB, 42); err == nil {
		t.Error("game 42 loaded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 10 {
		t.Errorf("%d log files", len(entries))
	}
}
