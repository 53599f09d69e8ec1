package store

import (
	"context"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/selection"
)

// TestGamesOnly reads the games of a list of ids: only the selected games
// it lists, in id order, whatever the list's order.
func TestGamesOnly(t *testing.T) {
	dir := t.TempDir()
	simulate(t, dir, "simple", "meldable", 12, 4)
	db := ingestDir(t, dir)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		f    Filter
		want []int64
	}{
		{"all when nil", Filter{}, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{"listed ones in id order", Filter{Keep: Only([]int64{9, 3, 5})}, []int64{3, 5, 9}},
		{"unknown ids left out", Filter{Keep: Only([]int64{2, 40, -1})}, []int64{2}},
		{"empty list reads none", Filter{Keep: Only([]int64{})}, nil},
		{"and the filters", Filter{Keep: Only([]int64{1, 4}), Filters: selection.Filters{Game: 4}}, []int64{4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int64
			for g, err := range Games(ctx, db.DB, tc.f) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, g.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("read %v, want %v", got, tc.want)
			}
		})
	}
}
