package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/schema"
)

var ingestTiming = regexp.MustCompile(`(?m)^[0-9.]+ s, [0-9]+ games/s$`)

// TestIngest imports each corpus: its summary is the golden file's, and
// its counts are the oracle's reading of the files; a second import finds
// every game a duplicate.
func TestIngest(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			dir := c.Dir(t)
			_, want := corpusLogs(t, c)
			env := map[string]string{"GINLOG_DB": testschema.Path(t)}
			r := runCmd(t, env, "ingest", dir, "--opponent", "ladder")
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			for _, line := range []string{
				fmt.Sprintf("games: %d new, 0 duplicate, 0 mirror, 0 rejected\n", want.Games),
				fmt.Sprintf("loaded: %d rounds, %d plays; 0 errors\n", want.Rounds, want.Plays),
				fmt.Sprintf("rounds: %d exact, %d explained, 0 impossible\n", want.Status["exact"], want.Status["explained"]),
			} {
				if !strings.Contains(r.out, line) {
					t.Errorf("the summary lacks %q, what the oracle reads in the files:\n%s", line, r.out)
				}
			}
			golden(t, "ingest-"+c.Name+".txt", verifyTiming.ReplaceAllString(ingestTiming.ReplaceAllString(r.out, "X s, Y games/s"), "in X s (Y games/s)"))
			r = runCmd(t, env, "ingest", dir, "--format", "json")
			var s struct {
				New        int `json:"games_new"`
				Duplicates int `json:"games_duplicate"`
			}
			if err := json.Unmarshal([]byte(r.out), &s); err != nil || s.New != 0 || s.Duplicates != want.Games {
				t.Errorf("second import: %+v %v: %s", s, err, r.out)
			}
		})
	}
}

func TestIngestRejectedExitCode(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "5.csv"), []byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;X8,0,S4,S7,CK\r\n"))
	writeFile(t, filepath.Join(dir, "5-score.csv"), []byte("1,0,16,Knock,0\r\n"))
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	r := runCmd(t, env, "ingest", dir)
	if r.code != exitRejected {
		t.Fatalf("exit %d, want %d", r.code, exitRejected)
	}
	want := filepath.Join(dir, "5.csv") + `:1:31: bad-card: hand card "X8" is not a card`
	if !strings.HasPrefix(r.err, want) || !strings.Contains(r.err, "ginlog: 1 of 1 game rejected") {
		t.Errorf("stderr:\n%s\nwant it to start with %s", r.err, want)
	}
}

func TestIngestMissingPath(t *testing.T) {
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	r := runCmd(t, env, "ingest", "/no/such/logs")
	if r.code != exitUsage || !strings.Contains(r.err, "/no/such/logs: no such file") {
		t.Errorf("exit %d: %s", r.code, r.err)
	}
}

// TestIngestHostileInputs runs ginlog ingest on inputs that used to stop or
// corrupt an import: each is reported, the good game loads, and the exit
// status says that something was rejected.
func TestIngestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if r := runCmd(t, nil, "simulate", "--games", "2", "--players", "simple,meldable", "--out", logs); r.code != exitOK {
		t.Fatalf("simulate: %s", r.err)
	}
	writeFile(t, filepath.Join(logs, "README.md"), []byte("x"))
	writeFile(t, filepath.Join(logs, "1604736245000000.csv"), []byte("1,0,1,Knock,0\r\n"))
	writeFile(t, filepath.Join(logs, "broken.zip"), []byte("PK not really"))
	symlink(t, ".", filepath.Join(logs, "loop"))
	env := map[string]string{"GINLOG_DB": filepath.Join(dir, "g.duckdb")}
	r := runCmd(t, env, "ingest", "--verbose", logs)
	if r.code != exitRejected {
		t.Fatalf("exit %d, want %d: %s", r.code, exitRejected, r.err)
	}
	for _, want := range []string{
		filepath.Join(logs, "1604736245000000.csv") + ":0:0: bad-timestamp: ",
		filepath.Join(logs, "broken.zip") + ":0:0: bad-zip: ",
		"skipped " + filepath.Join(logs, "README.md") + ": not named <timestamp>.csv or <timestamp>-score.csv",
		"skipped " + filepath.Join(logs, "loop") + ": a folder already read",
		"ginlog: 2 files or folders could not be read as logs",
	} {
		if !strings.Contains(r.err, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.err)
		}
	}
	if !strings.Contains(r.out, "games: 2 new") || !strings.Contains(r.out, "4 files, 2 rejected on their own (2 other files skipped; --verbose names them)") {
		t.Errorf("summary:\n%s", r.out)
	}
	r = runCmd(t, env, "ingest", logs, "--format", "json")
	var s struct {
		Skipped []struct{ Path, Reason string } `json:"skipped"`
		Bad     int                             `json:"files_rejected"`
	}
	if err := json.Unmarshal([]byte(r.out), &s); err != nil || len(s.Skipped) != 2 || s.Bad != 2 {
		t.Errorf("json summary %+v %v: %s", s, err, r.out)
	}
	if r := runCmd(t, env, "ingest", logs, "--source", "caf\xe9"); r.code != exitUsage || !strings.Contains(r.err, "--source") {
		t.Errorf("a label that is not UTF-8: exit %d: %s", r.code, r.err)
	}
}

// TestIngestRefusesOtherDatabases checks that ingest neither adds tables
// to a DuckDB file another program made nor writes to a database of a
// newer schema, and that an in-memory database is said to keep nothing.
func TestIngestRefusesOtherDatabases(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if r := runCmd(t, nil, "simulate", "--games", "2", "--out", logs); r.code != exitOK {
		t.Fatalf("simulate: %s", r.err)
	}
	foreign := filepath.Join(dir, "other.duckdb")
	c, err := duckdb.NewConnector(foreign, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := sql.OpenDB(c)
	if _, err := raw.Exec(`CREATE TABLE accounts (id INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}
	before := readFile(t, foreign)
	if r := runCmd(t, nil, "ingest", "--db", foreign, logs); r.code == exitOK || !strings.Contains(r.err, "not a ginlog database") {
		t.Errorf("foreign database: exit %d: %s", r.code, r.err)
	}
	if after := readFile(t, foreign); !bytes.Equal(before, after) {
		t.Error("the foreign database was changed")
	}

	newer := filepath.Join(dir, "newer.duckdb")
	if r := runCmd(t, nil, "ingest", "--db", newer, logs); r.code != exitOK {
		t.Fatalf("ingest: %s", r.err)
	}
	db, err := schema.Open(context.Background(), newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_version VALUES (?, current_timestamp)`, schema.Latest()+1); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if r := runCmd(t, nil, "ingest", "--db", newer, logs); r.code == exitOK || !strings.Contains(r.err, "written by a newer ginlog") {
		t.Errorf("newer database: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, nil, "sql", "--db", newer, "SELECT 1"); r.code == exitOK || !strings.Contains(r.err, "written by a newer ginlog") {
		t.Errorf("newer database, sql: exit %d: %s", r.code, r.err)
	}

	r := runCmd(t, nil, "ingest", "--db", ":memory:", logs)
	if r.code != exitOK || !strings.Contains(r.err, "the database is :memory:: nothing is kept") {
		t.Errorf("in memory: exit %d: %s", r.code, r.err)
	}
}

// TestIngestNamesRejectedAreRecorded: an import whose every file is
// rejected for its name records the import and its errors in a database
// that was there; a database it created is removed, and stderr, which
// names every error, says that it is their only record.
func TestIngestNamesRejectedAreRecorded(t *testing.T) {
	dir := t.TempDir()
	bad := []string{filepath.Join(dir, "notes.txt"), filepath.Join(dir, "1604731633.tsv"), filepath.Join(dir, "999999999999999.csv")}
	for _, p := range bad {
		writeFile(t, p, []byte("1,0,16,Knock,0\r\n"))
	}
	for _, tc := range []struct {
		name     string
		existing bool
	}{{"into a database that was there", true}, {"into a new database", false}} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.duckdb")
			env := map[string]string{"GINLOG_DB": path}
			if tc.existing {
				sample := t.TempDir()
				testlogs.Copy(t, sample, testlogs.Random[0])
				if r := runCmd(t, env, "ingest", sample); r.code != exitOK {
					t.Fatalf("exit %d: %s", r.code, r.err)
				}
			}
			r := runCmd(t, env, append([]string{"ingest"}, bad...)...)
			if r.code != exitRejected {
				t.Errorf("exit %d, want %d: %s", r.code, exitRejected, r.err)
			}
			for _, p := range bad {
				if !strings.Contains(r.err, p+":0:0: bad-") {
					t.Errorf("stderr does not name %s:\n%s", p, r.err)
				}
			}
			if !strings.Contains(r.err, "ginlog: 3 files or folders could not be read as logs") {
				t.Errorf("stderr:\n%s", r.err)
			}
			const only = "ginlog: the 3 errors above have no other record: the import_errors table went with the database\n"
			if !tc.existing {
				if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the database this import created is still there (%v)", err)
				}
				if !strings.Contains(r.err, only) {
					t.Errorf("stderr does not say the errors are recorded nowhere else:\n%s", r.err)
				}
				return
			}
			if strings.Contains(r.err, only) {
				t.Errorf("stderr says the errors are not recorded:\n%s", r.err)
			}
			q := runCmd(t, env, "sql", "SELECT i.import_id, i.finished_at IS NOT NULL, e.file, e.code FROM imports i JOIN import_errors e USING (import_id) ORDER BY e.file", "--format", "csv")
			want := "import_id,(i.finished_at IS NOT NULL),file,code\n"
			for _, l := range []string{"2,true," + bad[1] + ",bad-name", "2,true," + bad[2] + ",bad-timestamp", "2,true," + bad[0] + ",bad-name"} {
				want += l + "\n"
			}
			if q.out != want {
				t.Errorf("the import's record:\n%s\nwant\n%s%s", q.out, want, q.err)
			}
		})
	}
}
