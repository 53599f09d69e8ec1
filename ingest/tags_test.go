package ingest

import (
	"context"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
)

// TestDuplicatesKeepTheirTags: importing games already loaded with other
// tags changes nothing, and says how many kept tags other than the
// import's.
func TestDuplicatesKeepTheirTags(t *testing.T) {
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Meldable[:3]...)
	for _, tc := range []struct {
		name             string
		opponent, source string
		want             int
	}{
		{"no tags given", "", "", 0},
		{"the same opponent", "meldable", "", 0},
		{"another opponent", "bot7", "", 3},
		{"a source where there is none", "", "ladder", 3},
		{"the same opponent and another source", "meldable", "ladder", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openDB(t, "")
			if _, err := Run(context.Background(), db.DB, Options{Paths: []string{dir}, Opponent: "meldable"}); err != nil {
				t.Fatal(err)
			}
			s, err := Run(context.Background(), db.DB, Options{Paths: []string{dir}, Opponent: tc.opponent, Source: tc.source})
			if err != nil {
				t.Fatal(err)
			}
			if s.Duplicates != 3 || s.TagsKept != tc.want {
				t.Errorf("%d duplicates, %d kept their tags; want 3, %d", s.Duplicates, s.TagsKept, tc.want)
			}
			if n := count(t, db.DB, `SELECT count(*) FROM games WHERE opponent = 'meldable' AND source IS NULL`); n != 3 {
				t.Errorf("the tags changed: %d games still tagged as first imported", n)
			}
		})
	}
	// A game twice in one import is a duplicate of a game new to it,
	// which carries the import's tags.
	other := t.TempDir()
	testlogs.Copy(t, other, testlogs.Meldable[:3]...)
	db := openDB(t, "")
	s, err := Run(context.Background(), db.DB, Options{Paths: []string{dir, other}, Opponent: "bot7"})
	if err != nil {
		t.Fatal(err)
	}
	if s.New != 3 || s.Duplicates != 3 || s.TagsKept != 0 {
		t.Errorf("the same games twice in a first import: %+v", s)
	}
}
