package players

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/model/habits"
	ext "github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/players/heartsmc"
	"github.com/ginlog/ginlog/sim"
)

func TestParseHearts(t *testing.T) {
	for _, tc := range []struct {
		list string
		want int // the entrants, or 0 for an error
	}{
		{"random,simple", 2},
		{" simple , random,random,simple", 4},
		{"random,random,random", 0},
		{"random", 0},
		{"simple,nobody", 0},
		{"", 0},
	} {
		t.Run(tc.list, func(t *testing.T) {
			got, err := ParseHearts(tc.list)
			switch {
			case tc.want == 0 && err == nil:
				t.Errorf("players %q accepted", tc.list)
			case tc.want != 0 && (err != nil || len(got) != tc.want):
				t.Errorf("%d entrants, %v; want %d", len(got), err, tc.want)
			}
		})
	}
}

// TestHeartsNames: every Hearts name resolves to a player of that name.
func TestHeartsNames(t *testing.T) {
	for _, name := range HeartsNames() {
		e, err := NewHeartsEntrant(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if e.Name != name {
			t.Errorf("entrant %q, want %q", e.Name, name)
		}
		var p hearts.Player = e.New(rand.New(rand.NewPCG(1, 2)))
		if p == nil {
			t.Errorf("%s: no player", name)
		}
	}
	if len(HeartsNames()) != len(bots.Names)+1 {
		t.Errorf("%d names, want the %d bots of hearts/bots and %s", len(HeartsNames()), len(bots.Names), HeartsMC)
	}
}

// TestParseHeartsExec: a Resolver resolves exec: players among built-in
// ones in Hearts seats, each an external Hearts player; without one, or
// with a command that is not found, exec: is refused.
func TestParseHeartsExec(t *testing.T) {
	for _, tc := range []struct {
		name string
		ps   *Resolver
		list string
		err  string // part of the error, "" for none
	}{
		{"mixed", &Resolver{}, "exec:true,simple,exec:true,tracker", ""},
		{"two", &Resolver{}, "simple,exec:true", ""},
		{"no resolver", nil, "exec:true,simple", ErrNoExec.Error()},
		{"not found", &Resolver{}, "simple,exec:./no-such-bot", "no-such-bot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.ps.ParseHearts(tc.list)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer tc.ps.Watch(context.Background())()
			for i, name := range strings.Split(tc.list, ",") {
				p := got[i].New(rand.New(rand.NewPCG(1, 2)))
				_, external := p.(*ext.HeartsPlayer)
				if got[i].Name != name || external != strings.HasPrefix(name, "exec:") {
					t.Errorf("seat %d: %s, %T", i, got[i].Name, p)
				}
			}
			if n := len(tc.ps.Stats()); n != strings.Count(tc.list, "exec:") {
				t.Errorf("%d pools", n)
			}
		})
	}
}

// TestHeartsForfeitCodesDocumented: docs/protocol.md's Hearts table lists
// every code a Hearts forfeit can have, with the framework's name of each
// rule's error.
func TestHeartsForfeitCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "\n## Hearts\n")
	for _, c := range HeartsForfeitCodes() {
		row := "| `" + c[0] + "` |"
		if !strings.Contains(section, row) {
			t.Errorf("docs/protocol.md's Hearts section has no row %s", row)
		}
		if i := strings.LastIndex(c[1], "("); i >= 0 && strings.HasSuffix(c[1], "Error)") {
			if name := c[1][i+1 : len(c[1])-1]; !strings.Contains(section, "`"+name+"`") {
				t.Errorf("docs/protocol.md's Hearts section does not name %s", name)
			}
		}
	}
}

// TestHeartsMCDeterministic: the Monte Carlo player's cards are the
// seed's, whatever the number of workers, in two- and four-player games.
func TestHeartsMCDeterministic(t *testing.T) {
	for _, list := range []string{"mc,voids", "voids,mc,tracker,simple"} {
		t.Run(list, func(t *testing.T) {
			entrants, err := ParseHearts(list)
			if err != nil {
				t.Fatal(err)
			}
			var runs [2][]hearts.GameRecord
			for i, workers := range []int{1, 2} {
				runs[i] = make([]hearts.GameRecord, 2)
				err := sim.RunHearts(context.Background(), sim.HeartsConfig{Players: entrants, Games: 2, Seed: 5, Limit: 30, Workers: workers},
					func(g *sim.HeartsGame) error { runs[i][g.Index] = g.Record; return nil })
				if err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(runs[0], runs[1]) {
				t.Error("the same seed played different games on 1 and 2 workers")
			}
		})
	}
}

// TestHeartsMCPath: mc:PATH is the Monte Carlo player with the habits in
// PATH; a missing, empty or hostile file is refused naming the file.
func TestHeartsMCPath(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "w.json")
	f, err := os.Create(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := habits.New().Write(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	e, err := NewHeartsEntrant("mc:" + good)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := e.New(nil).(*heartsmc.Player); !ok || p.Habits == nil || e.Name != "mc:"+good {
		t.Errorf("mc:PATH is %q, %T, not the Monte Carlo player with habits", e.Name, e.New(nil))
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "ginlog-hearts-weights", "version": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{"mc:" + filepath.Join(dir, "none.json"), "none.json: no such file or directory (write one with ginlog fit --game hearts"},
		{"mc:" + bad, "bad.json: doc: missing"},
		{"mc:", "want mc:PATH"},
	} {
		if _, err := NewHeartsEntrant(tc.name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
