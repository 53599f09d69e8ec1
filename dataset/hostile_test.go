//go:build unix

package dataset_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdataset"
)

// sampleDataset exports the sample corpus once for the tests of this file
// and returns the database's path and the dataset's folder.
func sampleDataset(t *testing.T) (string, string) {
	t.Helper()
	dbPath := filepath.Join(t.TempDir(), "ginlog.duckdb")
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}})
	return dbPath, testdataset.Export(t, dbPath)
}

// copyTree copies the dataset in from into a new folder and returns it.
func copyTree(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "copy")
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

// replace removes path and puts what make makes there.
func replace(t *testing.T, path string, make func(string) error) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	if err := make(path); err != nil {
		t.Fatal(err)
	}
}

func fifo(p string) error { return syscall.Mkfifo(p, 0o644) }

func linkTo(target string) func(string) error {
	return func(p string) error { return os.Symlink(target, p) }
}

func content(s string) func(string) error {
	return func(p string) error { return os.WriteFile(p, []byte(s), 0o644) }
}

// firstPart returns the path of a part file of the table, relative.
func firstPart(t *testing.T, dir, table string) string {
	t.Helper()
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.Exports[0].Files {
		if f.Table == table {
			return filepath.FromSlash(f.Path)
		}
	}
	t.Fatalf("no file of %s", table)
	return ""
}

// TestHostileManifest: a manifest that is no regular file, does not
// parse, or says what this ginlog cannot read or an export does not write
// is refused on one line naming it, by a reader and by an export, without
// blocking or reading without end.
func TestHostileManifest(t *testing.T) {
	dbPath, base := sampleDataset(t)
	good, err := os.ReadFile(filepath.Join(base, dataset.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) func(string) error {
		return content(strings.Replace(string(good), old, new, 1))
	}
	change := func(f func(m *dataset.Manifest)) func(string) error {
		var m dataset.Manifest
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(&m)
		b, err := json.MarshalIndent(&m, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return content(string(b))
	}
	files := func(m *dataset.Manifest) []dataset.File { return m.Exports[0].Files }
	for _, c := range []struct {
		name string
		make func(string) error
		msg  string
	}{
		{"a link to /dev/zero", linkTo("/dev/zero"), "is a symbolic link"},
		{"a named pipe", fifo, "is a named pipe"},
		{"a folder", func(p string) error { return os.Mkdir(p, 0o755) }, "is a folder"},
		{"a syntax error", content("{\n  \"format\": 1,\n  \"tables\": [1 : 2]\n}\n"), "_manifest.json:3:16: not a ginlog dataset"},
		{"a wrong type", content("{\n  \"format\": \"one\"\n}\n"), "_manifest.json:2:17: not a ginlog dataset"},
		{"a newer schema version", edit(`"schema_version": `, `"schema_version": 99, "x": `), "schema version 99"},
		{"no tables", edit(`"tables": [`, `"tables": [], "x": [`), "lists no table imports"},
		{"a table missing", edit(`"name": "games"`, `"name": "gamez"`), "lists no table games"},
		{"format 1", edit(`"format": 2`, `"format": 1`), "manifest format 1, from an earlier ginlog, records no SHA-256 of its files"},
		{"format 3", edit(`"format": 2`, `"format": 3`), "manifest format 3, this ginlog reads 2"},
		{"a table twice", change(func(m *dataset.Manifest) { m.Tables = append(m.Tables, m.Tables[0]) }), "it lists table imports twice"},
		{"a table unknown", change(func(m *dataset.Manifest) {
			m.Tables = append(m.Tables, dataset.Table{Name: "x; DROP VIEW games", Key: dataset.ByGame, Columns: m.Tables[0].Columns})
		}), `it lists a table "x; DROP VIEW games" this ginlog does not know`},
		{"a table's key changed", change(func(m *dataset.Manifest) { m.Tables[3].Key = dataset.Unpartitioned }), `table games has key "dimension", not "game"`},
		{"a table without columns", change(func(m *dataset.Manifest) { m.Tables[3].Columns = nil }), "table games has no columns"},
		{"a column type that is SQL", change(func(m *dataset.Manifest) {
			m.Tables[3].Columns[0].Type = "BIGINT) AS game_id FROM read_csv('/etc/passwd') --"
		}), "of a type that is not a plain type name"},
		{"a column twice", change(func(m *dataset.Manifest) { m.Tables[3].Columns[1].Name = m.Tables[3].Columns[0].Name }), `column "game_id"`},
		{"a file out of its folder", change(func(m *dataset.Manifest) { files(m)[0].Path = "imports/../../../etc/x.parquet" }), "is not the path of a file in the folder of table imports"},
		{"a file of another table's folder", change(func(m *dataset.Manifest) { files(m)[0].Table = "games" }), "is not the path of a file in the folder of table games"},
		{"a file a pattern", change(func(m *dataset.Manifest) { files(m)[0].Path = "imports/*/*/part-*.parquet" }), "is not the path of a file"},
		{"a file of no table", change(func(m *dataset.Manifest) { files(m)[0].Table = "nope" }), `of table "nope", which it does not list`},
		{"a file twice", change(func(m *dataset.Manifest) { m.Exports[0].Files = append(files(m), files(m)[0]) }), "listed twice"},
		{"a file of negative rows", change(func(m *dataset.Manifest) { files(m)[0].Rows = -1 }), "-1 rows"},
		{"a file without a SHA-256", change(func(m *dataset.Manifest) { files(m)[0].SHA256 = "" }), `SHA-256 "", not 64 lowercase hex digits`},
		{"a file without a footer SHA-256", change(func(m *dataset.Manifest) { files(m)[0].FooterSHA256 = "" }), `footer SHA-256 "", not 64 lowercase hex digits`},
		{"a file's SHA-256 in capitals", change(func(m *dataset.Manifest) { files(m)[0].SHA256 = strings.ToUpper(files(m)[0].SHA256) }), "not 64 lowercase hex digits"},
		{"a dimension file missing", change(func(m *dataset.Manifest) { m.DimensionFiles = m.DimensionFiles[:1] }), "it lists 1 dimension files, want 2"},
		{"a dimension file elsewhere", change(func(m *dataset.Manifest) { m.DimensionFiles[0].Path = "cards/other.parquet" }), `"cards/other.parquet", not cards/cards.parquet`},
		{"a dimension among the exports", change(func(m *dataset.Manifest) { m.Exports[0].Files = append(files(m), m.DimensionFiles[0]) }), "is the file of the dimension cards"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, base)
			manifest := filepath.Join(dir, dataset.ManifestName)
			replace(t, manifest, c.make)
			ds, err := dataset.Open(context.Background(), dir)
			if err == nil {
				ds.Close()
			}
			if !errors.Is(err, dataset.ErrNotDataset) || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), dataset.ManifestName) ||
				strings.Contains(err.Error(), "\n") {
				t.Errorf("Open: %v, want one line with %q naming %s", err, c.msg, dataset.ManifestName)
			}
			_, err = dataset.Export(context.Background(), dbPath, dir, dataset.Options{})
			if !errors.Is(err, dataset.ErrNotDataset) || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "--rebuild") {
				t.Errorf("Export: %v, want %q and --rebuild", err, c.msg)
			}
			if _, err := os.Stat(filepath.Join(dir, "games", "source=smoke")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused export wrote into the dataset (%v)", err)
			}
		})
	}
}

// TestListedFiles: a reader reads the files the manifest lists and no
// others; a listed file that is missing, or no regular file, is an error
// naming it.
func TestListedFiles(t *testing.T) {
	_, base := sampleDataset(t)
	games := firstPart(t, base, "games")
	plays := firstPart(t, base, "plays")
	for _, c := range []struct {
		name  string
		path  string // relative to the dataset
		make  func(string) error
		msg   string // "" when the dataset opens
		games int64
	}{
		{"a stray copy", filepath.Join(filepath.Dir(games), "part-00009.parquet"), func(p string) error {
			b, err := os.ReadFile(filepath.Join(filepath.Dir(p), "part-00001.parquet"))
			if err != nil {
				return err
			}
			return os.WriteFile(p, b, 0o644)
		}, "", 20},
		{"a stray folder", filepath.Join("games", "source=other", "import_month=2020-01", "part-00001.parquet"), func(p string) error {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, []byte("not parquet"), 0o644)
		}, "", 20},
		{"a listed file missing", games, func(string) error { return nil }, games + ", listed in _manifest.json, is missing", 0},
		{"a listed file a pipe", plays, fifo, "is a named pipe", 0},
		{"a listed file a link", plays, linkTo("/dev/zero"), "is a symbolic link", 0},
		{"the cards a pipe", filepath.Join("cards", "cards.parquet"), fifo, "is a named pipe", 0},
		{"a partition folder a link", filepath.Dir(plays), linkTo(os.TempDir()), "is a symbolic link", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, base)
			p := filepath.Join(dir, c.path)
			if _, err := os.Lstat(p); err == nil {
				replace(t, p, c.make)
			} else if err := c.make(p); err != nil {
				t.Fatal(err)
			}
			ds, err := dataset.Open(context.Background(), dir)
			if c.msg != "" {
				if err == nil {
					ds.Close()
				}
				if err == nil || !strings.Contains(err.Error(), c.msg) || errors.Is(err, dataset.ErrNotDataset) {
					t.Fatalf("Open: %v, want %q", err, c.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer ds.Close()
			if got := count(t, ds.DB, `SELECT count(*) FROM games`); got != c.games {
				t.Errorf("%d games, want %d", got, c.games)
			}
		})
	}
}

// TestLongSourceLabels: labels too long for a folder name export and read
// back in DuckDB, cut and marked with their hash, each import in a
// partition of its own.
func TestLongSourceLabels(t *testing.T) {
	labels := []string{strings.Repeat("/", 100), strings.Repeat("漢", 90), strings.Repeat("x", 10_000), strings.Repeat("x", 9_999) + "y"}
	dbPath := filepath.Join(t.TempDir(), "ginlog.duckdb")
	var imports []ingest.Options
	for _, l := range labels {
		imports = append(imports, ingest.Options{Paths: []string{testdataset.Sample}, Source: l})
	}
	testdataset.Database(t, dbPath, false, imports...)
	dir := testdataset.Export(t, dbPath)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && len(d.Name()) > 7+dataset.MaxPartitionValue {
			t.Errorf("%s: a name of %d bytes", p, len(d.Name()))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ds := testdataset.Open(t, dir)
	rows, err := ds.Query(`SELECT source, count(*) FROM imports GROUP BY source ORDER BY min(import_id)`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	for ; rows.Next(); i++ {
		var source string
		var imports int64
		if err := rows.Scan(&source, &imports); err != nil {
			t.Fatal(err)
		}
		prefix, hash, ok := strings.Cut(source, "~")
		if imports != 1 || !ok || len(hash) != 16 || prefix == "" || !strings.HasPrefix(labels[i], prefix) {
			t.Errorf("label %d: source %q of %d imports, want a prefix of the label, '~' and a hash, one import", i, source, imports)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(labels) {
		t.Errorf("%d sources, want %d", i, len(labels))
	}
}

// TestUnfinishedExport: what a first export killed part-way left (its
// files, no manifest) is refused, naming it and --rebuild, which then
// writes the dataset; an export that fails removes what it wrote.
func TestUnfinishedExport(t *testing.T) {
	dbPath, base := sampleDataset(t)
	t.Run("killed first export", func(t *testing.T) {
		dir := copyTree(t, base)
		if err := os.Remove(filepath.Join(dir, dataset.ManifestName)); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, ".staging", "games", "ginlog_part=0"), 0o755); err != nil {
			t.Fatal(err)
		}
		_, err := dataset.Export(context.Background(), dbPath, dir, dataset.Options{})
		if !errors.Is(err, dataset.ErrNotDataset) || !strings.Contains(err.Error(), ".staging") || !strings.Contains(err.Error(), "--rebuild") {
			t.Fatalf("Export: %v, want a refusal naming .staging and --rebuild", err)
		}
		export(t, dbPath, dir, dataset.Options{Rebuild: true})
		if got := count(t, testdataset.Open(t, dir).DB, `SELECT count(*) FROM games`); got != 20 {
			t.Errorf("%d games, want 20", got)
		}
	})
	t.Run("failed export", func(t *testing.T) {
		dir := copyTree(t, base)
		before := tree(t, dir)
		db := filepath.Join(t.TempDir(), "ginlog.duckdb")
		b, err := os.ReadFile(dbPath)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(db, b, 0o644); err != nil {
			t.Fatal(err)
		}
		testdataset.Database(t, db, false, ingest.Options{Paths: []string{testdataset.Sample}, Source: "again"})
		// A file where the import files of the new import go makes the
		// export fail after it moved the file of imports into place.
		blocker := filepath.Join(dir, "import_files", "source=again")
		if err := os.WriteFile(blocker, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := dataset.Export(context.Background(), db, dir, dataset.Options{}); err == nil {
			t.Fatal("Export passed over a file in its way")
		}
		if err := os.Remove(blocker); err != nil {
			t.Fatal(err)
		}
		if after := tree(t, dir); !mapsEqual(after, before) {
			t.Errorf("a failed export left files: %v, before %v", after, before)
		}
	})
}

// TestOutRefusals: an export writes through no link and into nothing but
// a folder; what it refuses is an ErrPath, and it leaves everything as it
// was.
func TestOutRefusals(t *testing.T) {
	dbPath, base := sampleDataset(t)
	for _, c := range []struct {
		name string
		out  func(t *testing.T, tmp, outside string) string // returns --out
		msg  string
	}{
		{"a link to a folder", func(t *testing.T, tmp, outside string) string {
			link := filepath.Join(tmp, "link")
			replace(t, link, linkTo(outside))
			return link
		}, "is a symbolic link, not a folder"},
		{"a table folder a link", func(t *testing.T, tmp, outside string) string {
			dir := copyTree(t, base)
			replace(t, filepath.Join(dir, "imports"), linkTo(outside))
			return dir
		}, "is a symbolic link"},
		{"a part file a pipe", func(t *testing.T, tmp, outside string) string {
			dir := copyTree(t, base)
			replace(t, filepath.Join(dir, "imports", "source=x", "part-00002.parquet"), func(p string) error {
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return err
				}
				return fifo(p)
			})
			return dir
		}, "is a named pipe"},
		{"a regular file", func(t *testing.T, tmp, outside string) string {
			p := filepath.Join(tmp, "file")
			replace(t, p, content("mine"))
			return p
		}, "is a file, not a folder"},
		{"a device", func(*testing.T, string, string) string { return os.DevNull }, "is a character device, not a folder"},
		{"a folder under a file", func(t *testing.T, tmp, outside string) string {
			p := filepath.Join(tmp, "file")
			replace(t, p, content("mine"))
			return filepath.Join(p, "ds")
		}, "not a directory"},
		{"a newline", func(t *testing.T, tmp, outside string) string {
			return filepath.Join(tmp, "nl\nDROP VIEW imports; --")
		}, "control character"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			outside := filepath.Join(tmp, "outside")
			if err := os.Mkdir(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			out := c.out(t, tmp, outside)
			var before map[string]int64
			if info, err := os.Stat(out); err == nil && info.IsDir() {
				before = tree(t, out)
			}
			_, err := dataset.Export(context.Background(), dbPath, out, dataset.Options{})
			if !errors.Is(err, dataset.ErrPath) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("Export: %v, want %q wrapping ErrPath", err, c.msg)
			}
			if got := tree(t, outside); len(got) > 0 {
				t.Errorf("the export wrote outside: %v", got)
			}
			if before != nil && !mapsEqual(tree(t, out), before) {
				t.Errorf("a refused export changed %s", out)
			}
		})
	}
	t.Run("query a file", func(t *testing.T) {
		ds, err := dataset.Open(context.Background(), filepath.Join(base, dataset.ManifestName))
		if err == nil {
			ds.Close()
		}
		if !errors.Is(err, dataset.ErrPath) {
			t.Errorf("Open of a file: %v, want ErrPath", err)
		}
	})
}

// TestEngineFiles: Trino's file URI is percent-encoded, and a path with
// a newline, which would start a line of its own, is refused.
func TestEngineFiles(t *testing.T) {
	dbPath, _ := sampleDataset(t)
	dir := filepath.Join(t.TempDir(), "my data #1 100%")
	export(t, dbPath, dir, dataset.Options{})
	b, err := os.ReadFile(filepath.Join(dir, dataset.TrinoName))
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "'file://" + strings.ReplaceAll(filepath.ToSlash(abs), " ", "%20")
	want = strings.NewReplacer("#", "%23", "%20", "%20").Replace(strings.Replace(want, "100%", "100%25", 1))
	if !strings.Contains(string(b), "external_location = "+want+"/games'") {
		t.Errorf("%s has no %s/games'", dataset.TrinoName, want)
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, ddl := range map[string]func(*dataset.Manifest, string) (string, error){dataset.SparkName: dataset.SparkDDL, dataset.TrinoName: dataset.TrinoDDL} {
		if _, err := ddl(m, "/tmp/nl\nDROP VIEW imports; --"); !errors.Is(err, dataset.ErrPath) {
			t.Errorf("%s of a path with a newline: %v, want ErrPath", name, err)
		}
	}
}

// flipByte changes the byte at offset off of the file at p (from its end
// when off is negative), keeping its size.
func flipByte(off int64) func(string) error {
	return func(p string) error {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if off < 0 {
			off += int64(len(b))
		}
		b[off] ^= 0x5a
		return os.WriteFile(p, b, 0o644)
	}
}

// cut keeps the first half of the file at p.
func cut(p string) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	return os.WriteFile(p, b[:len(b)/2], 0o644)
}

// copyOf replaces the file at p with a copy of the file at from, which is
// relative to the dataset in dir.
func copyOf(dir, from string) func(string) error {
	return func(p string) error {
		b, err := os.ReadFile(filepath.Join(dir, from))
		if err != nil {
			return err
		}
		return os.WriteFile(p, b, 0o644)
	}
}

// TestDamagedFiles: a file the manifest lists whose bytes, rows, columns
// or content are not those the export wrote (rows repeated or dropped,
// cut short, swapped for another file, changed in place) is refused
// before a query reads it, with one line naming the file and what
// differs, reading as ErrDamaged; so is one that a manifest made to match
// it vouches for, when it is no Parquet or its columns are not its
// table's. CheckShape, the default, which reads no file whole, misses a
// change of the same size, rows and columns, and nothing else.
func TestDamagedFiles(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "ginlog.duckdb")
	testdataset.Database(t, dbPath, false,
		ingest.Options{Paths: []string{testdataset.Sample}, Source: "a"},
		ingest.Options{Paths: []string{testdataset.Sample}, Source: "b"})
	base := testdataset.Export(t, dbPath)
	part := func(table, source string) string {
		t.Helper()
		m, err := dataset.ReadManifest(base)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m.Exports[0].Files {
			if f.Table == table && strings.Contains(f.Path, "/source="+source+"/") {
				return f.Path
			}
		}
		t.Fatalf("no file of %s in source %s", table, source)
		return ""
	}
	plays, games, rounds := part("plays", "a"), part("games", "a"), part("rounds", "a")
	filesA, filesB := part("import_files", "a"), part("import_files", "b")
	rewrite := func(query string) func(string) error {
		return func(p string) error { testdataset.Rewrite(t, p, query); return nil }
	}
	for _, c := range []struct {
		name    string
		rel     string // the file changed, slash-separated
		damage  func(string) error
		vouch   bool   // the manifest is made to match the file
		msg     string // in the error
		shapeOK bool   // CheckShape opens it
	}{
		{"rows repeated", plays, rewrite("SELECT * FROM f UNION ALL SELECT * FROM f"), false, "and 4194 rows, the manifest says", false},
		{"rows dropped", plays, rewrite("SELECT * FROM f LIMIT 1000"), false, "and 1000 rows, the manifest says", false},
		{"rows reordered", plays, rewrite("SELECT * FROM f ORDER BY hash(ply)"), false, "the manifest says", false},
		{"cut short", plays, cut, false, "bytes, the manifest says", false},
		{"emptied", games, content(""), false, "has 0 bytes, the manifest says", false},
		{"another table's file", rounds, copyOf(base, games), false, "and 20 rows, the manifest says", false},
		{"the other import's file", filesA, copyOf(base, filesB), false, "the manifest says", false},
		{"the other import's file of the same size and rows", part("imports", "a"), copyOf(base, part("imports", "b")), false, "the manifest says", false},
		{"a byte of the footer changed", rounds, flipByte(-30), false, "", false},
		{"a byte changed", plays, flipByte(100), false, "but other content (SHA-256", true},
		{"the footer's magic changed", games, flipByte(-1), false, "is not a Parquet file DuckDB reads (", false},
		{"the cards swapped for the enums", "cards/cards.parquet", copyOf(base, "enums/enums.parquet"), false, "rows, the manifest says", false},
		{"a byte of the enums changed", "enums/enums.parquet", flipByte(40), false, "but other content (SHA-256", true},
		{"no Parquet, vouched for", games, content("PAR1 and no more"), true, "is not a Parquet file DuckDB reads (", false},
		{"a column of another type, vouched for", plays, rewrite("SELECT * REPLACE (CAST(hand_mask AS VARCHAR) AS hand_mask) FROM f"), true,
			"does not hold the columns of table plays: column hand_mask is VARCHAR, not BIGINT", false},
		{"a column missing, vouched for", plays, rewrite("SELECT * EXCLUDE (hand_mask) FROM f"), true,
			"does not hold the columns of table plays: no column hand_mask", false},
		{"a column more, vouched for", games, rewrite("SELECT *, 1 AS extra FROM f"), true, "does not hold the columns of table games: 15 columns, not 14", false},
		{"columns reordered, vouched for", rounds, rewrite("SELECT round, * EXCLUDE (round) FROM f"), true, "column 1 is round, not game_id", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, base)
			p := filepath.Join(dir, filepath.FromSlash(c.rel))
			if err := c.damage(p); err != nil {
				t.Fatal(err)
			}
			if c.vouch {
				testdataset.Vouch(t, dir, c.rel)
			}
			for _, check := range []dataset.Check{dataset.CheckContent, dataset.CheckShape} {
				ds, err := dataset.OpenChecked(context.Background(), dir, check)
				if err == nil {
					ds.Close()
				}
				if check == dataset.CheckShape && c.shapeOK {
					if err != nil {
						t.Errorf("CheckShape: %v, want the dataset opened", err)
					}
					continue
				}
				if !errors.Is(err, dataset.ErrDamaged) || !strings.HasPrefix(err.Error(), p+", listed in _manifest.json, ") ||
					!strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
					t.Errorf("check %d: %v\nwant one line naming %s with %q, reading as ErrDamaged", check, err, p, c.msg)
				}
			}
		})
	}
}

// TestReadError: DuckDB's error while a query reads a dataset is one line,
// its first, unwrapping to DuckDB's; after the default check it says that
// --check-hashes compares the files' content. Other errors are left as
// they are.
func TestReadError(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, binder := db.Exec("SELECT nope FROM range(1)")
	if binder == nil || !strings.Contains(binder.Error(), "\n") {
		t.Fatalf("DuckDB gave %q, want an error of several lines", binder)
	}
	other := errors.New("query summary: no\nluck")
	for _, c := range []struct {
		name  string
		err   error
		check dataset.Check
		want  string
	}{
		{"DuckDB's, after the default check", binder, dataset.CheckShape, `Binder Error: Referenced column "nope" not found in FROM clause! (a file may be damaged in a way its size and footer do not show: query --check-hashes compares each file's SHA-256 with the manifest)`},
		{"DuckDB's, after --check-hashes", binder, dataset.CheckContent, `Binder Error: Referenced column "nope" not found in FROM clause!`},
		{"another", other, dataset.CheckShape, "query summary: no\nluck"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := dataset.ReadError(c.err, c.check)
			if got.Error() != c.want || !errors.Is(got, c.err) {
				t.Errorf("ReadError = %q, want %q wrapping the error", got, c.want)
			}
		})
	}
}

// TestOpenInterrupted: an open interrupted while it checks the files is
// context.Canceled, not a damaged file.
func TestOpenInterrupted(t *testing.T) {
	_, dir := sampleDataset(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, check := range []dataset.Check{dataset.CheckShape, dataset.CheckContent} {
		ds, err := dataset.OpenChecked(ctx, dir, check)
		if err == nil {
			ds.Close()
		}
		if !errors.Is(err, context.Canceled) || errors.Is(err, dataset.ErrDamaged) {
			t.Errorf("check %d: %v, want context.Canceled", check, err)
		}
	}
}
