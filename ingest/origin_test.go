package ingest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestOrigin checks the rule that qualifies Hearts players. The cases
// before the last two are those of schema's TestMigratePlayers, which
// applies the same rule to the games loaded before schema version 6 (from
// the import's paths as given: patterns unexpanded).
func TestOrigin(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		roots         []string
		source, group string
		want          string
	}{
		{"below a folder", []string{"../hearts"}, "", "../hearts/repoA/logs", "hearts/repoA/logs"},
		{"a trailing slash", []string{"repoB/"}, "", "repoB/logs", "repoB/logs"},
		{"with a source", []string{"other", "x"}, "fit", "x/r/logs", "fit/r/logs"},
		{"the group named", []string{"./repoC"}, "", "repoC", "repoC"},
		{"in an archive", []string{"a.zip"}, "", "a.zip!in/logs", "a.zip/in/logs"},
		{"under no root", []string{"logs/*"}, "", "logs/a", "a"},
		{"under no root, with a source", []string{"logs/*"}, "s", "logs/b", "s"},
		{"the longest root", []string{"h", "h/repoA"}, "", "h/repoA/logs", "repoA/logs"},
		{"the working folder", []string{"."}, "", "repoD/logs", filepath.Base(wd) + "/repoD/logs"},
		{"a pattern's match", []string{"logs/a"}, "", "logs/a", "a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Origin(tc.source, tc.roots, tc.group); got != tc.want {
				t.Errorf("Origin(%q, %q, %q) = %q, want %q", tc.source, tc.roots, tc.group, got, tc.want)
			}
		})
	}
}

// TestHeartsPlayersPerFolder imports two folders that each hold a player
// "1": two players, whether the folders come in one import or two, and
// with --source the source qualifies them.
func TestHeartsPlayersPerFolder(t *testing.T) {
	testenv.Dir(t, realHearts)
	dir := t.TempDir()
	for to, from := range map[string]string{"repoA": "BriefsZero/logs", "repoB": "ReduxLX/staticgame/logs"} {
		if err := os.CopyFS(filepath.Join(dir, to, "logs"), os.DirFS(filepath.Join(realHearts, from))); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "repoA"), filepath.Join(dir, "repoB")
	for _, tc := range []struct {
		name    string
		imports []Options
		want    []string
	}{
		{"one import", []Options{{Paths: []string{a, b}}}, []string{"repoA/logs/1", "repoB/logs/1"}},
		{"two imports", []Options{{Paths: []string{a}}, {Paths: []string{b}}}, []string{"repoA/logs/1", "repoB/logs/1"}},
		{"sources", []Options{{Paths: []string{a}, Source: "x"}, {Paths: []string{b}, Source: "y"}}, []string{"x/logs/1", "y/logs/1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openDB(t, filepath.Join(t.TempDir(), "h.duckdb"))
			for _, o := range tc.imports {
				if _, err := Run(context.Background(), db.DB, o); err != nil {
					t.Fatal(err)
				}
			}
			rows, err := db.Query(`SELECT DISTINCT player FROM game_players WHERE player_id = '1' ORDER BY player`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var p string
				if err := rows.Scan(&p); err != nil {
					t.Fatal(err)
				}
				got = append(got, p)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("players %q, want %q", got, tc.want)
			}
		})
	}
}
