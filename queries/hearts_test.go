package queries_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
)

const realHearts = "../../shared/hearts/logs"

// heartsDB ingests and verifies the Hearts logs in dir into a fresh
// in-memory database.
func heartsDB(t *testing.T, dir string) *sql.DB {
	t.Helper()
	return testdb.Load(t, dir, ingest.Options{})
}

// TestHeartsGolden runs every Hearts query on the real Hearts logs.
func TestHeartsGolden(t *testing.T) {
	db := heartsDB(t, realHearts)
	qs := queries.ForGame(queries.GameHearts)
	if len(qs) != 10 {
		t.Errorf("%d Hearts queries, want 10", len(qs))
	}
	for _, q := range qs {
		t.Run(q.Name, func(t *testing.T) {
			res, err := queries.Run(context.Background(), db, q, selection.Filters{MinSample: 10})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			tbl := &render.Table{Rows: res.Rows}
			for _, c := range res.Columns {
				tbl.Columns = append(tbl.Columns, render.Column{Name: c})
			}
			if err := render.Write(&b, render.Text, tbl, render.Piped); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "hearts", q.Name+".tsv"), b.String())
		})
	}
}

// TestHeartsAgainstLogs checks the Hearts queries' counts against the same
// counts made straight from the files: hearts/logs' reports, the logged scores
// and hearts.Analyse of every determined hand.
func TestHeartsAgainstLogs(t *testing.T) {
	db := heartsDB(t, realHearts)
	games, err := logs.ReadFS(os.DirFS(realHearts), ".")
	if err != nil {
		t.Fatal(err)
	}
	// The reference counts, by player: its id qualified by the game's
	// origin, as ingest names it.
	points := map[string]int{}
	queenTaken, queenDumped, firstHeart, moons, attempts, leadsOpen, heartLeads := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	determined := 0
	for _, g := range games {
		rep := logs.Verify(g)
		n := g.Players
		origin := ingest.Origin("", []string{realHearts}, realHearts+"/"+g.Group)
		id := func(p int) string {
			if g.IDs[p] == "" {
				return ""
			}
			return origin + "/" + g.IDs[p]
		}
		for i := range g.Hands {
			h, r := &g.Hands[i], &rep.Hands[i]
			for p := range n {
				if id(p) != "" && h.Logged[p] {
					points[id(p)] += h.Score[p]
				}
			}
			if !r.Determined {
				continue
			}
			determined++
			tricks := make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n))
			for k, c := range h.Cards {
				tricks[k/n][r.Seats[k]] = c
			}
			f := hearts.Analyse(n, tricks)
			if id(f.QueenTo) != "" {
				queenTaken[id(f.QueenTo)]++
			}
			if f.QueenDumped && id(f.QueenBy) != "" {
				queenDumped[id(f.QueenBy)]++
			}
			if id(f.FirstHeart) != "" {
				firstHeart[id(f.FirstHeart)]++
			}
			if f.Moon >= 0 && id(f.Moon) != "" {
				moons[id(f.Moon)]++
			}
			if f.MoonAttempt >= 0 && id(f.MoonAttempt) != "" {
				attempts[id(f.MoonAttempt)]++
			}
			for p := range n {
				if id(p) != "" {
					leadsOpen[id(p)] += f.Seats[p].LeadsOpen
					heartLeads[id(p)] += f.Seats[p].HeartLeadsOpen
				}
			}
		}
	}
	run := func(name string) *queries.Result {
		q, err := queries.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := queries.Run(context.Background(), db, q, selection.Filters{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	check := func(name string, want map[string]int, res *queries.Result, col string, keys func(player string) []any) {
		t.Helper()
		for player, n := range want {
			if got := cell(t, res, col, keys(player)...); fmt.Sprint(got) != fmt.Sprint(n) {
				t.Errorf("%s of %q: %v, want %d", name, player, got, n)
			}
		}
	}
	check("points", points, run("hearts-points"), "points", func(p string) []any { return []any{"player", p} })
	queen := run("hearts-queen")
	check("queens taken", queenTaken, queen, "cases", func(p string) []any { return []any{"taken by", p} })
	check("queens dumped", queenDumped, queen, "cases", func(p string) []any { return []any{"dumped by", p} })
	check("first hearts", firstHeart, run("hearts-first-heart"), "cases", func(p string) []any { return []any{"player", p} })
	moon := run("hearts-moon")
	check("moons", moons, moon, "cases", func(p string) []any { return []any{p, "success"} })
	check("attempts", attempts, moon, "cases", func(p string) []any { return []any{p, "attempt"} })
	breaking := run("hearts-breaking")
	check("open leads", leadsOpen, breaking, "opportunities", func(p string) []any { return []any{p} })
	check("heart leads", heartLeads, breaking, "cases", func(p string) []any { return []any{p} })
	if got := cell(t, run("hearts-queen"), "opportunities", "trick", "02"); fmt.Sprint(got) != fmt.Sprint(determined) {
		t.Errorf("queen opportunities %v, want the %d determined hands", got, determined)
	}
	if len(points) == 0 || len(queenTaken) == 0 || len(moons) == 0 {
		t.Error("the reference counted nothing")
	}
}

// TestHeartsFilters checks that the Hearts queries take the filters as the
// Gin ones do, and that the two kinds do not see each other's games.
func TestHeartsFilters(t *testing.T) {
	db := heartsDB(t, realHearts+"/BriefsZero")
	ctx := context.Background()
	points, _ := queries.Get("hearts-points")
	summary, _ := queries.Get("summary")
	for _, tc := range []struct {
		name string
		q    queries.Query
		f    selection.Filters
		want error
	}{
		{"all", points, selection.Filters{}, nil},
		{"the game", points, selection.Filters{Game: 1}, nil},
		{"no such game", points, selection.Filters{Game: 2}, replay.ErrNoGame},
		{"an opponent none has", points, selection.Filters{Opponent: "x"}, selection.ErrNoGames},
		{"before them", points, selection.Filters{Until: 1}, selection.ErrNoGames},
		{"Gin on Hearts only", summary, selection.Filters{}, selection.ErrNoGames},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := queries.Run(ctx, db, tc.q, tc.f)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
		})
	}
}
