package logs

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/logfile"
	"golang.org/x/tools/txtar"
)

// TestMalformed runs every case of testdata/malformed: a txtar archive of
// log files whose comment lists every error wanted ("want: file:line:column:
// code"), every deviation ("deviation: file:line:column: code"), and how
// many games load and verify. Each case holds a sound game at stamp 100
// beside the broken one, which must cost it nothing.
func TestMalformed(t *testing.T) {
	files, err := filepath.Glob("testdata/malformed/*.txtar")
	if err != nil || len(files) < 25 {
		t.Fatalf("%d malformed cases, want at least 25", len(files))
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{}
			for _, f := range ar.Files {
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			var want []string
			wantGames, wantVerified := -1, -1
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				switch key, val, _ := strings.Cut(line, ": "); key {
				case "want", "deviation":
					want = append(want, line)
				case "games":
					if wantGames, err = strconv.Atoi(val); err != nil {
						t.Fatalf("games: %v", err)
					}
				case "verified":
					if wantVerified, err = strconv.Atoi(val); err != nil {
						t.Fatalf("verified: %v", err)
					}
				}
			}
			games, err := ReadFS(fsys, ".")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			loaded, verified, goodOK := 0, 0, false
			for _, g := range games {
				for _, e := range g.Errors {
					got = append(got, fmt.Sprintf("want: %s:%d:%d: %s", e.File, e.Line, e.Column, e.Code))
					if e.Msg == "" {
						t.Errorf("error %v has no message", e)
					}
				}
				if len(g.Errors) > 0 {
					continue
				}
				loaded++
				rep := Verify(g)
				if rep.Verified() {
					verified++
					goodOK = goodOK || g.Stamps[0].Time == 100
				}
				for _, d := range rep.Deviations {
					got = append(got, fmt.Sprintf("deviation: %s:%d:%d: %s", d.File, d.Line, d.Column, d.Code))
					if d.Msg == "" || d.Hand < 1 {
						t.Errorf("deviation %+v has no message or hand", d)
					}
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			if loaded != wantGames || verified != wantVerified {
				t.Errorf("%d games loaded, %d verified; want %d and %d", loaded, verified, wantGames, wantVerified)
			}
			if !goodOK {
				t.Error("the sound game at stamp 100 did not load and verify")
			}
		})
	}
}

// TestDeviationCodes checks that every code a test meets is listed with a
// meaning, and that a rejected game never counts as verified.
func TestDeviationCodes(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range DeviationCodes {
		if c[1] == "" || listed[c[0]] {
			t.Errorf("code %q listed twice or without a meaning", c[0])
		}
		listed[c[0]] = true
	}
	for _, code := range []string{"lead", "bleeding", "breaking", "renege", "score", "game-continues", "game-unfinished", CodeNoLegalOrder, CodeEndUnknown, CodeFirst} {
		if !listed[code] {
			t.Errorf("code %q is not listed", code)
		}
	}
	if rep := Verify(&Game{Errors: []*logfile.FileError{{Code: CodeBadCard}}}); rep.Verified() {
		t.Error("a rejected game verifies")
	}
}
