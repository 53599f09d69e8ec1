package ingest

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
)

func TestParseLogName(t *testing.T) {
	for _, tc := range []struct {
		base    string
		want    string // ts/score/copy, or "" for not a log
		partner string
	}{
		{"1604731633.csv", "1604731633/turns/0", "1604731633-score.csv"},
		{"1604731633-score.csv", "1604731633/score/0", "1604731633.csv"},
		{"1604731633.CSV", "1604731633/turns/0", "1604731633-score.csv"},
		{"1604731633 (1).csv", "1604731633/turns/1", "1604731633-score (1).csv"},
		{"1604731633-score (12).csv", "1604731633/score/12", "1604731633 (12).csv"},
		{"1604731633(2).csv", "1604731633/turns/2", "1604731633-score(2).csv"},
		{"1604731633-score(1).Csv", "1604731633/score/1", "1604731633(1).csv"},
		{"1604731633 (0).csv", "", ""},
		{"1604731633 (1)-score.csv", "", ""},
		{"1604731633  (1).csv", "", ""},
		{"1604731633 (1) .csv", "", ""},
		{"1604731633 (1234567).csv", "", ""},
		{"1604731633.csv.crdownload", "", ""},
		{"1604731633.csv.part", "", ""},
		{"x1604731633.csv", "", ""},
		{"-score.csv", "", ""},
	} {
		t.Run(tc.base, func(t *testing.T) {
			n, ok := ParseLogName(tc.base)
			got := ""
			if ok {
				got = fmt.Sprintf("%d/%s/%d", n.TS, map[bool]string{false: "turns", true: "score"}[n.Score], n.Copy)
			}
			if got != tc.want {
				t.Fatalf("ParseLogName(%q) = %s, want %s", tc.base, got, tc.want)
			}
			if ok && n.Partner() != tc.partner {
				t.Errorf("partner %q, want %q", n.Partner(), tc.partner)
			}
		})
	}
}

// FuzzParseLogName: reading a name never panics, and the partner of a log
// file's name is the name of the other kind of file of the same game and
// copy, whose partner is the first name, its extension lowercased.
func FuzzParseLogName(f *testing.F) {
	for _, s := range []string{"1.csv", "1-score.csv", "1604731633 (1).csv", "1604731633-score(3).CSV", "(1).csv", "9999999999999999999.csv"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, base string) {
		n, ok := ParseLogName(base)
		if !ok {
			return
		}
		p, ok := ParseLogName(n.Partner())
		if !ok || p.TS != n.TS || p.Copy != n.Copy || p.Score == n.Score {
			t.Fatalf("%q: partner %q reads as %+v, %v", base, n.Partner(), p, ok)
		}
		if back := p.Partner(); !strings.EqualFold(back, base) || !strings.HasSuffix(back, ".csv") {
			t.Fatalf("%q: the partner's partner is %q", base, back)
		}
	})
}

// TestBrowserRenamedDownloads: files a browser renamed when they were
// downloaded again are paired by timestamp and copy number; a copy left
// without a partner is skipped when it repeats another file's bytes, and
// is otherwise reported.
func TestBrowserRenamedDownloads(t *testing.T) {
	const a, b = 1700000000, 1700000100 // two sample games
	turnsA, scoresA := testlogs.Read(t, a)
	turnsB, _ := testlogs.Read(t, b)
	type file struct {
		name string
		data []byte
	}
	for _, tc := range []struct {
		name                      string
		files                     []file
		zip                       bool
		loaded, duplicate, errors int
		skipped                   []string // name: reason
		wantErr                   string
	}{
		{name: "both renamed", files: []file{{"1700000000 (1).csv", turnsA}, {"1700000000-score (1).csv", scoresA}}, loaded: 1},
		{name: "both renamed, Firefox", files: []file{{"1700000000(1).csv", turnsA}, {"1700000000-score(1).csv", scoresA}}, loaded: 1},
		{name: "both renamed, in an archive", zip: true, files: []file{{"logs/1700000000 (1).csv", turnsA}, {"logs/1700000000-score (1).csv", scoresA}}, loaded: 1},
		{name: "both renamed, the extension in capitals", files: []file{{"1700000000 (1).CSV", turnsA}, {"1700000000-score (1).CSV", scoresA}}, loaded: 1},
		{name: "both renamed beside the first download", files: []file{
			{"1700000000.csv", turnsA}, {"1700000000-score.csv", scoresA}, {"1700000000 (1).csv", turnsA}, {"1700000000-score (1).csv", scoresA}},
			loaded: 1, duplicate: 1},
		{name: "two copies beside the first download", files: []file{
			{"1700000000.csv", turnsA}, {"1700000000-score.csv", scoresA}, {"1700000000 (1).csv", turnsA}, {"1700000000-score (1).csv", scoresA},
			{"1700000000 (2).csv", turnsA}, {"1700000000-score (2).csv", scoresA}},
			loaded: 1, duplicate: 2},
		{name: "one renamed", files: []file{{"1700000000 (1).csv", turnsA}, {"1700000000-score.csv", scoresA}}, loaded: 1},
		{name: "other copy numbers", files: []file{{"1700000000 (2).csv", turnsA}, {"1700000000-score (1).csv", scoresA}}, loaded: 1},
		{name: "one renamed, the same bytes as the first", files: []file{
			{"1700000000.csv", turnsA}, {"1700000000-score.csv", scoresA}, {"1700000000 (1).csv", turnsA}},
			loaded: 1, skipped: []string{"1700000000 (1).csv: a second download of DIR/1700000000.csv: the same bytes"}},
		{name: "one score file renamed, the same bytes as the first", files: []file{
			{"1700000000.csv", turnsA}, {"1700000000-score.csv", scoresA}, {"1700000000-score (1).csv", scoresA}, {"1700000000-score (2).csv", scoresA}},
			loaded: 1, skipped: []string{
				"1700000000-score (1).csv: a second download of DIR/1700000000-score.csv: the same bytes",
				"1700000000-score (2).csv: a second download of DIR/1700000000-score.csv: the same bytes"}},
		{name: "one renamed, other bytes", files: []file{
			{"1700000000.csv", turnsA}, {"1700000000-score.csv", scoresA}, {"1700000000 (1).csv", turnsB}},
			loaded: 1, errors: 1, wantErr: "DIR/1700000000 (1).csv:0:0: missing-partner: no score file 1700000000-score (1).csv beside it"},
		{name: "a copy named twice", files: []file{
			{"1700000000 (1).csv", turnsA}, {"1700000000 (1).CSV", turnsA}, {"1700000000-score (1).csv", scoresA}},
			errors: 2, wantErr: "DIR/1700000000 (1).CSV:0:0: duplicate-name: this file and DIR/1700000000 (1).csv name the same file of game 1700000000: none is read"},
		{name: "copy zero is no browser's", files: []file{{"1700000000 (0).csv", turnsA}, {"1700000000-score (0).csv", scoresA}},
			skipped: []string{
				"1700000000 (0).csv: not named <timestamp>.csv or <timestamp>-score.csv",
				"1700000000-score (0).csv: not named <timestamp>.csv or <timestamp>-score.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			paths := []string{dir}
			if tc.zip {
				var entries []zipEntry
				for _, f := range tc.files {
					entries = append(entries, zipEntry{name: f.name, data: f.data})
				}
				writeZip(t, filepath.Join(dir, "logs.zip"), entries...)
			} else {
				for _, f := range tc.files {
					testlogs.Write(t, dir, f.name, f.data)
				}
			}
			db := openDB(t, "")
			s, errs := run(t, db.DB, paths...)
			if s.New != tc.loaded || s.Duplicates != tc.duplicate || s.Rejected+s.BadFiles != min(tc.errors, 1) || len(errs) != tc.errors {
				t.Errorf("%d new, %d duplicate, %d rejected, errors %q; want %d, %d, %d errors", s.New, s.Duplicates, s.Rejected, errs, tc.loaded, tc.duplicate, tc.errors)
			}
			if tc.wantErr != "" {
				want := strings.ReplaceAll(tc.wantErr, "DIR", dir)
				if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, want) }) {
					t.Errorf("errors %q, want one starting %s", errs, want)
				}
			}
			var skipped []string
			for _, sk := range s.SkippedFiles {
				skipped = append(skipped, strings.TrimPrefix(sk.Path, dir+"/")+": "+strings.ReplaceAll(sk.Reason, dir, "DIR"))
			}
			if !slices.Equal(skipped, tc.skipped) {
				t.Errorf("skipped %q, want %q", skipped, tc.skipped)
			}
		})
	}
}
