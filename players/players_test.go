package players

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/sim"
)

// writeWeights writes w into a file of the test's and returns its path.
func writeWeights(t *testing.T, w *model.Weights) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "w.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Save(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestNewEntrant(t *testing.T) {
	weights := writeWeights(t, model.Defaults())
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte(`{"format": "ginlog-weights", "version": 2} trailing`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, want string // want: the error, or "" for a player
	}{
		{"random", ""},
		{"memory", ""},
		{"tuned:default", ""},
		{"tuned:" + weights, ""},
		{"rollout:" + weights, ""},
		{"rollout:", `player "rollout:": want rollout:PATH`},
		{"alphago", `no player "alphago"; want random, simple, meldable, memory, broken:never-knock, broken:high-discard, broken:never-take, tuned:PATH, sampled:PATH, rollout:PATH or exec:CMD`},
		{"Simple", `no player "Simple" (did you mean simple?)`},
		{"tuned:", `player "tuned:": want tuned:PATH`},
		{"tuned:/no/such.json", `player "tuned:/no/such.json": open /no/such.json: no such file or directory`},
		{"tuned:" + broken, "data after the weights object"},
		{"exec:./bot", `no player "exec:./bot"`},
		{"", `no player ""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := NewEntrant(tc.name)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.Name != tc.name {
				t.Errorf("name %q", e.Name)
			}
			// The entrant plays a legal game.
			rng := rand.New(rand.NewPCG(1, 2))
			if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{e.New(rng), e.New(rng)}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestDidYouMean: a name that names no player, of either game, is an
// error wrapping ErrUnknown that suggests the close names (a mistyped
// prefix with its argument kept) and lists them all, or lists them alone
// when none is close.
func TestDidYouMean(t *testing.T) {
	const ginNames = "; want random, simple, meldable, memory, broken:never-knock, broken:high-discard, broken:never-take, tuned:PATH, sampled:PATH, rollout:PATH or exec:CMD"
	const heartsNames = "; want a Hearts player: random, simple, tracker, voids, mc or mc:PATH"
	for _, tc := range []struct {
		name, game, player, want string
	}{
		{"typo", "gin", "simpel", `no player "simpel" (did you mean simple?)` + ginNames},
		{"case", "gin", "Meldable", `no player "Meldable" (did you mean meldable?)` + ginNames},
		{"two close", "gin", "me", `no player "me" (did you mean memory or meldable?)` + ginNames},
		{"broken", "gin", "broken:never-knok", `no player "broken:never-knok" (did you mean broken:never-knock?)` + ginNames},
		{"prefix alone", "gin", "tuned", `no player "tuned" (did you mean tuned:PATH?)` + ginNames},
		{"prefix typo", "gin", "tunde:w.json", `no player "tunde:w.json" (did you mean tuned:w.json?)` + ginNames},
		{"exec typo", "gin", "exce:./mybot", `no player "exce:./mybot" (did you mean exec:./mybot?)` + ginNames},
		{"far", "gin", "alphago", `no player "alphago"` + ginNames},
		{"hearts typo", "hearts", "trackr", `no player "trackr" (did you mean tracker?)` + heartsNames},
		{"hearts far", "hearts", "meldable", `no player "meldable"` + heartsNames},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.game == "hearts" {
				_, err = NewHeartsEntrant(tc.player)
			} else {
				_, err = (&Resolver{}).Entrant(tc.player)
			}
			if !errors.Is(err, ErrUnknown) || err.Error() != tc.want {
				t.Errorf("error\n%v\nwant one wrapping ErrUnknown:\n%s", err, tc.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		list  string
		names [2]string
		want  string
	}{
		{"simple,meldable", [2]string{"simple", "meldable"}, ""},
		{" tuned:default , random", [2]string{"tuned:default", "random"}, ""},
		{"simple", [2]string{}, `want two names separated by a comma, got "simple"`},
		{"simple,memory,random", [2]string{}, "want two names"},
		{"simple,deep-blue", [2]string{}, `no player "deep-blue"`},
	} {
		t.Run(tc.list, func(t *testing.T) {
			p, err := Parse(tc.list)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil || p[0].Name != tc.names[0] || p[1].Name != tc.names[1] {
				t.Errorf("%q %q, %v; want %q", p[0].Name, p[1].Name, err, tc.names)
			}
		})
	}
}

// TestTunedPlaysItsWeights: tuned:PATH plays the weights in PATH, exactly
// as the tuned player (tuned.Player) with them does.
func TestTunedPlaysItsWeights(t *testing.T) {
	w := model.Defaults()
	for ph := range w.Opponent.CallRate {
		w.Opponent.CallRate[ph], w.Opponent.KnockDeadwood[ph] = 0.2, 5
	}
	path := writeWeights(t, w)
	named, err := NewEntrant("tuned:" + path)
	if err != nil {
		t.Fatal(err)
	}
	simple, err := Bot("simple")
	if err != nil {
		t.Fatal(err)
	}
	direct := sim.Entrant{Name: "direct", New: func(*rand.Rand) gin.Player { return tuned.NewPlayer(w) }}
	var got, want sim.Summary
	for i := range 20 {
		a, err := (&sim.Config{Players: [2]sim.Entrant{named, simple}, Seed: 4}).Play(i)
		if err != nil {
			t.Fatal(err)
		}
		b, err := (&sim.Config{Players: [2]sim.Entrant{direct, simple}, Seed: 4}).Play(i)
		if err != nil {
			t.Fatal(err)
		}
		got.Add(&a.Record)
		want.Add(&b.Record)
	}
	if got != want {
		t.Errorf("tuned:%s played %+v, the tuned player %+v", path, got, want)
	}
}

func TestHelp(t *testing.T) {
	help := Help()
	for _, want := range []string{"random, simple, meldable, memory", "tuned:PATH"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
}

// TestCompletions: every name completion offers resolves, and every prefix
// it offers (ending in a colon) is one Names lists.
func TestCompletions(t *testing.T) {
	usage := strings.Join(Names(), " ")
	for _, name := range Completions() {
		if strings.HasSuffix(name, ":") {
			if !strings.Contains(usage, name) {
				t.Errorf("completion %q is not a prefix of %s", name, usage)
			}
			continue
		}
		if _, err := NewEntrant(name); err != nil {
			t.Errorf("completion %q: %v", name, err)
		}
	}
}
