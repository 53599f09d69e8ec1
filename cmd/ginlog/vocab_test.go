package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestDidYouMean gives every enumerated flag, and every flag naming a
// player, a mistyped value, which the error suggests the right one for,
// and a far-off one, for which it only lists the values: one line, exit
// status 2, before any database is read.
func TestDidYouMean(t *testing.T) {
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}
	const tables = "want table, csv, json or markdown"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"format", []string{"games", "-f", "jsno"}, `--format: no format "jsno" (did you mean json?); ` + tables},
		{"format far", []string{"games", "-f", "zzzzzz"}, `--format: no format "zzzzzz"; ` + tables},
		{"summary format", []string{"verify", "-f", "tabel"}, `--format: no format "tabel" (did you mean table?); want table or json`},
		{"game kind", []string{"games", "--game", "heart"}, `--game: no game kind "heart" (did you mean hearts?); want gin or hearts`},
		{"game kind far", []string{"games", "--game", "chess"}, `--game: no game kind "chess"; want gin or hearts`},
		{"ingest game", []string{"ingest", "--game", "hearst", "logs"}, `--game: no game kind "hearst" (did you mean hearts?); want gin or hearts`},
		{"simulate game", []string{"simulate", "--no-logs", "--game", "gni"}, `--game: no game kind "gni" (did you mean gin?); want gin or hearts`},
		{"export game", []string{"export", "--game", "zzzzzz"}, `--game: no game kind "zzzzzz"; want gin or hearts`},
		{"who", []string{"query", "summary", "--who", "yuo"}, `--who: no "yuo" (did you mean you?); want opp, you or both`},
		{"who far", []string{"report", "--who", "them"}, `--who: no "them"; want opp, you or both`},
		{"export format", []string{"export", "-f", "haskel"}, `--format: no format "haskel" (did you mean haskell?); want json, haskell or go`},
		{"export format far", []string{"export", "-f", "cobol"}, `--format: no format "cobol"; want json, haskell or go`},
		{"flavour", []string{"export", "-f", "haskell", "--flavour", "fit2012"}, `--flavour: no flavour "fit2012" (did you mean fit2102?); want plain or fit2102`},
		{"flavour far", []string{"export", "-f", "haskell", "--flavour", "zzzzzz"}, `--flavour: no flavour "zzzzzz"; want plain or fit2102`},
		{"player", []string{"export", "-f", "haskell", "--flavour", "fit2102", "--player", "rolout"}, `--player: no player "rolout" (did you mean rollout?); want rollout`},
		{"player far", []string{"export", "-f", "haskell", "--flavour", "fit2102", "--player", "tuned"}, `--player: no player "tuned"; want rollout`},
		{"metric", []string{"query", "card-values", "--grid", "--metric", "takne"}, `--metric: no metric "takne" (did you mean taken?); want held, melded, taken, discarded or holder_points`},
		{"metric far", []string{"query", "card-values", "--grid", "--metric", "zzzzzz"}, `--metric: no metric "zzzzzz"; want held, melded, taken, discarded or holder_points`},
		{"dialect", []string{"query", "summary", "--print-sql", "--dialect", "sprak"}, `--dialect: no dialect "sprak" (did you mean spark?); want duckdb, spark or trino`},
		{"dialect far", []string{"query", "summary", "--print-sql", "--dialect", "oracle"}, `--dialect: no dialect "oracle"; want duckdb, spark or trino`},
		{"query name", []string{"query", "sumary"}, `no query "sumary": did you mean summary? (ginlog query --list lists all`},
		{"review who", []string{"review", "--who", "yuo"}, `--who: no "yuo" (did you mean you?); want you or opp`},
		{"player name", []string{"simulate", "--no-logs", "--players", "simpel,meldable"}, `--players: no player "simpel" (did you mean simple?); want random, simple,`},
		{"player prefix", []string{"simulate", "--no-logs", "--players", "tunde:w.json,meldable"}, `--players: no player "tunde:w.json" (did you mean tuned:w.json?); want random,`},
		{"compare name", []string{"simulate", "--no-logs", "--players", "simple,meldable", "--compare", "memroy"}, `--compare: no player "memroy" (did you mean memory?); want random,`},
		{"retrace player", []string{"retrace", "--player", "meldabel", "logs"}, `--player: no player "meldabel" (did you mean meldable?); want random,`},
		{"hearts player", []string{"simulate", "--no-logs", "--game", "hearts", "--players", "trackr,simple"}, `--players: no player "trackr" (did you mean tracker?); want a Hearts player: random, simple, tracker, voids, mc or mc:PATH`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			want := "ginlog: " + tc.want
			if r.code != exitUsage || !strings.HasPrefix(r.err, want) || strings.Count(r.err, "\n") != 1 || r.out != "" {
				t.Errorf("exit %d: %q%q, want exit %d and %q", r.code, r.out, r.err, exitUsage, want)
			}
		})
	}
}

// TestGameVocabularyGolden keeps the old spellings' warnings and the
// vocabulary's errors in golden files: games --kind and --game N still
// work, each with one line on stderr that says what to use instead.
func TestGameVocabularyGolden(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"vocab-old-spellings.txt", []string{"games", "--kind", "gin", "--game", "1", "-f", "csv", "--columns", "game_id,winner"}, exitOK},
		{"vocab-kind-typo.txt", []string{"games", "--game", "hearst"}, exitUsage},
		{"vocab-old-kind-typo.txt", []string{"games", "--kind", "hearst"}, exitUsage},
		{"vocab-no-kind.txt", []string{"verify", "--game", "hearts"}, exitUsage},
		{"vocab-query-name.txt", []string{"query", "sumary"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, tc.name, r.err+r.out)
		})
	}
}

// TestGameVocabulary walks every command's flags: the game kind is --game
// (a *gameFlag, completed with its values) and a game id --game-id, on
// every command; the old spellings (--kind, --game N) are hidden; no other
// flag names a kind or an id of a game.
func TestGameVocabulary(t *testing.T) {
	root := newRootCmd(&app{getenv: func(string) string { return "" }})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if msg := vocabularyProblem(c, f); msg != "" {
				t.Errorf("%s --%s: %s", c.CommandPath(), f.Name, msg)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// vocabularyProblem says what is wrong with flag f of c by the game
// vocabulary, or "".
func vocabularyProblem(c *cobra.Command, f *pflag.Flag) string {
	g, isGame := f.Value.(*gameFlag)
	_, isAlias := f.Value.(*kindAlias)
	usage := strings.ToLower(f.Usage)
	switch {
	case isGame != (f.Name == "game"):
		return "the game flag is --game, a *gameFlag"
	case isAlias != (f.Name == "kind"):
		return "--kind is the hidden old spelling of --game, a *kindAlias"
	case isAlias && (!f.Hidden || c.Flags().Lookup("game").Value.(*gameFlag).kind == nil):
		return "--kind must be hidden, beside a --game that takes a kind"
	case isGame && g.kind == nil && !f.Hidden:
		return "--game without a kind is the old spelling of --game-id: hide it"
	case isGame && g.kind != nil && f.Hidden:
		return "--game, the game kind, must be shown"
	case isGame && g.kind != nil && !completes(c, "game"):
		return "--game must complete the game kinds"
	case f.Name == "game-id" && (f.Value.Type() != "int64" || c.Flags().Lookup("game").Value.(*gameFlag).id == nil):
		return "--game-id is an int64 that --game N also sets"
	case strings.Contains(usage, "gin or hearts") && !isGame && !isAlias:
		return "a flag that takes gin or hearts is --game"
	case (strings.Contains(usage, "this game") || strings.Contains(usage, "one game")) &&
		strings.HasPrefix(f.Value.Type(), "int") && f.Name != "game-id":
		return "a flag that takes a game id is --game-id"
	case strings.Contains(f.Name, "game") && !isGame && f.Name != "game-id" &&
		!(strings.HasSuffix(f.Name, "games") && strings.HasPrefix(f.Value.Type(), "int")):
		return "a game flag is --game (the kind), --game-id (an id) or a count named ...games"
	}
	return ""
}

// completes reports whether c completes the values of its flag name.
func completes(c *cobra.Command, name string) bool {
	_, ok := c.GetFlagCompletionFunc(name)
	return ok
}
