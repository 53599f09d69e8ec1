package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFindOrder pins the order in which the finder hands games on, which
// game ids follow: the paths in the order named, a folder's own logs by
// timestamp before its subfolders and archives in name order, the files
// named one by one last, and each file once however it is reached.
func TestFindOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		// setup builds the case under dir and returns the paths to find.
		setup func(t *testing.T, dir string) []string
		want  []string // the pairs' game keys, relative to dir
	}{
		{
			name: "a folder's logs by timestamp, then its subfolders and archives by name",
			setup: func(t *testing.T, dir string) []string {
				logs := filepath.Join(dir, "logs")
				for _, ts := range []int{10, 9, 300} {
					writeGame(t, logs, ts)
				}
				writeGame(t, filepath.Join(logs, "c"), 2)
				writeGame(t, filepath.Join(logs, "a"), 5)
				writeZip(t, filepath.Join(logs, "b.zip"),
					zipEntry{name: "inner/4.csv", data: []byte(goodTurns)}, zipEntry{name: "inner/4-score.csv", data: []byte(scoreFile(4))},
					zipEntry{name: "1.csv", data: []byte(goodTurns)}, zipEntry{name: "1-score.csv", data: []byte(scoreFile(1))})
				return []string{logs}
			},
			want: []string{"logs/9", "logs/10", "logs/300", "logs/a/5", "logs/b.zip!./1", "logs/b.zip!inner/4", "logs/c/2"},
		},
		{
			name: "paths in the order named",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, filepath.Join(dir, "one"), 20)
				writeGame(t, filepath.Join(dir, "two"), 10)
				return []string{filepath.Join(dir, "two"), filepath.Join(dir, "one")}
			},
			want: []string{"two/10", "one/20"},
		},
		{
			name: "files named one by one last, by timestamp",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, filepath.Join(dir, "x"), 8)
				writeGame(t, filepath.Join(dir, "x"), 7)
				writeGame(t, filepath.Join(dir, "logs"), 50)
				x := filepath.Join(dir, "x")
				return []string{filepath.Join(x, "8.csv"), filepath.Join(x, "8-score.csv"), filepath.Join(dir, "logs"),
					filepath.Join(x, "7-score.csv"), filepath.Join(x, "7.csv")}
			},
			want: []string{"logs/50", "x/7", "x/8"},
		},
		{
			name: "a file named and found in a folder is read once, with its folder",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 5)
				writeGame(t, dir, 6)
				return []string{filepath.Join(dir, "6.csv"), dir, filepath.Join(dir, "6.csv")}
			},
			want: []string{"5", "6"},
		},
		{
			name: "a timestamp written with leading zeros",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 5)
				must(t, os.WriteFile(filepath.Join(dir, "05.csv"), []byte(goodTurns), 0o644))
				must(t, os.WriteFile(filepath.Join(dir, "05-score.csv"), []byte(scoreFile(9)), 0o644))
				writeGame(t, dir, 4)
				return []string{dir}
			},
			want: []string{"4", "05", "5"},
		},
		{
			name: "browser copies after the game they copy",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 7)
				must(t, os.WriteFile(filepath.Join(dir, "7 (1).csv"), []byte(goodTurns), 0o644))
				must(t, os.WriteFile(filepath.Join(dir, "7-score (1).csv"), []byte(scoreFile(3)), 0o644))
				writeGame(t, dir, 8)
				return []string{dir}
			},
			want: []string{"7", "7 (1)", "8"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			paths := tc.setup(t, dir)
			for run := range 2 {
				pairs, _, err := findAll(context.Background(), paths)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, p := range pairs {
					got = append(got, strings.TrimPrefix(p.key, dir+"/"))
					if p.turns == nil || p.scores == nil {
						t.Errorf("game %s is not paired", p.key)
					}
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("run %d: order %q, want %q", run+1, got, tc.want)
				}
			}
		})
	}
}

// TestSkipsAreCapped checks that an import counts every file it skipped
// but names only the first MaxSkipsListed.
func TestSkipsAreCapped(t *testing.T) {
	for _, tc := range []struct {
		name   string
		others int
	}{
		{"under the cap", 3},
		{"at the cap", MaxSkipsListed},
		{"past the cap", MaxSkipsListed + 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeGame(t, dir, 100)
			for i := range tc.others {
				must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("notes-%d.txt", i)), nil, 0o644))
			}
			db := openDB(t, "")
			s, err := Run(context.Background(), db.DB, Options{Paths: []string{dir}})
			if err != nil {
				t.Fatal(err)
			}
			if s.Skipped != tc.others || len(s.SkippedFiles) != min(tc.others, MaxSkipsListed) || s.New != 1 {
				t.Errorf("skipped %d, %d named, %d new; want %d, %d named, 1 new", s.Skipped, len(s.SkippedFiles), s.New, tc.others, min(tc.others, MaxSkipsListed))
			}
		})
	}
}

// TestFindStreams checks that the finder hands a folder's games on before
// it lists the next folder: a game written into the second folder while
// the first is being handed on is found. A finder that collected every
// file before handing any on would miss it.
func TestFindStreams(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeGame(t, first, 1)
	writeGame(t, first, 2)
	writeGame(t, second, 3)
	f, err := newFinder([]string{first, second})
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	items := make(chan item) // unhurried: the finder waits for each item taken
	done := make(chan error, 1)
	go func() { done <- f.run(context.Background(), items) }()
	var got []string
	for it := range items {
		if it.p == nil {
			continue
		}
		got = append(got, strings.TrimPrefix(it.p.key, dir+"/"))
		if len(got) == 1 {
			// The finder is waiting to hand on a/2: b is not listed yet.
			writeGame(t, second, 4)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := []string{"a/1", "a/2", "b/3", "b/4"}; !slices.Equal(got, want) {
		t.Errorf("found %q, want %q", got, want)
	}
}
