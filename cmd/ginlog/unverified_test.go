package main

import (
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/testschema"
)

// TestQueryWarnsUnverified: a named query that reads verify's results,
// and the report, say on stderr in one line how many of the selected games
// are not verified, when some are, and exit as they would without it;
// summary and pace, which read the logs, and a database all verified say
// nothing.
func TestQueryWarnsUnverified(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	simulate := func(out string, args ...string) string {
		t.Helper()
		path := filepath.Join(dir, out)
		if r := runCmd(t, nil, append([]string{"simulate", "--out", path}, args...)...); r.code != exitOK {
			t.Fatalf("simulate %s: exit %d: %s", out, r.code, r.err)
		}
		return path
	}
	gin := simulate("gin", "--games", "12")
	hearts := simulate("hearts", "--game", "hearts", "--games", "6", "--start", "1800000000")
	late := simulate("late", "--games", "1", "--seed", "2", "--start", "1900000000")
	step := func(args ...string) {
		t.Helper()
		if r := runCmd(t, env, args...); r.code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.err)
		}
	}
	const (
		none       = ""
		allGin     = "ginlog: 12 of the 12 selected games are not verified; run ginlog verify\n"
		oneOfOne   = "ginlog: the selected game is not verified; run ginlog verify\n"
		elevenGin  = "ginlog: 11 of the 12 selected games are not verified; run ginlog verify\n"
		allHearts  = "ginlog: 6 of the 6 selected Hearts games are not verified; run ginlog verify\n"
		bothKinds  = "ginlog: 11 of the 12 selected games and 6 of the 6 selected Hearts games are not verified; run ginlog verify\n"
		lateOfMany = "ginlog: 1 of the 13 selected games is not verified; run ginlog verify\n"
	)
	type check struct {
		args []string
		code int
		err  string
	}
	run := func(stage string, checks []check) {
		t.Helper()
		for _, c := range checks {
			r := runCmd(t, env, c.args...)
			if r.code != c.code || r.err != c.err {
				t.Errorf("%s: %v: exit %d, stderr %q; want exit %d, stderr %q", stage, c.args, r.code, r.err, c.code, c.err)
			}
		}
	}
	step("ingest", "--no-verify", gin)
	run("no game verified", []check{
		{[]string{"query", "draw-tendency"}, exitOK, allGin},
		{[]string{"query", "card-values", "--grid"}, exitOK, allGin},
		{[]string{"query", "meld-loss", "--game-id", "3"}, exitOK, oneOfOne},
		{[]string{"query", "summary"}, exitOK, none},
		{[]string{"query", "pace"}, exitOK, none},
		{[]string{"query", "draw-tendency", "--opponent", "nobody"}, exitNoMatch, "ginlog: no games match --opponent nobody; no game has an opponent tag (set them with ginlog tag)\n"},
	})
	step("verify", "--game-id", "3")
	step("ingest", "--no-verify", hearts)
	run("one game verified", []check{
		{[]string{"query", "knock-profile"}, exitOK, elevenGin},
		{[]string{"query", "knock-profile", "--game-id", "3"}, exitOK, none},
		{[]string{"query", "hearts-points"}, exitOK, allHearts},
		{[]string{"report", "--out", "-"}, exitOK, bothKinds},
	})
	step("verify")
	step("ingest", "--no-verify", late)
	run("one game more", []check{
		{[]string{"query", "discards"}, exitOK, lateOfMany},
		{[]string{"query", "hearts-queen"}, exitOK, none},
	})
	step("verify")
	run("every game verified", []check{
		{[]string{"query", "draw-tendency"}, exitOK, none},
		{[]string{"query", "hearts-points"}, exitOK, none},
		{[]string{"report", "--out", "-"}, exitOK, none},
	})
}
