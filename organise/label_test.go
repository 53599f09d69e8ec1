package organise

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCheckLabel(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		bad         bool
		says        string
	}{
		{"empty", "", false, ""},
		{"a bot", "bot7", false, ""},
		{"a week with spaces", "ladder week 3", false, ""},
		{"accents and CJK", "ボット七号-été", false, ""},
		{"64 characters", strings.Repeat("a", 64), false, ""},
		{"64 CJK characters, 192 bytes", strings.Repeat("七", 64), false, ""},
		{"65 characters", strings.Repeat("a", 65), true, "65 characters, 65 bytes"},
		{"100 slashes", strings.Repeat("/", 100), true, "100 characters"},
		{"90 CJK characters", strings.Repeat("七", 90), true, "90 characters, 270 bytes"},
		{"10 kB", strings.Repeat("x", 10000), true, "10000 characters"},
		{"over 200 bytes in 64 characters", strings.Repeat("😀", 51), true, "51 characters, 204 bytes"},
		{"a tab", "bot\t7", true, `character 4 is the control character '\t'`},
		{"a newline", "bot7\n", true, `'\n'`},
		{"an escape", "\x1b[31mbot", true, `'\x1b'`},
		{"a DEL", "bot\x7f", true, `'\x7f'`},
		{"a C1 control", "bot\u0085", true, `'\u0085'`},
		{"a line separator", "bot\u2028x", true, `'\u2028'`},
		{"invalid UTF-8", "bot\xff", true, "not valid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckLabel(tc.value)
			if (err != nil) != tc.bad || (err != nil && !errors.Is(err, ErrBadLabel)) {
				t.Fatalf("error %v, want bad %v", err, tc.bad)
			}
			if err != nil && !strings.Contains(err.Error(), tc.says) {
				t.Errorf("error %q does not say %q", err, tc.says)
			}
			if err != nil && (len(err.Error()) > 300 || strings.ContainsAny(err.Error(), "\t\n\x1b")) {
				t.Errorf("error %q: too long, or with raw control characters", err)
			}
		})
	}
}

// FuzzCheckLabel: a value accepted is one line of printable, valid UTF-8
// text within the limits, and the message of one refused is short and
// escaped.
func FuzzCheckLabel(f *testing.F) {
	for _, s := range []string{"bot7", "a\tb", strings.Repeat("七", 70), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := CheckLabel(s)
		if err == nil {
			if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxLabelChars || len(s) > MaxLabelBytes {
				t.Fatalf("accepted %q", s)
			}
			for _, r := range s {
				if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 {
					t.Fatalf("accepted %q with %U", s, r)
				}
			}
			return
		}
		if len(err.Error()) > 300 || strings.ContainsAny(err.Error(), "\t\n\r\x1b") {
			t.Fatalf("message %q", err)
		}
	})
}
