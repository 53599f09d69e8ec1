package dataset_test

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdataset"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
)

const reallogs = "../../shared/reallogs"

// tree returns the dataset's files, relative, with their sizes.
func tree(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = info.Size()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// count returns the rows of a query.
func count(t *testing.T, db *sql.DB, q string) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// export runs an export and fails the test on an error.
func export(t *testing.T, db, dir string, opts dataset.Options) *dataset.Summary {
	t.Helper()
	sum, err := dataset.Export(context.Background(), db, dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestIncremental walks a database through imports and exports: each
// export adds the new imports' rows only, in files of its own, and a run
// with nothing new writes nothing.
func TestIncremental(t *testing.T) {
	ctx := context.Background()
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	dir := filepath.Join(tmp, "ds")
	logs := testdataset.Simulate(t, filepath.Join(tmp, "logs"), "simple", "memory", 12, 5, 1600000000)

	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}, Source: "week 1/a", Opponent: "bot7"})
	first := export(t, dbPath, dir, dataset.Options{})
	if first.Export != 1 || !slices.Equal(first.Imports, []int64{1}) || len(first.Held) != 0 {
		t.Fatalf("first export: %+v", first)
	}
	for _, f := range first.Files {
		if !strings.Contains(f.Path, "/source=week 1%2Fa/import_month=") || !strings.HasSuffix(f.Path, "/part-00001.parquet") {
			t.Errorf("file %s is not in the partition of source week 1/a, or not named for export 1", f.Path)
		}
	}
	for table, want := range map[string]int64{"games": 20, "rounds": 129, "plays": 2097, "play_features": 2097, "imports": 1, "import_files": 40} {
		if first.Rows[table] != want {
			t.Errorf("export 1 wrote %d rows of %s, want %d", first.Rows[table], table, want)
		}
	}
	before := tree(t, dir)

	again := export(t, dbPath, dir, dataset.Options{})
	if again.Export != 0 || len(again.Files) != 0 {
		t.Errorf("a second run exported %+v", again)
	}
	if after := tree(t, dir); !mapsEqual(before, after) {
		t.Errorf("a run with nothing new changed the dataset:\nbefore %v\nafter  %v", before, after)
	}

	// The same logs under another source: import 2 loads no game, only
	// its files (duplicates); then new games, not verified yet: held.
	testdataset.Database(t, dbPath, true,
		ingest.Options{Paths: []string{testdataset.Sample}, Source: "week2"},
		ingest.Options{Paths: []string{logs}, Source: "week2", Opponent: "memory"})
	second := export(t, dbPath, dir, dataset.Options{})
	if second.Export != 2 || !slices.Equal(second.Imports, []int64{2}) {
		t.Fatalf("second export: %+v", second)
	}
	if len(second.Held) != 1 || second.Held[0].Import != 3 || second.Held[0].Unverified != 12 {
		t.Errorf("held %+v, want import 3 with 12 games not verified", second.Held)
	}
	for _, f := range second.Files {
		if !strings.Contains(f.Path, "/source=week2/") || !strings.HasSuffix(f.Path, "part-00002.parquet") ||
			f.Table != "imports" && f.Table != "import_files" {
			t.Errorf("export 2 wrote %s (%s)", f.Path, f.Table)
		}
	}

	testdataset.Database(t, dbPath, false)
	third := export(t, dbPath, dir, dataset.Options{})
	if third.Export != 3 || !slices.Equal(third.Imports, []int64{3}) || third.Rows["games"] != 12 {
		t.Fatalf("third export: %+v", third)
	}
	if third.Total.Files != len(first.Files)+len(second.Files)+len(third.Files) {
		t.Errorf("total %d files", third.Total.Files)
	}

	// The dataset holds what the database holds.
	src, err := schema.OpenReadOnly(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	ds := testdataset.Open(t, dir)
	for _, table := range []string{"imports", "import_files", "import_errors", "games", "rounds", "plays", "game_checks", "round_checks", "violations", "play_features"} {
		if got, want := count(t, ds.DB, "SELECT count(*) FROM "+table), count(t, src.DB, "SELECT count(*) FROM "+table); got != want {
			t.Errorf("%s: %d rows in the dataset, %d in the database", table, got, want)
		}
	}
	// Every value, compared as text, table by table.
	for _, c := range []struct{ table, cols string }{
		{"games", "game_id, log_ts, played_at, content_hash, canonical_hash, mirror_of, source, opponent, rounds, plays, you_total, opp_total, winner::VARCHAR, import_id"},
		{"plays", "game_id, round, ply, actor::VARCHAR, hand::VARCHAR[], hand_mask::BIGINT, top::VARCHAR, drawn::VARCHAR, from_discard, discarded::VARCHAR"},
		{"round_checks", "game_id, round, status::VARCHAR, final_you::BIGINT, melded_opp::BIGINT, cards_you::VARCHAR[], cards_opp::VARCHAR[], points_lost_you"},
		{"play_features", "game_id, round, ply, actor::VARCHAR, top::VARCHAR, top_relation::VARCHAR, discarded::VARCHAR, fed, last"},
		{"imports", "import_id, started_at, paths, source, opponent"},
	} {
		q := "SELECT md5(string_agg(r, ',' ORDER BY r)) FROM (SELECT CAST(ROW(" + c.cols + ") AS VARCHAR) AS r FROM " + c.table + ")"
		var got, want string
		if err := ds.QueryRow(q).Scan(&got); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if err := src.QueryRow(q).Scan(&want); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got != want {
			t.Errorf("%s: the dataset's values differ from the database's", c.table)
		}
	}
}

func mapsEqual(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestChanged: a database that changed what an export wrote is refused,
// and --rebuild writes the dataset again.
func TestChanged(t *testing.T) {
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	dir := filepath.Join(tmp, "ds")
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}, Opponent: "bot7"})
	export(t, dbPath, dir, dataset.Options{})
	for _, c := range []struct {
		name, change, want string
	}{
		{"retagged", `UPDATE games SET opponent = 'bot8' WHERE game_id = 3`, "import 1 (20 games exported, 20 now)"},
		{"removed", `DELETE FROM games WHERE game_id = 4`, "import 1 (20 games exported, 19 now)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			db, err := schema.Open(context.Background(), dbPath)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(c.change); err != nil {
				t.Fatal(err)
			}
			db.Close()
			_, err = dataset.Export(context.Background(), dbPath, dir, dataset.Options{})
			if !errors.Is(err, dataset.ErrChanged) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--rebuild") {
				t.Fatalf("export after a change: %v", err)
			}
			sum := export(t, dbPath, dir, dataset.Options{Rebuild: true})
			if sum.Export != 1 || sum.Total.Files != len(sum.Files) {
				t.Errorf("rebuild: %+v", sum)
			}
		})
	}
	ds := testdataset.Open(t, dir)
	if got := count(t, ds.DB, `SELECT count(*) FROM games WHERE opponent = 'bot8'`); got != 1 {
		t.Errorf("%d games retagged in the rebuilt dataset, want 1", got)
	}
	if got := count(t, ds.DB, `SELECT count(*) FROM games`); got != 19 {
		t.Errorf("%d games in the rebuilt dataset, want 19", got)
	}
}

// TestLeftovers: what a failed export left (its staging folder, files it
// moved into place without recording them) is removed by the next.
func TestLeftovers(t *testing.T) {
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	dir := filepath.Join(tmp, "ds")
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}})
	export(t, dbPath, dir, dataset.Options{})
	games, err := filepath.Glob(filepath.Join(dir, "games", "*", "*", "part-00001.parquet"))
	if err != nil || len(games) != 1 {
		t.Fatalf("games files %v, %v", games, err)
	}
	stray := filepath.Join(dir, "games", "source=other", "import_month=2020-01", "part-00002.parquet")
	staged := filepath.Join(dir, ".staging", "games", "ginlog_part=0", "data_0.parquet")
	for _, p := range []string{stray, staged} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(games[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}, Source: "again"})
	export(t, dbPath, dir, dataset.Options{})
	for _, p := range []string{stray, filepath.Join(dir, ".staging")} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there (%v)", p, err)
		}
	}
	ds := testdataset.Open(t, dir)
	if got := count(t, ds.DB, `SELECT count(*) FROM games`); got != 20 {
		t.Errorf("%d games, want 20", got)
	}
}

func TestRefusals(t *testing.T) {
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}})
	full := filepath.Join(tmp, "full")
	if err := os.MkdirAll(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(tmp, "other.duckdb")
	odb, err := sql.Open("duckdb", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := odb.Exec(`CREATE TABLE t (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	odb.Close()
	for _, c := range []struct {
		name, db, dir string
		is            error
		msg           string
	}{
		{"a folder of other files", dbPath, full, dataset.ErrNotDataset, "is not empty and not a ginlog dataset"},
		{"rebuild of a folder of other files", dbPath, full, dataset.ErrNotDataset, "is not empty and not a ginlog dataset"},
		{"a pattern", dbPath, filepath.Join(tmp, "ds*"), dataset.ErrPath, "may not contain"},
		{"no database", filepath.Join(tmp, "none.duckdb"), filepath.Join(tmp, "a"), schema.ErrNoDatabase, "run ginlog ingest first"},
		{"in memory", ":memory:", filepath.Join(tmp, "b"), schema.ErrNoDatabase, "holds nothing to export"},
		{"another program's database", other, filepath.Join(tmp, "c"), schema.ErrNotGinlog, "not a ginlog database"},
		{"a folder as the database", tmp, filepath.Join(tmp, "d"), nil, "is not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := dataset.Export(context.Background(), c.db, c.dir, dataset.Options{Rebuild: strings.HasPrefix(c.name, "rebuild")})
			if err == nil || (c.is != nil && !errors.Is(err, c.is)) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("error %v, want %q wrapping %v", err, c.msg, c.is)
			}
		})
	}
	if b, err := os.ReadFile(filepath.Join(full, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a refused export touched the folder: %q, %v", b, err)
	}
	if _, err := dataset.Open(context.Background(), full); !errors.Is(err, dataset.ErrNotDataset) {
		t.Errorf("Open of a folder that is no dataset: %v", err)
	}
}

// TestSchemaDoc: _schema.md describes every table and column.
func TestSchemaDoc(t *testing.T) {
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	testdataset.Database(t, dbPath, false)
	dir := testdataset.Export(t, dbPath)
	b, err := os.ReadFile(filepath.Join(dir, dataset.SchemaDocName))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "schema.md"), string(b))
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range m.Tables {
		if table.Comment == "" {
			t.Errorf("table %s has no comment", table.Name)
		}
		if !strings.Contains(string(b), "## "+table.Name+"\n") {
			t.Errorf("%s does not describe %s", dataset.SchemaDocName, table.Name)
		}
	}
}

// TestSourceLabels: any --source label comes back from the partition
// paths as it was, through DuckDB's Hive partitioning.
func TestSourceLabels(t *testing.T) {
	labels := []string{"a/b=c", "100%", "it's", `C:\logs`, "*?[]{^#\"", "tab\there", "dél", "a+b", " lead", "NULL", "null", "__HIVE_DEFAULT_PARTITION__", "x%2Fy", ""}
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	var imports []ingest.Options
	for _, l := range labels {
		imports = append(imports, ingest.Options{Paths: []string{testdataset.Sample}, Source: l})
	}
	testdataset.Database(t, dbPath, false, imports...)
	ds := testdataset.Open(t, testdataset.Export(t, dbPath))
	rows, err := ds.Query(`SELECT import_id, source FROM imports ORDER BY import_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	for ; rows.Next(); i++ {
		var id int64
		var source sql.NullString
		if err := rows.Scan(&id, &source); err != nil {
			t.Fatal(err)
		}
		want := sql.NullString{String: labels[i], Valid: labels[i] != ""}
		if source != want {
			t.Errorf("import %d: source %+v, want %+v", id, source, want)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(labels) {
		t.Errorf("%d imports, want %d", i, len(labels))
	}
	if got := count(t, ds.DB, `SELECT count(*) FROM games WHERE source = 'a/b=c'`); got != 20 {
		t.Errorf("%d games of source a/b=c, want 20", got)
	}
}

// TestNoGames: a dataset without games of a query's kind says what it
// lacks and what adds it, not to run ingest; a manifest that lists games
// its files do not hold is named.
func TestNoGames(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "sample.duckdb")
	testdataset.Database(t, sample, false, ingest.Options{Paths: []string{testdataset.Sample}})
	unverified := filepath.Join(t.TempDir(), "unverified.duckdb")
	testdataset.Database(t, unverified, true, ingest.Options{Paths: []string{testdataset.Sample}})
	gin, held := testdataset.Export(t, sample), testdataset.Export(t, unverified)
	for _, c := range []struct {
		name string
		dir  string
		kind string
		is   error
		msg  string
	}{
		{"no Hearts games", gin, schema.KindHearts, selection.ErrNoGames, "the dataset " + gin + " holds no Hearts games: the import it holds has none (ginlog export-data adds the database's new imports)"},
		{"no import exported yet", held, schema.KindGin, selection.ErrNoGames, "the dataset " + held + " holds no games yet: ginlog export-data adds an import once all its games are verified"},
		{"games the files do not hold", gin, schema.KindGin, dataset.ErrDamaged, "_manifest.json: the dataset's files are not those its manifest lists: it lists 20 Gin Rummy games, which its files do not hold"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := testdataset.Open(t, c.dir).NoGames(c.kind)
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "ginlog ingest") {
				t.Errorf("NoGames(%s) = %v, want %v with %q", c.kind, err, c.is, c.msg)
			}
		})
	}
}

// BenchmarkOpenChecked times opening a dataset for a query, its files
// checked by each Check: the dataset in $GINLOG_BENCH_DATASET (export-data
// of a large database; docs/dataset.md quotes 100,000 games), or the
// sample's. CheckContent less CheckShape is what hashing every file
// costs.
func BenchmarkOpenChecked(b *testing.B) {
	dir := os.Getenv("GINLOG_BENCH_DATASET")
	if dir == "" {
		dbPath := filepath.Join(b.TempDir(), "ginlog.duckdb")
		testdataset.Database(b, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}})
		dir = testdataset.Export(b, dbPath)
	}
	for _, c := range []struct {
		name  string
		check dataset.Check
	}{{"shape", dataset.CheckShape}, {"content", dataset.CheckContent}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				ds, err := dataset.OpenChecked(context.Background(), dir, c.check)
				if err != nil {
					b.Fatal(err)
				}
				ds.Close()
			}
		})
	}
}
