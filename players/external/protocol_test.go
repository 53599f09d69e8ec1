package external

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

func cards(t testing.TB, s string) []gin.Card {
	t.Helper()
	c, err := gin.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAppendRequest(t *testing.T) {
	hand := cards(t, "SA;C2;D10;HJ;SK;S2;S3;C9;D4;H5")
	for _, tc := range []struct {
		name string
		req  Request
		want string
	}{
		{"first pick", Request{Kind: "pick", Card: gin.NewCard(gin.Hearts, gin.Queen), OppDraw: gin.NoPile, Hand: hand},
			"pick HQ 0 0 - - SA;C2;D10;HJ;SK;S2;S3;C9;D4;H5"},
		{"pick", Request{Kind: "pick", Card: gin.NewCard(gin.Clubs, gin.Ten), Scores: [2]int{12, 40}, Memory: Memory{"n3", true}, OppDraw: gin.DiscardPile, Hand: hand},
			"pick C10 12 40 =n3 discard SA;C2;D10;HJ;SK;S2;S3;C9;D4;H5"},
		{"play", Request{Kind: "play", Card: gin.NewCard(gin.Diamonds, gin.Ace), Scores: [2]int{0, 7}, Memory: Memory{"", true}, Hand: hand},
			"play DA 0 7 = SA;C2;D10;HJ;SK;S2;S3;C9;D4;H5"},
		{"melds", Request{Kind: "melds", Scores: [2]int{99, 3}, Memory: Memory{"a b%\n", true}, Hand: hand},
			"melds 99 3 =a%20b%25%0A SA;C2;D10;HJ;SK;S2;S3;C9;D4;H5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(AppendRequest(nil, &tc.req)); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestParseReplies(t *testing.T) {
	hand := cards(t, "S4;C4;D4;S5;S6;S7;HK;D2;C9;HA")
	for _, tc := range []struct {
		name, line string
		check      func() (string, error)
	}{
		{"pick stock", "stock =n1", nil},
		{"pick discard empty memory", "discard =", nil},
		{"pick none memory", "stock -", nil},
		{"pick bad pile", "Stock =x", nil},
		{"pick two spaces", "stock  =x", nil},
		{"pick missing memory", "stock", nil},
		{"play knock", "knock HK =m", nil},
		{"play bad card", "drop HT =m", nil},
		{"play bad act", "pass HK =m", nil},
		{"play bad escape", "drop HK =%4", nil},
		{"play bad hex", "drop HK =%GG", nil},
		{"melds ok", "melds S4;C4;D4 S5;S6;S7 HK D2 C9 HA", nil},
		{"melds missing card", "melds S4;C4;D4 S5;S6;S7 HK D2 C9", nil},
		{"melds twice", "melds S4;C4;D4 S4 S5;S6;S7 HK D2 C9 HA", nil},
		{"melds not held", "melds S4;C4;D4 S5;S6;S7 HK D2 C9 HA H2", nil},
		{"melds pair", "melds S4;C4 D4 S5;S6;S7 HK D2 C9 HA", nil},
		{"melds bad word", "meld S4", nil},
		{"melds bad card", "melds S4;X4", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			var err error
			switch kind, _, _ := strings.Cut(tc.name, " "); kind {
			case "pick":
				p, m, e := ParsePick(tc.line)
				got, err = p.String()+" "+string(AppendMemory(nil, m)), e
			case "play":
				c, call, m, e := ParsePlay(tc.line)
				got, err = c.String()+" "+call.String()+" "+string(AppendMemory(nil, m)), e
			case "melds":
				ms, e := ParseMelds(tc.line, hand)
				for _, m := range ms {
					got += "[" + m.String() + "]"
				}
				err = e
			}
			want := map[string]string{
				"pick stock":                "stock =n1",
				"pick discard empty memory": "discard =",
				"pick none memory":          "error malformed reply: memory: a reply must return a memory (=TEXT), not -",
				"pick bad pile":             `error malformed reply: pick reply: "Stock" is not stock or discard`,
				"pick two spaces":           `error malformed reply: pick reply "stock  =x": want 2 fields separated by single spaces, got 3`,
				"pick missing memory":       `error malformed reply: pick reply "stock": want 2 fields separated by single spaces, got 1`,
				"play knock":                "HK Knock =m",
				"play bad card":             `error malformed reply: play reply: bad card "HT"`,
				"play bad act":              `error malformed reply: play reply: "pass" is not gin, knock or drop`,
				"play bad escape":           "error malformed reply: memory: % at byte 1 needs two hex digits",
				"play bad hex":              `error malformed reply: memory: "%GG" at byte 1 is not %XX`,
				"melds ok":                  "[S4 C4 D4][S5 S6 S7]",
				"melds missing card":        "error HA not declared, neither in a meld nor as deadwood",
				"melds twice":               "error S4 declared twice",
				"melds not held":            "error H2 is not in the hand",
				"melds pair":                "error group S4;C4 has 2 cards: a meld has 3 to 5, deadwood 1",
				"melds bad word":            `error malformed reply: melds reply "meld S4": want melds GROUP...`,
				"melds bad card":            `error malformed reply: melds reply: group "S4;X4": bad card "X4"`,
			}[tc.name]
			if err != nil {
				got = "error " + err.Error()
			}
			if got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			var de *DeclarationError
			if err != nil && !errors.Is(err, ErrMalformed) && !errors.As(err, &de) {
				t.Errorf("error %v is neither malformed nor a declaration error", err)
			}
		})
	}
}

func TestMemoryChars(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want int
	}{
		{"ascii", "abc", 3},
		{"accents", "éé", 2},
		{"not utf-8", "\xff\xfe", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Memory{tc.text, true}).Chars(); got != tc.want {
				t.Errorf("%q: %d characters, want %d", tc.text, got, tc.want)
			}
		})
	}
}

// FuzzMemory: any memory survives encoding, and the encoding is one field
// of printable ASCII.
func FuzzMemory(f *testing.F) {
	for _, s := range []string{"", "n1", "a b%c\n", "é", "\x00\xff", "%%%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc := AppendMemory(nil, Memory{s, true})
		for _, c := range enc {
			if c <= ' ' || c >= 0x7f {
				t.Fatalf("encoding %q has byte %#x", enc, c)
			}
		}
		m, err := ParseMemory(string(enc))
		if err != nil || !m.Valid || m.Text != s {
			t.Fatalf("%q encoded %q decoded %q, %v", s, enc, m.Text, err)
		}
	})
}

// FuzzReplies: no reply makes a parser panic, and every error is either
// malformed or a declaration error.
func FuzzReplies(f *testing.F) {
	for _, s := range []string{"stock =n1", "knock HK =m", "melds S4;C4;D4 S5 S6", "drop S10 =%41", ""} {
		f.Add(s)
	}
	hand := cards(f, "S4;C4;D4;S5;S6;S7;HK;D2;C9;HA")
	f.Fuzz(func(t *testing.T, line string) {
		_, _, err1 := ParsePick(line)
		_, _, _, err2 := ParsePlay(line)
		melds, err3 := ParseMelds(line, hand)
		var de *DeclarationError
		for _, err := range []error{err1, err2, err3} {
			if err != nil && !errors.Is(err, ErrMalformed) && !errors.As(err, &de) {
				t.Fatalf("%q: %v", line, err)
			}
		}
		if err3 == nil {
			var all gin.Hand
			for _, m := range melds {
				all |= gin.Hand(m)
			}
			if all&^gin.HandOf(hand...) != 0 {
				t.Fatalf("%q: melds %v outside the hand", line, melds)
			}
		}
	})
}
