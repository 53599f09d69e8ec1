package dataset

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/schema"
)

// TestEveryTableDecided: each table of the latest schema is exported or
// skipped with a reason, so that a new migration's table is not left out
// silently.
func TestEveryTableDecided(t *testing.T) {
	db := testschema.Open(t)
	rows, err := db.Query(`SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND NOT internal`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		in := slices.ContainsFunc(exported, func(e struct {
			Name string
			Key  Key
		}) bool {
			return e.Name == n
		})
		if _, skip := skipped[n]; in == skip {
			t.Errorf("table %s: exported %v, skipped %v; want exactly one (add it to exported or skipped)", n, in, skip)
		}
	}
	for _, e := range exported {
		if !slices.Contains(names, e.Name) {
			t.Errorf("exported table %s is not in the schema", e.Name)
		}
	}
}

func TestEscapePartition(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"week1", "week1"},
		{"week 1", "week 1"},
		{"a/b", "a%2Fb"},
		{"x=y", "x%3Dy"},
		{"100%", "100%25"},
		{"it's", "it%27s"},
		{`C:\logs`, "C%3A%5Clogs"},
		{"*?[]{^#\"", "%2A%3F%5B%5D%7B%5E%23%22"},
		{"tab\there", "tab%09here"},
		{"dél", "dél"},
		{"a+b", "a+b"},
		{"NULL", "%4EULL"},
		{"Null", "%4Eull"},
		{"__HIVE_DEFAULT_PARTITION__", "%5F_HIVE_DEFAULT_PARTITION__"},
	} {
		if got := escapePartition(c.in); got != c.want {
			t.Errorf("escapePartition(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	s := "x"
	if got := partitionDir(&s, "2020-11"); got != "source=x/import_month=2020-11" {
		t.Errorf("partitionDir = %s", got)
	}
	if got := partitionDir(nil, "2020-11"); got != "source=__HIVE_DEFAULT_PARTITION__/import_month=2020-11" {
		t.Errorf("partitionDir(nil) = %s", got)
	}
}

func TestParseComments(t *testing.T) {
	ddl := []string{`-- Schema version 1.

-- One row per game.
-- Two lines.
CREATE TABLE games (
  game_id BIGINT PRIMARY KEY,
  log_ts  BIGINT NOT NULL,   -- the timestamp
  winner  side NOT NULL,     -- the side with the higher total
  PRIMARY KEY (game_id)
);

-- A card.
CREATE TYPE card AS ENUM ('SA');
`, `COMMENT ON COLUMN games.game_id IS 'the game''s id';
COMMENT ON TABLE games IS 'Games.';`}
	c := parseComments(ddl)
	if c.tables["games"] != "Games." {
		t.Errorf("table comment %q", c.tables["games"])
	}
	want := map[string]string{"game_id": "the game's id", "log_ts": "the timestamp", "winner": "the side with the higher total"}
	if !maps.Equal(c.columns["games"], want) {
		t.Errorf("columns %v, want %v", c.columns["games"], want)
	}
	if c.types["card"] != "A card." {
		t.Errorf("type comment %q", c.types["card"])
	}
	if c := parseComments(ddl[:1]); c.tables["games"] != "One row per game. Two lines." {
		t.Errorf("table comment without COMMENT ON: %q", c.tables["games"])
	}
}

// TestDatasetTypes maps the database's types.
func TestDatasetTypes(t *testing.T) {
	enums := []string{"card", "side"}
	for in, want := range map[string]string{"card": "VARCHAR", "card[]": "VARCHAR[]", "side": "VARCHAR", "UBIGINT": "BIGINT",
		"SMALLINT": "SMALLINT", "VARCHAR[]": "VARCHAR[]", "TIMESTAMP": "TIMESTAMP", "cards": "cards"} {
		if got := datasetType(in, enums); got != want {
			t.Errorf("datasetType(%s) = %s, want %s", in, got, want)
		}
	}
}

func FuzzParseComments(f *testing.F) {
	for _, ddl := range schema.DDL() {
		f.Add(ddl)
	}
	f.Add("CREATE TABLE t (\n  a INT, -- x\n")
	f.Add("COMMENT ON COLUMN t IS 'x';")
	f.Fuzz(func(t *testing.T, ddl string) {
		c := parseComments([]string{ddl})
		for table, cols := range c.columns {
			if table == "" {
				t.Fatalf("columns of a table without a name: %v", cols)
			}
		}
	})
}

// TestPartitionValue: a value too long for a folder name is cut at a
// character and escape boundary and marked with its hash; shorter ones are
// left as escapePartition gives them.
func TestPartitionValue(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
	}{
		{"short", "week1"},
		{"just fits", strings.Repeat("a", MaxPartitionValue)},
		{"one byte over", strings.Repeat("a", MaxPartitionValue+1)},
		{"100 slashes", strings.Repeat("/", 100)},
		{"90 CJK characters", strings.Repeat("漢", 90)},
		{"10 kB", strings.Repeat("x", 10_000)},
		{"escapes and characters", strings.Repeat("é/", 200)},
		{"all escapes", strings.Repeat("%", 500)},
	} {
		t.Run(c.name, func(t *testing.T) {
			esc := escapePartition(c.in)
			got := partitionValue(c.in)
			if len(esc) <= MaxPartitionValue {
				if got != esc {
					t.Fatalf("partitionValue = %q, want %q", got, esc)
				}
				return
			}
			if len(got) > MaxPartitionValue || !utf8.ValidString(got) {
				t.Fatalf("partitionValue = %q: %d bytes or not UTF-8", got, len(got))
			}
			prefix, hash, ok := strings.Cut(got, "~")
			if !ok || len(hash) != 16 || !strings.HasPrefix(esc, prefix) {
				t.Fatalf("partitionValue = %q, not a prefix of %q, '~' and a hash", got, esc)
			}
			if i := strings.LastIndexByte(prefix, '%'); i >= 0 && i > len(prefix)-3 {
				t.Fatalf("partitionValue = %q cuts an escape", got)
			}
			if other := partitionValue(c.in + "y"); other == got {
				t.Fatalf("two values share the folder %q", got)
			}
		})
	}
}

// TestReadRegularLimit: a manifest larger than the limit is refused, not
// read whole.
func TestReadRegularLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), ManifestName)
	if err := os.WriteFile(p, []byte("{\"format\": 1}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		limit int64
		ok    bool
	}{
		{"under", 100, true},
		{"exactly", 13, true},
		{"over", 12, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := readRegular(p, c.limit)
			if c.ok != (err == nil) || c.ok && len(b) != 13 {
				t.Errorf("readRegular(%d) = %d bytes, %v", c.limit, len(b), err)
			}
		})
	}
}

// compactManifest returns the manifest good with one column per table, no
// comments and no indentation: a small valid manifest for the fuzzer to
// change, which minimizes what it finds much faster than the whole one.
func compactManifest(f *testing.F, good []byte) []byte {
	var m Manifest
	if err := json.Unmarshal(good, &m); err != nil {
		f.Fatal(err)
	}
	for i := range m.Tables {
		m.Tables[i].Comment = ""
		m.Tables[i].Columns = m.Tables[i].Columns[:1]
		m.Tables[i].Columns[0].Comment = ""
	}
	b, err := json.Marshal(&m)
	if err != nil {
		f.Fatal(err)
	}
	return b
}

// FuzzParseManifest: any bytes parse, or give one error, on one line,
// that names the manifest and reads as ErrNotDataset, without a panic;
// what parses lists every table, and files a reader may open (in their
// table's folder, with a SHA-256), and parses again as it is written.
func FuzzParseManifest(f *testing.F) {
	good, err := os.ReadFile(filepath.Join("testdata", "manifest.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(compactManifest(f, good))
	f.Add(bytes.Replace(good, []byte(`"format": 2`), []byte(`"format": 1`), 1))
	f.Add(bytes.Replace(good, []byte(`"path": "games/`), []byte(`"path": "games/../`), 1))
	f.Add([]byte(`{"format": 2, "schema_version": 1, "tables": []}`))
	f.Add([]byte("{\n  \"format\": 1,,\n}"))
	f.Add([]byte(`{"format": "one"}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest(ManifestName, data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, ManifestName) || strings.Contains(msg, "\n") || !errors.Is(err, ErrNotDataset) {
				t.Fatalf("error %q: not one line naming the manifest and reading as ErrNotDataset", msg)
			}
			return
		}
		for _, name := range tableNames() {
			tb, ok := m.Table(name)
			if !ok {
				t.Fatalf("parsed without table %s", name)
			}
			for _, file := range m.files(tb) {
				if err := checkRel(name, file.Path); err != nil || !sha256Hex.MatchString(file.SHA256) {
					t.Fatalf("parsed with file %+v of table %s (%v)", file, name, err)
				}
			}
		}
		again, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseManifest(ManifestName, again); err != nil {
			t.Fatalf("parsed, but not as written again: %v", err)
		}
	})
}
