package store

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/panics"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/sim"
)

func count(t *testing.T, db *sql.DB, q string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func ingestDir(t *testing.T, dir string) *schema.DB {
	t.Helper()
	db := testschema.Open(t)
	s, err := ingest.Run(context.Background(), db.DB, ingest.Options{Paths: []string{dir}})
	if err != nil || s.Rejected != 0 {
		t.Fatalf("ingest %s: %+v %v", dir, s, err)
	}
	return db
}

// TestVerifyCorpora verifies the bundled sample and the real logs and
// checks what it stores against the oracle's independent reading and
// brute-force scoring of the same files: games, rounds and plays, and
// every round's status and best deadwoods.
func TestVerifyCorpora(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			dir := c.Dir(t)
			logs, err := oracle.Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			want, err := oracle.Summarize(logs)
			if err != nil {
				t.Fatal(err)
			}
			db := ingestDir(t, dir)
			ctx := context.Background()
			s, err := Verify(ctx, db.DB, Selection{}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s.Games != want.Games || s.Rounds[replay.Exact] != want.Status["exact"] || s.Rounds[replay.Explained] != want.Status["explained"] ||
				s.Rounds[replay.Impossible] != want.Status["impossible"] || len(s.Violations) != 0 {
				t.Fatalf("summary %+v, the oracle counts %+v", s, want)
			}
			if c == testenv.RealLogs && (want.Games != 8 || want.Status["exact"] != 53 || want.Status["explained"] != 13) {
				t.Errorf("the real logs by the oracle: %+v, want 8 games, 53 rounds exact and 13 explained", want)
			}
			for _, q := range []struct {
				q    string
				want int
			}{
				{`SELECT count(*) FROM round_checks`, want.Rounds},
				{`SELECT count(*) FROM play_features`, want.Plays},
				{`SELECT count(*) FROM game_checks WHERE violations = 0`, want.Games},
				{`SELECT count(*) FROM round_checks WHERE status = 'explained' AND points_lost_you + points_lost_opp = 0`, 0},
				{`SELECT count(*) FROM play_features WHERE from_discard AND top_best <> best_after`, 0},
				{`SELECT count(*) FROM play_features WHERE fed IS NULL AND NOT last`, 0},
			} {
				if got := count(t, db.DB, q.q); got != q.want {
					t.Errorf("%s = %d, want %d", q.q, got, q.want)
				}
			}
			// Every round's stored verdict is the brute force's.
			verdicts := map[[2]int64]oracle.Verdict{}
			rows, err := db.QueryContext(ctx, `SELECT g.log_ts, r.round, r.status::VARCHAR, r.best_you, r.best_opp, r.explanations
				FROM round_checks r JOIN games g USING (game_id)`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var key [2]int64
				var v oracle.Verdict
				if err := rows.Scan(&key[0], &key[1], &v.Status, &v.Best[0], &v.Best[1], &v.Explanations); err != nil {
					t.Fatal(err)
				}
				verdicts[key] = v
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			for _, g := range logs {
				for i := range g.Rounds {
					r := &g.Rounds[i]
					w, err := r.Verdict()
					if err != nil {
						t.Fatal(err)
					}
					if got := verdicts[[2]int64{g.TS, int64(r.Number)}]; got != w {
						t.Errorf("game %d round %d: stored %+v, the brute force finds %+v", g.TS, r.Number, got, w)
					}
				}
			}
			// Nothing left to verify; --all replaces the results; one game
			// again replaces its own.
			if s, err := Verify(ctx, db.DB, Selection{}, nil, nil); err != nil || s.Games != 0 {
				t.Errorf("second run verified %d games (%v)", s.Games, err)
			}
			if s, err := Verify(ctx, db.DB, Selection{All: true}, nil, nil); err != nil || s.Games != want.Games || count(t, db.DB, `SELECT count(*) FROM round_checks`) != want.Rounds {
				t.Errorf("--all: %+v %v", s, err)
			}
			if s, err := Verify(ctx, db.DB, Selection{Game: 3}, nil, nil); err != nil || s.Games != 1 || count(t, db.DB, `SELECT count(*) FROM round_checks`) != want.Rounds {
				t.Errorf("--game 3: %+v %v", s, err)
			}
		})
	}
}

// TestVerifyCapturesPanics: a panic in a verifying goroutine (here in the
// progress callback) comes back as a *panics.Error.
func TestVerifyCapturesPanics(t *testing.T) {
	dir := t.TempDir()
	simulate(t, dir, "simple", "simple", 3, 2)
	db := ingestDir(t, dir)
	_, err := Verify(context.Background(), db.DB, Selection{}, nil, func() { panic("boom") })
	var pe *panics.Error
	if !errors.As(err, &pe) || pe.Value != "boom" {
		t.Errorf("error %v, want the captured panic", err)
	}
}

func TestMissingGame(t *testing.T) {
	db := testschema.Open(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"verify", func() error { _, err := Verify(ctx, db.DB, Selection{Game: 7}, nil, nil); return err }},
		{"load checks", func() error { _, _, err := LoadChecks(ctx, db.DB, 7); return err }},
		{"load game", func() error { _, err := LoadGame(ctx, db.DB, 7); return err }},
		{"games", func() error {
			for _, err := range Games(ctx, db.DB, Filter{Filters: selection.Filters{Game: 7}}) {
				return err
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.run(); !errors.Is(err, replay.ErrNoGame) || err.Error() != "no game 7" {
				t.Errorf("error %v, want %q wrapping replay.ErrNoGame", err, "no game 7")
			}
		})
	}
}

// simulate plays n games of a against b into dir and returns their
// records by timestamp.
func simulate(t *testing.T, dir, a, b string, n int, seed uint64) map[int64]*gin.GameRecord {
	t.Helper()
	recs := map[int64]*gin.GameRecord{}
	entrants, err := players.Bots(a, b)
	if err != nil {
		t.Fatal(err)
	}
	c := sim.Config{Players: entrants, Games: n, Seed: seed, Start: 1000, Workers: 1}
	if err := sim.Run(context.Background(), c, func(g *sim.Game) error {
		recs[g.Timestamp] = &g.Record
		return sim.WriteGame(dir, g)
	}); err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestRoundTrip: every game sim writes, for every pair of bots, ingests and
// verifies with no violation; between optimal declarers every round is
// exact; games of meldable have explained rounds whose lost points agree
// with what the bot really declared.
func TestRoundTrip(t *testing.T) {
	names := []string{"random", "simple", "meldable", "memory"}
	for i, a := range names {
		for _, b := range names[i:] {
			t.Run(a+"-"+b, func(t *testing.T) {
				dir := t.TempDir()
				recs := simulate(t, dir, a, b, 30, 11)
				db := ingestDir(t, dir)
				s, err := Verify(context.Background(), db.DB, Selection{}, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(s.Violations) != 0 || s.Games != 30 {
					t.Fatalf("violations %v in %d games", s.Violations, s.Games)
				}
				optimal := a != "meldable" && a != "memory" && b != "meldable" && b != "memory"
				if optimal && (s.Rounds[replay.Explained] != 0 || s.Rounds[replay.Impossible] != 0) {
					t.Errorf("optimal declarers: %v", s.Rounds)
				}
				if a == "meldable" && b == "meldable" && s.Rounds[replay.Explained] == 0 {
					t.Error("meldable games without an explained round")
				}
				checkDeclarations(t, db.DB, recs)
			})
		}
	}
}

// checkDeclarations compares each explained round with the simulated
// declarations: they give the logged points; when only one declaration pair
// does, the stored one is it.
func checkDeclarations(t *testing.T, db *sql.DB, recs map[int64]*gin.GameRecord) {
	rows, err := db.Query(`SELECT g.log_ts, c.round, c.declared_you, c.declared_opp, c.explanations
		FROM round_checks c JOIN games g USING (game_id) WHERE c.status = 'explained'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var ts int64
		var round, dy, do, n int
		if err := rows.Scan(&ts, &round, &dy, &do, &n); err != nil {
			t.Fatal(err)
		}
		r := recs[ts].Rounds[round-1]
		if n == 1 && (r.Declared[gin.You] != dy || r.Declared[gin.Opp] != do) {
			t.Errorf("game %d round %d: stored declarations %d/%d, the bots declared %d/%d", ts, round, dy, do, r.Declared[gin.You], r.Declared[gin.Opp])
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestGamesReadsWhatWasPlayed: the games the store reads back are the
// simulated games as replay.FromRecord sees them, whatever the chunk they
// fall in, with their log timestamps, and with each hand in the order the
// log lists it when asked (Listed); Clean keeps the games verified without
// violations only.
func TestGamesReadsWhatWasPlayed(t *testing.T) {
	dir := t.TempDir()
	recs := simulate(t, dir, "meldable", "memory", 25, 5)
	db := ingestDir(t, dir)
	ctx := context.Background()
	tsOf := map[int64]int64{}
	rows, err := db.Query(`SELECT game_id, log_ts FROM games`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, ts int64
		if err := rows.Scan(&id, &ts); err != nil {
			t.Fatal(err)
		}
		tsOf[id] = ts
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}

	read := func(f Filter) ([]*replay.Game, error) {
		var out []*replay.Game
		for g, err := range Games(ctx, db.DB, f) {
			if err != nil {
				return out, err
			}
			out = append(out, g)
		}
		return out, nil
	}
	for _, listed := range []bool{false, true} {
		games, err := read(Filter{Listed: listed})
		if err != nil || len(games) != 25 {
			t.Fatalf("listed %v: %d games, %v; want 25", listed, len(games), err)
		}
		for _, g := range games {
			want := replay.FromRecord(recs[tsOf[g.ID]])
			want.ID, want.LogTS = g.ID, tsOf[g.ID]
			if !listed {
				for i := range want.Rounds {
					want.Rounds[i].Listed = nil
				}
			}
			if !reflect.DeepEqual(g, want) {
				t.Fatalf("listed %v: game %d as read differs from the game played", listed, g.ID)
			}
		}
	}
	if _, err := read(Filter{Filters: selection.Filters{Game: 42}}); !errors.Is(err, replay.ErrNoGame) {
		t.Errorf("game 42: %v, want replay.ErrNoGame", err)
	}
	if _, err := read(Filter{Clean: true}); !errors.Is(err, selection.ErrNoGames) {
		t.Errorf("clean games before verify: %v, want ErrNoGames", err)
	}
	if _, err := Verify(ctx, db.DB, Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE game_checks SET violations = 1 WHERE game_id IN (2, 7)`); err != nil {
		t.Fatal(err)
	}
	clean, err := read(Filter{Clean: true, Filters: selection.Filters{Until: 1020}})
	if err != nil || len(clean) != 18 {
		t.Fatalf("clean games logged before 1020: %d, %v; want 18", len(clean), err)
	}
	for _, g := range clean {
		if g.ID == 2 || g.ID == 7 {
			t.Errorf("game %d has violations", g.ID)
		}
	}
	// A consumer that stops early stops the reading.
	n := 0
	for range Games(ctx, db.DB, Filter{}) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("read %d games after stopping at 3", n)
	}
}

// TestChunks reads more games than one chunk holds; then the same with a
// context cancelled after the first game, which ends the reading with the
// context's error, not as if every game had been read; then stops early,
// which leaves nothing reading.
func TestChunks(t *testing.T) {
	dir := t.TempDir()
	simulate(t, dir, "simple", "simple", chunkGames+100, 9)
	db := ingestDir(t, dir)
	var last int64
	n := 0
	for g, err := range Games(context.Background(), db.DB, Filter{}) {
		if err != nil {
			t.Fatal(err)
		}
		if g.ID <= last || len(g.Rounds) == 0 {
			t.Fatalf("game %d after %d with %d rounds", g.ID, last, len(g.Rounds))
		}
		last = g.ID
		n++
	}
	if n != chunkGames+100 {
		t.Errorf("%d games, want %d", n, chunkGames+100)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n = 0
	var end error
	for g, err := range Games(ctx, db.DB, Filter{}) {
		if err != nil {
			end = err
			break
		}
		if g != nil {
			n++
		}
		cancel()
	}
	if !errors.Is(end, context.Canceled) || n >= chunkGames+100 {
		t.Errorf("cancelled after the first game: read %d games, ended with %v; want fewer and context.Canceled", n, end)
	}

	n = 0
	for range Games(context.Background(), db.DB, Filter{}) {
		if n++; n == 3 {
			break
		}
	}
	if err := db.Close(); err != nil {
		t.Errorf("close after stopping early: %v", err)
	}
}

// TestChunkRuns splits sorted ids into the runs Games reads together: at
// most chunkGames ids, broken where the ids jump by more than chunkGames.
func TestChunkRuns(t *testing.T) {
	seq := func(lo, n int64) []int64 {
		var ids []int64
		for i := range n {
			ids = append(ids, lo+i)
		}
		return ids
	}
	for _, tc := range []struct {
		name string
		ids  []int64
		want []int // the runs' lengths
	}{
		{"none", nil, nil},
		{"one", []int64{7}, []int{1}},
		{"a chunk and a bit", seq(1, chunkGames+5), []int{chunkGames, 5}},
		{"two runs far apart", append(seq(1, 10), seq(5000, 20)...), []int{10, 20}},
		{"a jump of exactly a chunk stays", append(seq(1, 10), seq(10+chunkGames, 3)...), []int{13}},
		{"a jump of more breaks", append(seq(1, 10), seq(11+chunkGames, 3)...), []int{10, 3}},
		{"sparse but even", func() []int64 {
			var ids []int64
			for i := range int64(2 * chunkGames) {
				ids = append(ids, 1+10*i)
			}
			return ids
		}(), []int{chunkGames, chunkGames}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			total := 0
			for c := range chunks(tc.ids) {
				got = append(got, len(c))
				if !slices.Equal(c, tc.ids[total:total+len(c)]) {
					t.Fatalf("run %d is not the next ids", len(got))
				}
				total += len(c)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("runs %v, want %v", got, tc.want)
			}
		})
	}
}

// TestGamesKeep reads only the games Keep keeps, each whole, and GameIDs
// lists exactly those.
func TestGamesKeep(t *testing.T) {
	dir := t.TempDir()
	simulate(t, dir, "simple", "simple", 60, 4)
	db := ingestDir(t, dir)
	ctx := context.Background()
	f := Filter{Keep: func(id int64) bool { return id%7 < 2 || (id > 30 && id < 40) }}
	want, err := GameIDs(ctx, db.DB, f)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for g, err := range Games(ctx, db.DB, f) {
		if err != nil {
			t.Fatal(err)
		}
		if !f.Keep(g.ID) || len(g.Rounds) == 0 || len(g.Rounds[0].Plays) == 0 {
			t.Fatalf("game %d: kept %v, %d rounds", g.ID, f.Keep(g.ID), len(g.Rounds))
		}
		got = append(got, g.ID)
	}
	if len(got) == 0 || !slices.Equal(got, want) {
		t.Errorf("read %v, GameIDs %v", got, want)
	}
}
