package logs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/logfile"
	"golang.org/x/tools/txtar"
)

func TestSplitName(t *testing.T) {
	for _, tc := range []struct {
		name, group, player string
		stamp               int64
		ok                  bool
	}{
		{"song2311/logs/Link Nealydoo/1571987361.csv", "song2311/logs", "Link Nealydoo", 1571987361, true},
		{"p1/100.csv", "", "p1", 100, true},
		{"100.csv", "", "", 0, false},
		{"g/a/100x.csv", "", "", 0, false},
		{"g/a/.csv", "", "", 0, false},
		{"g/a/100.CSV", "", "", 0, false},
		{"g/a/-100.csv", "", "", 0, false},
		{"g/a/1234567890123456789.csv", "", "", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			group, player, stamp, ok := SplitName(tc.name)
			if group != tc.group || player != tc.player || stamp != tc.stamp || ok != tc.ok {
				t.Errorf("SplitName = %q, %q, %d, %v; want %q, %q, %d, %v", group, player, stamp, ok, tc.group, tc.player, tc.stamp, tc.ok)
			}
		})
	}
}

func TestParseFile(t *testing.T) {
	row := `100,2,13,1,"C4,C6,C3,C2;S7,S4,S9,S6;DJ,D9,D3,DQ;D4,D6,D8,D2;S3,SQ,S8,S5;C10,C9,CJ,C7;C8,CK,C5,CA;DA,DK,HJ,D10;H10,H7,HA,H8;HQ,H4,H2,H5;SJ,SK,S10,D7;HK,H3,H6,H9;SA,CQ,S2,D5"`
	for _, tc := range []struct {
		name, data string
		rows       int
	}{
		{"crlf", row + "\r\n" + row + "\r\n", 2},
		{"lf", row + "\n" + row, 2},
		{"one trailing blank line", row + "\n\n", 1},
		{"byte order mark", "\xef\xbb\xbf" + row, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := ParseFile("g/c/100.csv", []byte(tc.data))
			if len(f.Errors) > 0 || len(f.Rows) != tc.rows {
				t.Fatalf("errors %v, %d rows; want none and %d", f.Errors, len(f.Rows), tc.rows)
			}
			r := f.Rows[0]
			if f.Players != 4 || f.Pos != 2 || r.Score != 13 || r.First != 1 || r.ScoreCol != 7 || r.CardCol[0] != 13 || r.Cards[51].String() != "D5" {
				t.Errorf("file %+v, row %+v", f, r)
			}
			if f.Group != "g" || f.Player != "c" || f.Stamp != 100 || f.Bytes != len(tc.data) || len(f.SHA256) != 64 {
				t.Errorf("file identity %q %q %d %d %q", f.Group, f.Player, f.Stamp, f.Bytes, f.SHA256)
			}
		})
	}
}

// formatRow writes a parsed row back in the log format.
func formatRow(f *File, r *Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d,%d,%d,%d,\"", f.Stamp, f.Pos, r.Score, r.First)
	for i, c := range r.Cards {
		switch {
		case i == 0:
		case i%f.Players == 0:
			b.WriteByte(';')
		default:
			b.WriteByte(',')
		}
		b.WriteString(c.String())
	}
	b.WriteString("\"\r\n")
	return b.String()
}

var knownCodes = map[string]bool{
	CodeBadName: true, logfile.CodeUnreadable: true, logfile.CodeEmptyFile: true, logfile.CodeBinary: true, logfile.CodeLongLine: true,
	logfile.CodeBlankLine: true, CodeFieldCount: true, CodeBadQuote: true, CodeBadNumber: true, CodeTimeMismatch: true,
	CodeBadPos: true, CodeBadScore: true, CodeBadFirst: true, CodeBadCard: true, CodeTrickSize: true,
	CodeTrickCount: true, CodeDuplicateCard: true, logfile.CodeTooManyErrors: true,
}

// FuzzParseFile checks that the parser never panics, that every error is
// located in the file with a known code, and that a file it accepts holds
// whole hands and reads back the same when written out again.
func FuzzParseFile(f *testing.F) {
	cases, err := filepath.Glob("testdata/malformed/*.txtar")
	if err != nil {
		f.Fatal(err)
	}
	for _, path := range cases {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, "/200.csv") {
				f.Add(file.Data)
			}
		}
	}
	f.Add([]byte("200,0,1,1,\"\"\n"))
	f.Add([]byte("200,0,1,1,\"C2,C3\"\n200"))
	const name = "g/p/200.csv"
	f.Fuzz(func(t *testing.T, data []byte) {
		file := ParseFile(name, data)
		if len(file.Errors) > logfile.MaxErrors+1 {
			t.Fatalf("%d errors", len(file.Errors))
		}
		for _, e := range file.Errors {
			if e.File != name || e.Line < 0 || e.Column < 0 || !knownCodes[e.Code] || e.Msg == "" {
				t.Fatalf("badly located error %+v", e)
			}
		}
		if len(file.Errors) > 0 {
			if len(file.Rows) > 0 {
				t.Fatal("a file with errors kept its rows")
			}
			return
		}
		if len(file.Rows) == 0 || (file.Players != 2 && file.Players != 4) || file.Pos < 0 || file.Pos >= file.Players {
			t.Fatalf("accepted %d rows of %d players at pos %d", len(file.Rows), file.Players, file.Pos)
		}
		var again strings.Builder
		for i := range file.Rows {
			r := &file.Rows[i]
			if gin.HandOf(r.Cards[:]...) != gin.FullDeck || r.Score > 26 || int(r.First) >= file.Players {
				t.Fatalf("accepted row %+v", r)
			}
			again.WriteString(formatRow(file, r))
		}
		back := ParseFile(name, []byte(again.String()))
		if len(back.Errors) > 0 || len(back.Rows) != len(file.Rows) {
			t.Fatalf("written back: %v", back.Errors)
		}
		for i := range back.Rows {
			a, b := &file.Rows[i], &back.Rows[i]
			if a.Cards != b.Cards || a.Score != b.Score || a.First != b.First {
				t.Fatalf("row %d reads back as %+v, was %+v", i, b, a)
			}
		}
	})
}

// TestParseRealFiles parses one file of every real group and writes it
// back: the text must come back byte for byte, but for line endings.
func TestParseRealFiles(t *testing.T) {
	root := needRealLogs(t)
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || seen[filepath.Dir(filepath.Dir(path))] {
			return err
		}
		seen[filepath.Dir(filepath.Dir(path))] = true
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		file := ParseFile(filepath.ToSlash(rel), data)
		if len(file.Errors) > 0 {
			t.Fatalf("%v", file.Errors)
		}
		var again strings.Builder
		for i := range file.Rows {
			again.WriteString(formatRow(file, &file.Rows[i]))
		}
		if got, want := again.String(), strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n", "\r\n"); got != want {
			t.Errorf("%s does not read back as written", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 10 {
		t.Errorf("%d groups seen, want at least 10", len(seen))
	}
}

// TestCardColumns checks CardColumns against the columns the parser finds,
// on every row of the real logs.
func TestCardColumns(t *testing.T) {
	root := needRealLogs(t)
	games, err := ReadFS(os.DirFS(root), ".")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, g := range games {
		for _, f := range g.Files() {
			for i := range f.Rows {
				r := &f.Rows[i]
				if got := CardColumns(r.CardCol[0], &r.Cards); got != r.CardCol {
					t.Fatalf("%s:%d: card columns %v, parsed %v", f.Name, r.Line, got, r.CardCol)
				}
				rows++
			}
		}
	}
	if rows == 0 {
		t.Fatal("no rows read")
	}
}
