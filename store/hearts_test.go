package store

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/internal/testenv"
)

const realHearts = "../../shared/hearts/logs"

// TestVerifyHeartsRealLogs ingests and verifies the real Hearts logs: every
// hand verifies, as many are determined as hearts/logs finds, and each stored
// game, read back, verifies to exactly the report its files give.
func TestVerifyHeartsRealLogs(t *testing.T) {
	testenv.Dir(t, realHearts)
	ctx := context.Background()
	db := ingestDir(t, realHearts)
	sum, err := VerifyHearts(ctx, db.DB, Selection{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != 361 || sum.Hands != 3785 || sum.Verified != 3785 || sum.Determined != 2653 || sum.DeviationCount() != 0 {
		t.Errorf("summary %+v: want 361 games, 3785 hands all verified, 2653 determined, no deviation", sum)
	}
	for _, c := range []struct {
		q    string
		want int
	}{
		{`SELECT count(*) FROM hearts_checks`, 361},
		{`SELECT count(*) FROM hearts_hand_checks`, 3785},
		{`SELECT count(*) FROM hearts_plays`, 3785 * 52},
		{`SELECT count(*) FROM hearts_plays WHERE pos IS NOT NULL`, 2653 * 52},
		{`SELECT count(*) FROM hearts_seats s JOIN hearts_games g USING (game_id) WHERE s.pos >= g.players`, 0},
		{`SELECT count(*) FROM hearts_hand_checks WHERE determined AND (leader IS NULL OR queen_to IS NULL)`, 0},
		{`SELECT count(*) FROM hearts_hand_checks WHERE NOT determined AND leader IS NOT NULL`, 0},
		// A determined hand's points: every card taken by its trick's winner.
		{`SELECT count(*) FROM (
			SELECT p.game_id, p.hand, w.pos, sum(CASE WHEN p.card = 'SQ' THEN 13 WHEN p.card::VARCHAR LIKE 'H%' THEN 1 ELSE 0 END) AS pts
			FROM hearts_plays p JOIN hearts_plays w ON w.game_id = p.game_id AND w.hand = p.hand AND w.trick = p.trick AND w.wins
			GROUP BY ALL) x JOIN hearts_seats s USING (game_id, hand, pos) WHERE s.taken <> x.pts`, 0},
		{`SELECT count(*) FROM hearts_plays WHERE leads AND NOT follows`, 0},
		// The per-game card counts and the seats' flags agree with the plays and hands.
		{`SELECT count(*) FROM (SELECT card, count(*) AS n, count(*) FILTER (WHERE wins) AS w, count(*) FILTER (WHERE NOT follows) AS d
			FROM hearts_plays WHERE pos IS NOT NULL GROUP BY card) p
			FULL JOIN (SELECT card, sum(played) AS n, sum(wins) AS w, sum(dumped) AS d FROM hearts_cards GROUP BY card) c USING (card)
			WHERE p.n IS DISTINCT FROM c.n OR p.w IS DISTINCT FROM c.w OR p.d IS DISTINCT FROM c.d`, 0},
		{`SELECT (SELECT count(*) FROM hearts_cards) - 52 * (SELECT count(*) FROM hearts_checks WHERE determined > 0)`, 0},
		{`SELECT count(*) FROM hearts_seats s JOIN hearts_hand_checks h USING (game_id, hand)
			WHERE s.determined IS DISTINCT FROM h.determined OR s.determined AND (s.queen_taken <> (h.queen_to = s.pos)
			OR s.first_heart <> (h.first_heart = s.pos) OR s.moon_attempt <> coalesce(h.moon_attempt = s.pos, false)
			OR s.moon <> coalesce(h.moon = s.pos, false) OR s.queen_held <> (h.queen_by = s.pos))`, 0},
		{`SELECT count(*) FROM hearts_seats s JOIN game_players p USING (game_id, pos) WHERE s.player IS DISTINCT FROM p.player`, 0},
		{`SELECT count(*) FROM game_players p JOIN hearts_games h USING (game_id) WHERE p.player IS DISTINCT FROM h.origin || '/' || p.player_id`, 0},
		// One winner a trick of every determined hand.
		{`SELECT (SELECT count(*) FROM hearts_plays WHERE wins) -
			(SELECT sum(52 // g.players) FROM hearts_hand_checks h JOIN hearts_games g USING (game_id) WHERE h.determined)`, 0},
	} {
		if got := count(t, db.DB, c.q); got != c.want {
			t.Errorf("%s = %d, want %d", c.q, got, c.want)
		}
	}
	// Every stored game verifies as its files do.
	games, err := logs.ReadFS(os.DirFS(realHearts), ".")
	if err != nil {
		t.Fatal(err)
	}
	byStart := map[[2]any]*logs.Report{}
	for _, g := range games {
		byStart[[2]any{g.Group, g.Hands[0].Stamp.Time*100000 + int64(g.Hands[0].Row)}] = logs.Verify(g)
	}
	ids := make([]int64, 361)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	stored, err := LoadHearts(ctx, db.DB, ids)
	if err != nil || len(stored) != 361 {
		t.Fatalf("%d games loaded, %v", len(stored), err)
	}
	for _, sg := range stored {
		g := sg.Game
		want := byStart[[2]any{g.Group[len(realHearts)+1:], g.Hands[0].Stamp.Time*100000 + int64(g.Hands[0].Row)}]
		if want == nil {
			t.Fatalf("game %d (%s, stamp %d) is not among the files' games", sg.ID, g.Group, g.Hands[0].Stamp.Time)
		}
		got := logs.Verify(g)
		for i := range want.Deviations {
			want.Deviations[i].File = ""
		}
		for i := range got.Deviations {
			got.Deviations[i].File = ""
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d: stored %+v\nfiles %+v", sg.ID, got, want)
		}
	}
}

func TestVerifyHeartsMissingGame(t *testing.T) {
	testenv.Dir(t, realHearts)
	db := ingestDir(t, realHearts+"/BriefsZero")
	if _, err := VerifyHearts(context.Background(), db.DB, Selection{Game: 7}, nil, nil); !errors.Is(err, replay.ErrNoGame) {
		t.Errorf("game 7 of 1: %v, want ErrNoGame", err)
	}
}
