package logs

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/logfile"
	"golang.org/x/tools/txtar"
)

// summary describes games as a test compares them: each game's files,
// errors, hands and hashes.
func summary(games []*Game) []string {
	var out []string
	for _, g := range games {
		var names []string
		for _, f := range g.Files() {
			names = append(names, f.Name+" "+f.SHA256)
		}
		content, canonical := g.Hashes()
		out = append(out, fmt.Sprintf("%q errors %v hands %d hashes %s %s", names, g.Errors, len(g.Hands), content, canonical))
	}
	return out
}

// TestStreamMatchesReadFS reads every malformed case both ways, the files
// given to Stream in reverse order and on two workers: the same games in
// the same order.
func TestStreamMatchesReadFS(t *testing.T) {
	cases, err := filepath.Glob("testdata/malformed/*.txtar")
	if err != nil || len(cases) == 0 {
		t.Fatalf("%d cases: %v", len(cases), err)
	}
	for _, path := range cases {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{}
			var sources []Source
			for _, f := range slices.Backward(ar.Files) {
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
				if filepath.Ext(f.Name) == ".csv" {
					sources = append(sources, Source{Name: f.Name, Read: func() ([]byte, *logfile.FileError) { return f.Data, nil }})
				}
			}
			want, err := ReadFS(fsys, ".")
			if err != nil {
				t.Fatal(err)
			}
			var got []*Game
			if err := Stream(context.Background(), sources, 2, func(g *Game) error { got = append(got, g); return nil }); err != nil {
				t.Fatal(err)
			}
			if g, w := summary(got), summary(want); !slices.Equal(g, w) {
				t.Errorf("Stream read\n%q\nReadFS\n%q", g, w)
			}
		})
	}
}

// TestStreamUnreadable checks that a file Stream cannot read rejects its
// game with its defect, and that an error of yield stops Stream.
func TestStreamUnreadable(t *testing.T) {
	bad := &logfile.FileError{File: "g/p/100.csv", Code: "too-large", Msg: "too large"}
	sources := []Source{{Name: bad.File, Read: func() ([]byte, *logfile.FileError) { return nil, bad }}}
	var games []*Game
	if err := Stream(context.Background(), sources, 0, func(g *Game) error { games = append(games, g); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || !slices.Equal(games[0].Errors, []*logfile.FileError{bad}) {
		t.Fatalf("games %q, want one rejected by %v", summary(games), bad)
	}
	if f := games[0].Files()[0]; f.SHA256 != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" || f.Stamp != 100 || f.Player != "p" {
		t.Errorf("file %+v: want the hash of no bytes and the parts of its name", f)
	}
	stop := errors.New("stop")
	if err := Stream(context.Background(), sources, 1, func(*Game) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("Stream returned %v, want yield's error", err)
	}
}
