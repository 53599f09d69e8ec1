package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/internal/testdataset"
	"github.com/ginlog/ginlog/internal/testschema"
)

// TestDatasetExitCodes: a --out or --data that is not a usable folder
// (a file, a device, a link, a broken manifest) is a usage error, exit 2,
// the same as a missing --data folder; a file the manifest lists that is
// missing is an error naming it, exit 1.
func TestDatasetExitCodes(t *testing.T) {
	env := sampleEnv(t)
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "ds")
	if r := runCmd(t, env, "export-data", "--out", dir); r.code != exitOK {
		t.Fatalf("export-data: exit %d: %s", r.code, r.err)
	}
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(tmp, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "_manifest.json"), []byte("{\n  \"format\": 1,,\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(tmp, "missing")
	if err := os.CopyFS(missing, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	parts, err := filepath.Glob(filepath.Join(missing, "games", "*", "*", "part-00001.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("games files %v, %v", parts, err)
	}
	if err := os.Remove(parts[0]); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"out a file", []string{"export-data", "--out", file}, exitUsage, "is a file, not a folder"},
		{"out a device", []string{"export-data", "--out", os.DevNull}, exitUsage, "is a character device, not a folder"},
		{"out a link", []string{"export-data", "--out", link}, exitUsage, "is a symbolic link, not a folder"},
		{"out a newline", []string{"export-data", "--out", filepath.Join(tmp, "nl\nDROP VIEW imports; --")}, exitUsage, "control character"},
		{"out a broken manifest", []string{"export-data", "--out", broken}, exitUsage, "_manifest.json:2:15:"},
		{"data a file", []string{"query", "summary", "--data", file}, exitUsage, "is a file, not a folder"},
		{"data missing", []string{"query", "summary", "--data", filepath.Join(tmp, "none")}, exitUsage, "not a ginlog dataset"},
		{"data a broken manifest", []string{"query", "summary", "--data", broken}, exitUsage, "_manifest.json:2:15:"},
		{"data a listed file missing", []string{"query", "summary", "--data", missing}, exitError, parts[0] + ", listed in _manifest.json, is missing"},
		{"check-hashes without data", []string{"query", "summary", "--check-hashes"}, exitUsage, "--check-hashes checks the files of a dataset: give --data with it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code || !strings.Contains(r.err, tc.msg) {
				t.Fatalf("exit %d, want %d with %q: %s", r.code, tc.code, tc.msg, r.err)
			}
		})
	}
}

// exportedEnv runs ingest with the arguments into a new database, then
// export-data into a new folder, and returns the environment that names
// the database and the dataset's folder.
func exportedEnv(t *testing.T, ingestArgs ...string) (map[string]string, string) {
	t.Helper()
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, append([]string{"ingest"}, ingestArgs...)...); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	dir := filepath.Join(t.TempDir(), "ds")
	if r := runCmd(t, env, "export-data", "--out", dir); r.code != exitOK {
		t.Fatalf("export-data: exit %d: %s", r.code, r.err)
	}
	return env, dir
}

// damagedOutput stands for what varies in the errors of a damaged
// dataset: the month of the import, the sizes of files (those of the
// tables that hold times vary from run to run) and their hashes.
var damagedOutput = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`import_month=\d{4}-\d\d`), "import_month=YYYY-MM"},
	{regexp.MustCompile(`\d+ bytes`), "N bytes"},
	{regexp.MustCompile(`says \d+:`), "says N:"},
	{regexp.MustCompile(`SHA-256 [0-9a-f]{12}…, the manifest says [0-9a-f]{12}…`), "SHA-256 HASH…, the manifest says HASH…"},
}

// TestQueryDamagedData: query --data over a dataset whose files are not
// those its manifest lists (rows repeated or dropped, cut short, swapped
// for another file, changed in place, no Parquet, other columns, a file
// or a table's folder missing) prints one line naming the file and what
// differs, exit 1, and no table; a manifest of the first format is
// refused on one line, exit 2; a dataset without games of the query's
// kind says what it lacks, exit 5. The one change the default check
// misses, a byte of a data page, is there too: --check-hashes names it.
// The outputs are in a golden file.
func TestQueryDamagedData(t *testing.T) {
	env, base := exportedEnv(t, "../../testdata/sample", "--source", "week 1")
	if r := runCmd(t, env, "ingest", "../../testdata/sample", "--source", "week 2"); r.code != exitOK {
		t.Fatalf("ingest again: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, env, "export-data", "--out", base); r.code != exitOK {
		t.Fatalf("export-data again: exit %d: %s", r.code, r.err)
	}
	_, unverified := exportedEnv(t, "--no-verify", "../../testdata/sample")
	hearts := filepath.Join(t.TempDir(), "hearts")
	if r := runCmd(t, nil, "simulate", "--game", "hearts", "--games", "2", "--out", hearts); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	_, heartsOnly := exportedEnv(t, hearts)
	m, err := dataset.ReadManifest(base)
	if err != nil {
		t.Fatal(err)
	}
	part := func(table, source string) string {
		for _, x := range m.Exports {
			for _, f := range x.Files {
				if f.Table == table && strings.Contains(f.Path, "/source="+source+"/") {
					return f.Path
				}
			}
		}
		t.Fatalf("no file of %s in source %s", table, source)
		return ""
	}
	plays, games, rounds := part("plays", "week 1"), part("games", "week 1"), part("rounds", "week 1")
	rewrite := func(query string) func(string) { return func(p string) { testdataset.Rewrite(t, p, query) } }
	write := func(b []byte) func(string) {
		return func(p string) {
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	read := func(rel string) []byte {
		b, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	flip := func(off int) func(string) {
		return func(p string) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if off < 0 {
				off += len(b)
			}
			b[off] ^= 0x5a
			write(b)(p)
		}
	}
	remove := func(p string) {
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
	}
	var out strings.Builder
	for _, c := range []struct {
		name   string
		rel    string       // the file or folder damaged, slash-separated
		damage func(string) // given its path in a copy of the dataset
		vouch  bool         // the manifest is made to match the file
		args   []string     // the query, --data DIR added
		code   int
	}{
		{"rows repeated", plays, rewrite("SELECT * FROM f UNION ALL SELECT * FROM f"), false, nil, exitError},
		{"rows dropped", rounds, rewrite("SELECT * FROM f LIMIT 100"), false, nil, exitError},
		{"cut short", games, func(p string) { write(read(games)[:1000])(p) }, false, nil, exitError},
		{"another table's file", rounds, write(read(games)), false, nil, exitError},
		{"the other import's file", part("imports", "week 1"), write(read(part("imports", "week 2"))), false, nil, exitError},
		{"the cards swapped for the enums", "cards/cards.parquet", write(read("enums/enums.parquet")), false, nil, exitError},
		{"a byte of a data page changed: unnoticed, the rounds are wrong", rounds, flip(50), false, nil, exitOK},
		{"a byte of a data page changed, --check-hashes", rounds, flip(50), false, []string{"--check-hashes"}, exitError},
		{"a byte of a page header changed", rounds, flip(100), false, nil, exitError},
		{"a byte of the footer changed", rounds, flip(-30), false, nil, exitError},
		{"the footer's magic changed", games, flip(-1), false, nil, exitError},
		{"no Parquet, vouched for", games, write([]byte("PAR1, and no more")), true, nil, exitError},
		{"a column of another type, vouched for", plays, rewrite("SELECT * REPLACE (CAST(hand_mask AS VARCHAR) AS hand_mask) FROM f"), true, nil, exitError},
		{"a column missing, vouched for", games, rewrite("SELECT * EXCLUDE (winner) FROM f"), true, nil, exitError},
		{"a file missing", plays, remove, false, nil, exitError},
		{"a table's folder missing", "rounds", remove, false, nil, exitError},
		{"manifest format 1", dataset.ManifestName, func(p string) {
			write(bytes.Replace(read(dataset.ManifestName), []byte(`"format": 2`), []byte(`"format": 1`), 1))(p)
		}, false, nil, exitUsage},
		{"a Hearts query, no Hearts games", "", nil, false, []string{"hearts-points"}, exitNoMatch},
		{"a Gin query, no Gin games", "", nil, false, []string{"pace"}, exitNoMatch},
		{"no games exported yet", "", nil, false, nil, exitNoMatch},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "ds")
			switch c.name {
			case "a Gin query, no Gin games":
				dir = heartsOnly
			case "no games exported yet":
				dir = unverified
			default:
				if err := os.CopyFS(dir, os.DirFS(base)); err != nil {
					t.Fatal(err)
				}
			}
			if c.damage != nil {
				c.damage(filepath.Join(dir, filepath.FromSlash(c.rel)))
			}
			if c.vouch {
				testdataset.Vouch(t, dir, c.rel)
			}
			args := c.args
			if len(args) == 0 || strings.HasPrefix(args[0], "--") {
				args = append([]string{"summary"}, args...)
			}
			args = append(append([]string{"query"}, args...), "--data", dir)
			r := runCmd(t, nil, args...)
			if r.code != c.code || c.code != exitOK && (r.out != "" || strings.Count(r.err, "\n") != 1) {
				t.Errorf("exit %d, want %d; stdout %q; stderr %q", r.code, c.code, r.out, r.err)
			}
			msg := strings.ReplaceAll(r.err, dir, "DIR")
			for _, u := range damagedOutput {
				msg = u.re.ReplaceAllString(msg, u.with)
			}
			shown := strings.Join(args[:len(args)-1], " ") + " DIR"
			fmt.Fprintf(&out, "# %s\n$ ginlog %s\nexit %d\n%s%s\n", c.name, shown, r.code, r.out, msg)
		})
	}
	golden(t, "query-data-damaged.txt", out.String())
}
