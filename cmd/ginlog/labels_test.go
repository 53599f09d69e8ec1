package main

import (
	"strings"
	"testing"
)

// TestLabelsRefused: a tag value too long or with a control character is
// a usage error naming its flag, in every command that sets one, and
// nothing is changed.
func TestLabelsRefused(t *testing.T) {
	env := sampleDB(t)
	in := t.TempDir()
	long := strings.Repeat("/", 100)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"tag 100 slashes", []string{"tag", "3", "--set-source", long},
			`ginlog: --set-source: "////////////////////////"...: not a usable tag: 100 characters, 100 bytes; a tag holds at most 64 characters and 200 bytes` + "\n"},
		{"tag 90 CJK characters", []string{"tag", "3", "--set-opponent", strings.Repeat("七", 90)},
			`ginlog: --set-opponent: "七七七七七七七七七七七七七七七七七七七七七七七七"...: not a usable tag: 90 characters, 270 bytes; a tag holds at most 64 characters and 200 bytes` + "\n"},
		{"tag a tab", []string{"tag", "3", "--set-opponent", "bot\t7"},
			`ginlog: --set-opponent: "bot\t7": not a usable tag: character 4 is the control character '\t'; a tag is one line of printable text` + "\n"},
		{"tag an escape", []string{"tag", "3", "--set-source", "\x1b[2Jweek"},
			`ginlog: --set-source: "\x1b[2Jweek": not a usable tag: character 1 is the control character '\x1b'; a tag is one line of printable text` + "\n"},
		{"ingest a newline", []string{"ingest", in, "--opponent", "bot\n7"},
			`ginlog: --opponent: "bot\n7": not a usable tag: character 4 is the control character '\n'; a tag is one line of printable text` + "\n"},
		{"ingest 10 kB", []string{"ingest", in, "--source", strings.Repeat("w", 10000)},
			`ginlog: --source: "wwwwwwwwwwwwwwwwwwwwwwww"...: not a usable tag: 10000 characters, 10000 bytes; a tag holds at most 64 characters and 200 bytes` + "\n"},
		{"watch a tab", []string{"watch", in, "--source", "a\tb"},
			`ginlog: --source: "a\tb": not a usable tag: character 2 is the control character '\t'; a tag is one line of printable text` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitUsage || r.err != tc.want || r.out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", r.code, r.out, r.err, exitUsage, tc.want)
			}
		})
	}
	if r := runCmd(t, env, "sources"); strings.Contains(r.out, "//") || strings.Contains(r.out, "week") {
		t.Errorf("a refused value was stored:\n%s", r.out)
	}
	// The limits themselves are accepted.
	if r := runCmd(t, env, "tag", "3", "--set-opponent", strings.Repeat("七", 64)); r.code != exitOK {
		t.Errorf("64 characters refused: exit %d, %s", r.code, r.err)
	}
}
