package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
)

// TestKeyOfMatchesTheDatabase: the keys the planner computes for a game's
// hashes are the ones known-keys.sql reads back for it, mirrors included
// (no canonical key).
func TestKeyOfMatchesTheDatabase(t *testing.T) {
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Meldable[:4]...)
	testlogs.Copy(t, dir, testlogs.Simple[0])
	testlogs.CopyMirror(t, filepath.Join(dir, "mirror"), testlogs.Simple[0])
	db := openDB(t, "")
	if s, _ := run(t, db.DB, dir); s.New != 5 || s.Mirrors != 1 {
		t.Fatalf("summary %+v, want 5 new games and 1 mirror", s)
	}
	content, canonical, _, err := readKnown(context.Background(), db.DB)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT game_id, content_hash, canonical_hash, mirror_of IS NULL FROM games ORDER BY game_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	games, originals := 0, 0
	for rows.Next() {
		var id int64
		var c, k string
		var original bool
		if err := rows.Scan(&id, &c, &k, &original); err != nil {
			t.Fatal(err)
		}
		games++
		if got, ok := content.find(keyOf(c)); !ok || got != id {
			t.Errorf("game %d: content key of %s finds %d, %v", id, c, got, ok)
		}
		got, ok := canonical.find(keyOf(k))
		switch {
		case original && (!ok || got != id):
			t.Errorf("game %d: canonical key of %s finds %d, %v", id, k, got, ok)
		case !original && (!ok || got == id):
			t.Errorf("mirror %d: canonical key finds %d, %v; want its original", id, got, ok)
		}
		if original {
			originals++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(content.known) != games || len(canonical.known) != originals || games != 6 || originals != 5 {
		t.Errorf("%d content and %d canonical keys for %d games, %d originals", len(content.known), len(canonical.known), games, originals)
	}
}

func TestKeyOf(t *testing.T) {
	sum := sha256.Sum256([]byte("a game"))
	digest := hex.EncodeToString(sum[:])
	for _, tc := range []struct {
		name string
		hash string
		want hashKey
	}{
		{"zeros", "0000000000000000000000000000000000000000000000000000000000000000", hashKey{0, 0}},
		{"ones at the ends of the halves", "0000000000000001000000000000000100000000000000000000000000000000", hashKey{1, 1}},
		{"the last bits are not part of the key", "ffffffffffffffff000000000000000fffffffffffffffffffffffffffffffff", hashKey{1<<64 - 1, 15}},
		{"upper case", "FFFFFFFFFFFFFFFF000000000000000Fffffffffffffffffffffffffffffffff", hashKey{1<<64 - 1, 15}},
		{"a digest", digest, hashKey{uint64(sum[0])<<56 | uint64(sum[1])<<48 | uint64(sum[2])<<40 | uint64(sum[3])<<32 |
			uint64(sum[4])<<24 | uint64(sum[5])<<16 | uint64(sum[6])<<8 | uint64(sum[7]),
			uint64(sum[8])<<56 | uint64(sum[9])<<48 | uint64(sum[10])<<40 | uint64(sum[11])<<32 |
				uint64(sum[12])<<24 | uint64(sum[13])<<16 | uint64(sum[14])<<8 | uint64(sum[15])}},
		{"not hexadecimal", "zz" + digest[2:], digestKey("zz" + digest[2:])},
		{"too short", "abc", digestKey("abc")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keyOf(tc.hash); got != tc.want {
				t.Errorf("keyOf(%q) = %x, want %x", tc.hash, got, tc.want)
			}
		})
	}
	if keyOf("abc") == keyOf("abd") {
		t.Error("two short strings share a key")
	}
}

// TestHashIndexAgainstAMap: whatever was loaded before and added since,
// the index finds what a map of every hash finds.
func TestHashIndexAgainstAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	hash := func(i int) string {
		sum := sha256.Sum256([]byte(fmt.Sprint(i)))
		return hex.EncodeToString(sum[:])
	}
	for trial := range 200 {
		ref := map[string]int64{}
		var known []keyed
		nKnown, nAdded := r.IntN(200), r.IntN(200)
		for i := range nKnown {
			h := hash(r.IntN(1000))
			if _, ok := ref[h]; ok {
				continue // the database holds a content once
			}
			ref[h] = int64(i + 1)
			known = append(known, keyed{keyOf(h), int64(i + 1)})
		}
		x := newHashIndex(known)
		// Runs of one, three and sixteen keys, and the default: the
		// merges of the import's keys are checked too.
		x.tailMax = []int{1, 3, 16, tailRun}[trial%4]
		for i := range nAdded {
			h := hash(r.IntN(1000))
			id, ok := x.find(keyOf(h))
			if want, wantOK := ref[h]; ok != wantOK || id != want {
				t.Fatalf("trial %d: find %s = %d, %v; want %d, %v", trial, h, id, ok, want, wantOK)
			}
			if !ok {
				ref[h] = int64(nKnown + i + 1)
				x.add(keyOf(h), int64(nKnown+i+1))
			}
		}
		for i, r := range x.added.runs {
			if !slices.IsSortedFunc(r, func(a, b keyed) int { return compareKeys128(a.key, b.key) }) {
				t.Fatalf("trial %d: run %d is not sorted", trial, i)
			}
			if i > 0 && len(x.added.runs[i-1]) <= 2*len(r) {
				t.Fatalf("trial %d: run %d of %d keys follows one of %d", trial, i, len(r), len(x.added.runs[i-1]))
			}
		}
		for h, want := range ref {
			if got, ok := x.find(keyOf(h)); !ok || got != want {
				t.Fatalf("trial %d: %s finds %d, %v; want %d", trial, h, got, ok, want)
			}
		}
	}
}
