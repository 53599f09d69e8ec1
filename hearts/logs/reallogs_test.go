package logs

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
)

// needRealLogs returns the folder of the real Hearts logs. Without it the
// test skips with a message, or fails when the environment variable CI is
// set.
func needRealLogs(t testing.TB) string {
	t.Helper()
	return testenv.Shared(t, "hearts/logs")
}

// tally counts one repository's files, games, hands and verdicts.
type tally struct {
	files, rejected, games, twoPlayer, hands, verified, determined int
	methods                                                        map[Method]int
	kinds                                                          map[Kind]int
	limits                                                         map[int]int
}

// tallyGames verifies every game and counts by repository (the first
// element of the group's path).
func tallyGames(games []*Game) map[string]*tally {
	out := map[string]*tally{}
	seen := map[string]bool{} // a stamp may hold the end of a game and the start of the next
	var v Verifier
	for _, g := range games {
		repo, _, _ := strings.Cut(g.Group, "/")
		tl := out[repo]
		if tl == nil {
			tl = &tally{methods: map[Method]int{}, kinds: map[Kind]int{}, limits: map[int]int{}}
			out[repo] = tl
		}
		for _, f := range g.Files() {
			if !seen[f.Name] {
				seen[f.Name] = true
				tl.files++
			}
		}
		if len(g.Errors) > 0 {
			tl.rejected++
			continue
		}
		rep := v.Verify(g)
		tl.games++
		if g.Players == 2 {
			tl.twoPlayer++
		}
		tl.methods[rep.Method]++
		tl.limits[rep.Limit]++
		tl.hands += len(g.Hands)
		for _, h := range rep.Hands {
			if h.Verified {
				tl.verified++
			}
			if h.Determined {
				tl.determined++
			}
		}
		for _, d := range rep.Deviations {
			tl.kinds[KindOf(d.Code)]++
		}
	}
	return out
}

// TestRealLogs reads every real log, verifies every game and compares the
// per-repository table with testdata/reallogs.golden. Every file must load
// and every hand verify: the framework aborted a game on any rule error, so
// the logs hold only legal games.
func TestRealLogs(t *testing.T) {
	root := needRealLogs(t)
	fsys := os.DirFS(root)
	games, err := ReadFS(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	byRepo := tallyGames(games)
	repos := make([]string, 0, len(byRepo))
	for r := range byRepo {
		repos = append(repos, r)
	}
	slices.Sort(repos)
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "repository\tfiles\tgames\t2-player\thands\tverified\tdetermined\trule\tscore\tend\tquirk\tplayer-id\treverse-play\tsearched\t")
	var sum tally
	for _, r := range repos {
		tl := byRepo[r]
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r, tl.files, tl.games, tl.twoPlayer, tl.hands, tl.verified, tl.determined,
			tl.kinds[KindRule], tl.kinds[KindScore], tl.kinds[KindEnd], tl.kinds[KindQuirk],
			tl.methods[MethodByPlayer], tl.methods[MethodReversePlay], tl.methods[MethodSearched])
		sum.files += tl.files
		sum.rejected += tl.rejected
		sum.games += tl.games
		sum.twoPlayer += tl.twoPlayer
		sum.hands += tl.hands
		sum.verified += tl.verified
		sum.determined += tl.determined
		for k, n := range tl.kinds {
			if sum.kinds == nil {
				sum.kinds = map[Kind]int{}
			}
			sum.kinds[k] += n
		}
	}
	fmt.Fprintf(w, "total\t%d\t%d\t%d\t%d\t%d\t%d\t\t\t\t\t\t\t\t\n", sum.files, sum.games, sum.twoPlayer, sum.hands, sum.verified, sum.determined)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	limits := map[int]int{}
	for _, tl := range byRepo {
		for l, n := range tl.limits {
			limits[l] += n
		}
	}
	fmt.Fprintf(&b, "\nlimits (games): %v\n", limits)
	writeFacts(&b, fsys, games)
	golden.Check(t, "testdata/reallogs.golden", b.String())
	if sum.files != 1481 || sum.rejected != 0 || sum.verified != sum.hands || len(sum.kinds) != 0 {
		t.Errorf("%d files, %d games rejected, %d of %d hands verified, deviations %v: want 1481 files, every game and hand sound",
			sum.files, sum.rejected, sum.verified, sum.hands, sum.kinds)
	}
}

// writeFacts checks FORMAT.md's claims against the logs and writes what
// the logs show.
func writeFacts(b *strings.Builder, fsys fs.FS, games []*Game) {
	crlf, files := 0, 0
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		files++
		if bytes.Contains(data, []byte("\r\n")) {
			crlf++
		}
		return err
	})
	if err != nil {
		fmt.Fprintf(b, "walk: %v\n", err)
	}
	fmt.Fprintf(b, "line endings: %d files CRLF, %d LF\n", crlf, files-crlf)
	var multiStamp, partial, atLimit, simpleHands, hands, games4, games2 int
	shared := map[*Stamp]int{}
	views := map[string]int{}
	for _, g := range games {
		if len(g.Errors) > 0 {
			continue
		}
		for _, s := range g.Stamps {
			shared[s]++
		}
		if len(g.Stamps) > 1 {
			multiStamp++
		}
		present := 0
		for p := range g.Players {
			if g.IDs[p] != "" {
				present++
			}
		}
		if present < g.Players {
			partial++
			views[fmt.Sprintf("%d of %d", present, g.Players)]++
		}
		if g.Players == 2 {
			games2++
		} else {
			games4++
		}
		rep := Verify(g)
		if rep.TotalsKnown && highest(rep.Totals[:g.Players]) == rep.Limit {
			atLimit++
		}
		for _, h := range rep.Hands {
			hands++
			if h.Method != MethodSearched {
				simpleHands++
			}
		}
	}
	two := 0
	for _, n := range shared {
		if n > 1 {
			two++
		}
	}
	fmt.Fprintf(b, "games: %d of four players, %d of two\n", games4, games2)
	fmt.Fprintf(b, "games spanning several stamps: %d; stamps holding the end of one game and the start of the next: %d\n", multiStamp, two)
	fmt.Fprintf(b, "games seen by only some players: %d %v\n", partial, views)
	fmt.Fprintf(b, "games ending with the highest total exactly at the limit: %d\n", atLimit)
	fmt.Fprintf(b, "hands read in player-id or reverse play order: %d of %d (%.1f%%); the rest searched\n",
		simpleHands, hands, 100*float64(simpleHands)/float64(hands))
}
