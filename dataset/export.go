package dataset

import (
	"context"
	"crypto/md5"
	"database/sql"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
)

var (
	//go:embed sql/columns.sql
	columnsSQL string
	//go:embed sql/enums.sql
	enumsSQL string
	//go:embed sql/imports.sql
	importsSQL string
	//go:embed sql/batch.sql
	batchSQL string
	//go:embed sql/cards.sql
	cardsSQL string
	//go:embed sql/enum-values.sql
	enumValuesSQL string
	//go:embed sql/schema-version.sql
	schemaVersionSQL string
	//go:embed sql/parts.sql
	partsSQL string
)

// Options tune an export.
type Options struct {
	// Rebuild removes what the dataset holds and writes it again from the
	// whole database: the way forward after ErrChanged.
	Rebuild bool
}

// Summary is what an export did.
type Summary struct {
	Dir     string           `json:"dir"`
	Export  int              `json:"export"`  // its number; 0 when it added nothing
	Imports []int64          `json:"imports"` // the imports it added
	Held    []Held           `json:"held"`    // imports left for a later export
	Files   []File           `json:"files"`   // the table files it wrote
	Rows    map[string]int64 `json:"rows"`    // rows written, by table
	Bytes   int64            `json:"bytes"`   // bytes written
	Seconds float64          `json:"seconds"`
	// Total is the dataset's size after the export: files, rows and bytes
	// of the table files of every export.
	Total struct {
		Files int   `json:"files"`
		Rows  int64 `json:"rows"`
		Bytes int64 `json:"bytes"`
	} `json:"total"`
}

// Held is an import an export left out, and why.
type Held struct {
	Import     int64 `json:"import"`
	Games      int64 `json:"games"`
	Unverified int64 `json:"unverified"` // games not verified yet: run ginlog verify
}

// Export writes what the database at dbPath holds and the dataset in dir
// does not yet: the imports not exported yet whose games are all verified.
// dir is created if needed; it must be a dataset or an empty directory.
// The database is attached read-only. Imports an earlier export wrote whose
// games the database has since changed give an error wrapping ErrChanged,
// unless opts.Rebuild.
func Export(ctx context.Context, dbPath, dir string, opts Options) (*Summary, error) {
	start := time.Now()
	abs, err := checkOut(dir)
	if err != nil {
		return nil, err
	}
	e, err := openSource(ctx, dbPath)
	if err != nil {
		return nil, err
	}
	defer e.db.Close()
	e.dir, e.name = abs, dir
	sum, err := e.run(ctx, opts)
	if err != nil {
		return nil, err
	}
	sum.Dir = dir
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

// exporter holds an export's connection: an in-memory DuckDB with the
// database attached as src.
type exporter struct {
	db      *sql.DB
	dir     string // absolute
	name    string // as given, for messages
	version int
	tables  []Table
	enums   map[string][]string // the database's ENUM types' values
}

// ErrPath reports a dataset path ginlog refuses: one DuckDB would read as
// a pattern or that holds a control character, one that is not a folder,
// or a link at the dataset's folder or inside it.
var ErrPath = errors.New("not a usable dataset path")

// checkDir returns the absolute path of a dataset directory. A path with
// '*', '?' or '[' (DuckDB would read it as a pattern) or with a control
// character (a newline would be a line of its own in _spark.sql and
// _trino.sql) is refused with an error wrapping ErrPath.
func checkDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("dataset %s: %w", dir, err)
	}
	if strings.ContainsAny(abs, "*?[") {
		return "", fmt.Errorf("dataset %q: %w: it may not contain '*', '?' or '[', which DuckDB would read as a pattern", dir, ErrPath)
	}
	if strings.ContainsFunc(abs, unicode.IsControl) {
		return "", fmt.Errorf("dataset %q: %w: it may not contain a control character", dir, ErrPath)
	}
	return abs, nil
}

// checkOut returns the absolute path of the folder an export writes: as
// checkDir, and refused (ErrPath) when something other than a folder is
// there, a link to one included.
func checkOut(dir string) (string, error) {
	abs, err := checkDir(dir)
	if err != nil {
		return "", err
	}
	info, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return "", fmt.Errorf("dataset %s: %w: %w", dir, ErrPath, err)
	case !info.IsDir():
		return "", fmt.Errorf("dataset %s is %s, not a folder (an export writes through no link): %w", dir, safefile.Kind(info.Mode()), ErrPath)
	}
	return abs, nil
}

// checkTree refuses a dataset folder that holds a link, or anything but
// folders and regular files, so that an export writes through no link:
// the error names it and wraps ErrPath.
func checkTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && !d.Type().IsRegular() {
			return fmt.Errorf("%s is %s, not a folder or a regular file (an export writes through no link): %w", p, safefile.Kind(d.Type()), ErrPath)
		}
		return nil
	})
}

var lockHeld = regexp.MustCompile(`Conflicting lock is held in (.*) \(PID (\d+)\)`)

// openSource opens an in-memory DuckDB and attaches the database read-only.
func openSource(ctx context.Context, dbPath string) (*exporter, error) {
	if dbPath == "" || dbPath == schema.MemoryPath {
		return nil, fmt.Errorf("%w at %s: an in-memory database holds nothing to export; name a file with --db", schema.ErrNoDatabase, dbPath)
	}
	abs, err := filepath.Abs(dbPath)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", dbPath, err)
	}
	info, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%w at %s: run ginlog ingest first, or name one with --db", schema.ErrNoDatabase, dbPath)
	case err != nil:
		return nil, fmt.Errorf("database %s: %w", dbPath, err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("database %s is not a regular file", dbPath)
	}
	if err := schema.CheckWAL(abs); err != nil {
		return nil, err
	}
	db, err := openMemory()
	if err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, "ATTACH "+literal(abs)+" AS src (READ_ONLY)"); err != nil {
		db.Close()
		if m := lockHeld.FindStringSubmatch(err.Error()); m != nil {
			pid, _ := strconv.Atoi(m[2])
			return nil, &schema.LockedError{Path: dbPath, Holder: m[1], PID: pid}
		}
		return nil, fmt.Errorf("open database %s: %w", dbPath, err)
	}
	e := &exporter{db: db, enums: map[string][]string{}}
	if err := db.QueryRowContext(ctx, schemaVersionSQL).Scan(&e.version); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", dbPath, schema.ErrNotGinlog)
	}
	if e.version > schema.Latest() {
		db.Close()
		return nil, fmt.Errorf("%s has schema version %d, this ginlog knows up to %d: %w", dbPath, e.version, schema.Latest(), schema.ErrNewerSchema)
	}
	if err := e.readCatalog(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: %w", dbPath, err)
	}
	return e, nil
}

// openMemory opens an in-memory DuckDB on one connection that neither
// installs nor loads extensions.
func openMemory() (*sql.DB, error) {
	q := url.Values{"autoinstall_known_extensions": {"false"}, "autoload_known_extensions": {"false"}}
	c, err := duckdb.NewConnector(schema.MemoryPath+"?"+q.Encode(), nil)
	if err != nil {
		return nil, fmt.Errorf("open DuckDB: %w", err)
	}
	db := sql.OpenDB(c)
	db.SetMaxOpenConns(1)
	return db, nil
}

// literal quotes s as a DuckDB string literal.
func literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// ident quotes a DuckDB identifier.
func ident(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// readCatalog reads the database's ENUMs and the columns of the exported
// tables, with their comments from the DDL.
func (e *exporter) readCatalog(ctx context.Context) error {
	byLabels, err := e.readEnums(ctx)
	if err != nil {
		return err
	}
	cols, err := e.readColumns(ctx, byLabels)
	if err != nil {
		return err
	}
	doc := parseComments(schema.DDL())
	for _, t := range exported {
		c, ok := cols[t.Name]
		if !ok {
			return fmt.Errorf("no table %s", t.Name)
		}
		table, err := exportedTable(t.Name, t.Key, c, doc)
		if err != nil {
			return err
		}
		e.tables = append(e.tables, table)
	}
	e.tables = append(e.tables, dimensionTables()...)
	return nil
}

// readEnums reads the database's ENUM types into e.enums, and returns
// their names by the type as duckdb_columns spells it.
func (e *exporter) readEnums(ctx context.Context) (map[string]string, error) {
	rows, err := e.db.QueryContext(ctx, enumsSQL)
	if err != nil {
		return nil, fmt.Errorf("read the ENUM types: %w", err)
	}
	defer rows.Close()
	byLabels := map[string]string{} // the type as duckdb_columns spells it -> its name
	for rows.Next() {
		var name string
		var labels []any
		if err := rows.Scan(&name, &labels); err != nil {
			return nil, fmt.Errorf("read the ENUM types: %w", err)
		}
		var vals, quoted []string
		for _, l := range labels {
			s := fmt.Sprint(l)
			vals = append(vals, s)
			quoted = append(quoted, literal(s))
		}
		e.enums[name] = vals
		byLabels["ENUM("+strings.Join(quoted, ", ")+")"] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the ENUM types: %w", err)
	}
	return byLabels, nil
}

// readColumns reads the columns of the database's tables by table, an
// ENUM's type (or a list of one) by its name from byLabels.
func (e *exporter) readColumns(ctx context.Context, byLabels map[string]string) (map[string][]Column, error) {
	cols := map[string][]Column{}
	rows, err := e.db.QueryContext(ctx, columnsSQL)
	if err != nil {
		return nil, fmt.Errorf("read the tables: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, name, typ string
		if err := rows.Scan(&table, &name, &typ); err != nil {
			return nil, fmt.Errorf("read the tables: %w", err)
		}
		base, list := strings.CutSuffix(typ, "[]")
		if n, ok := byLabels[base]; ok {
			typ = n
			if list {
				typ += "[]"
			}
		}
		c := Column{Name: name, Database: typ, Type: datasetType(typ, slices.Collect(maps.Keys(e.enums)))}
		if c.Type == c.Database {
			c.Database = ""
		}
		cols[table] = append(cols[table], c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the tables: %w", err)
	}
	return cols, nil
}

// exportedTable describes the exported table name, partitioned by key,
// from its database columns c and the DDL's comments doc, with the
// partition columns added.
func exportedTable(name string, key Key, c []Column, doc comments) (Table, error) {
	for i := range c {
		c[i].Comment = doc.columns[name][c[i].Name]
	}
	whose, month := "its game's", "its game's import"
	if key == ByImport {
		whose, month = "its import's", "the import"
	}
	if !slices.ContainsFunc(c, func(c Column) bool { return c.Name == SourceColumn }) {
		c = append(c, Column{Name: SourceColumn, Type: "VARCHAR"})
	}
	if slices.ContainsFunc(c, func(c Column) bool { return c.Name == MonthColumn }) {
		return Table{}, fmt.Errorf("table %s has a column %s, the name of a partition", name, MonthColumn)
	}
	c = append(c, Column{Name: MonthColumn, Type: "VARCHAR"})
	for i := range c {
		switch c[i].Name {
		case SourceColumn:
			c[i].Comment = "partition: " + whose + " --source label (NULL: none)"
		case MonthColumn:
			c[i].Comment = "partition: the month " + month + " started (UTC), YYYY-MM"
		}
	}
	return Table{Name: name, Key: key, Comment: doc.tables[name], Columns: c}, nil
}

// dimensionTables describes the dimensions.
func dimensionTables() []Table {
	return []Table{
		{Name: "cards", Key: Unpartitioned, Comment: "The 52 cards, one row each, in the gin package's order: join a card column to card, order by code.", Columns: []Column{
			{Name: "card", Type: "VARCHAR", Comment: "the card in the log notation: suit S, C, D or H, then rank A, 2-10, J, Q or K"},
			{Name: "code", Type: "INTEGER", Comment: "its number, 0-51: suit_code * 13 + rank_code (the order of the database's ENUM card)"},
			{Name: "suit", Type: "VARCHAR", Comment: "S, C, D or H"},
			{Name: "suit_code", Type: "INTEGER", Comment: "0-3 in that order"},
			{Name: "rank", Type: "VARCHAR", Comment: "A, 2-10, J, Q or K"},
			{Name: "rank_code", Type: "INTEGER", Comment: "0-12 in that order (aces low)"},
			{Name: "points", Type: "INTEGER", Comment: "its deadwood points: A 1, 2-10 their number, J Q K 10"},
			{Name: "bit", Type: "BIGINT", Comment: "its bit in a hand mask, 2^code: mask % (2 * bit) >= bit tests the card in any engine"},
		}},
		{Name: "enums", Key: Unpartitioned, Comment: "The values of the database's ENUM types, which the dataset holds as strings, with their order.", Columns: []Column{
			{Name: "type", Type: "VARCHAR", Comment: "the ENUM type: card, side, call, relation, check_status"},
			{Name: "value", Type: "VARCHAR", Comment: "a value, as the string columns hold it"},
			{Name: "code", Type: "INTEGER", Comment: "its order within the type, from 0"},
		}},
	}
}

// run does the export.
func (e *exporter) run(ctx context.Context, opts Options) (_ *Summary, err error) {
	m, err := e.prepareDir(opts.Rebuild)
	if err != nil {
		return nil, err
	}
	if err := checkTree(e.dir); err != nil {
		return nil, err
	}
	_, statErr := os.Lstat(filepath.Join(e.dir, ManifestName))
	first := errors.Is(statErr, fs.ErrNotExist)
	defer func() {
		if err != nil {
			if cerr := e.undo(first); cerr != nil {
				err = fmt.Errorf("%w (and removing what it wrote: %v)", err, cerr)
			}
		}
	}()
	if len(m.Exports) > 0 && m.SchemaVersion != e.version {
		return nil, fmt.Errorf("%w: the dataset was written from schema version %d, the database has %d: export again with --rebuild", ErrChanged, m.SchemaVersion, e.version)
	}
	m.SchemaVersion = e.version
	m.Tables = e.tables
	sum := &Summary{Rows: map[string]int64{}, Imports: []int64{}, Held: []Held{}, Files: []File{}}
	batch, fingerprints, err := e.plan(ctx, m, sum)
	if err != nil {
		return nil, err
	}
	if err := e.createEnumValues(ctx); err != nil {
		return nil, err
	}
	dimsChanged, dimsPrint, err := e.dimensionsChanged(m)
	if err != nil {
		return nil, err
	}
	if err := e.cleanLeftovers(m); err != nil {
		return nil, err
	}
	if dimsChanged {
		if m.DimensionFiles, err = e.writeDimensions(ctx); err != nil {
			return nil, err
		}
		m.Dimensions = dimsPrint
	}
	if len(batch) > 0 {
		if err := e.exportBatch(ctx, m, sum, batch, fingerprints); err != nil {
			return nil, err
		}
	}
	for _, t := range m.Tables {
		// Every table has its folder, even without rows: Trino's external
		// locations must exist.
		if err := os.MkdirAll(filepath.Join(e.dir, t.Name), 0o755); err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
	}
	if err := e.writeDocs(m); err != nil {
		return nil, err
	}
	if len(batch) > 0 || dimsChanged {
		if err := m.write(e.dir); err != nil {
			return nil, err
		}
	}
	if err := os.RemoveAll(filepath.Join(e.dir, stagingName)); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	sum.addTotal(m)
	return sum, nil
}

// createEnumValues keeps the database's ENUM values in a table, for the
// export's dimensions.
func (e *exporter) createEnumValues(ctx context.Context) error {
	enumTable, err := statement("enum-values-table.sql", map[string]any{"Query": enumsSQL})
	if err != nil {
		return err
	}
	if _, err := e.db.ExecContext(ctx, enumTable); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// exportBatch writes the tables' rows of the imports of batch as the next
// export, records it and the imports' fingerprints in m, and counts what
// it wrote in sum.
func (e *exporter) exportBatch(ctx context.Context, m *Manifest, sum *Summary, batch []int64, fingerprints map[int64]importState) error {
	n := len(m.Exports) + 1
	files, err := e.writeTables(ctx, n, batch)
	if err != nil {
		return err
	}
	m.Exports = append(m.Exports, ExportRun{Number: n, At: time.Now().UTC().Truncate(time.Second), Imports: batch, Files: files})
	for _, id := range batch {
		m.Imports[strconv.FormatInt(id, 10)] = ExportedImport{Export: n, Games: fingerprints[id].games, Fingerprint: fingerprints[id].fingerprint}
	}
	sum.Export, sum.Imports, sum.Files = n, batch, files
	for _, f := range files {
		sum.Rows[f.Table] += f.Rows
		sum.Bytes += f.Bytes
	}
	return nil
}

// addTotal counts in sum.Total the files, rows and bytes of every export
// m records.
func (sum *Summary) addTotal(m *Manifest) {
	for _, x := range m.Exports {
		for _, f := range x.Files {
			sum.Total.Files++
			sum.Total.Rows += f.Rows
			sum.Total.Bytes += f.Bytes
		}
	}
}

// stagingName is the folder an export writes into before it moves the
// files into place: hidden, so that no engine reads it.
const stagingName = ".staging"

// prepareDir creates the dataset directory or reads its manifest; with
// rebuild it removes what an earlier export wrote first. A directory that
// is neither empty nor a dataset is refused; one that holds only what a
// first export that did not finish left (no manifest yet), or a manifest
// that does not read, is written again with rebuild.
func (e *exporter) prepareDir(rebuild bool) (*Manifest, error) {
	fresh := &Manifest{Format: manifestFormat, Imports: map[string]ExportedImport{}, DimensionFiles: []File{}}
	if err := os.MkdirAll(e.dir, 0o755); err != nil {
		return nil, fmt.Errorf("dataset %s: %w: %w", e.name, ErrPath, err)
	}
	m, err := ReadManifest(e.dir)
	switch {
	case errors.Is(err, ErrNoManifest):
		entries, rerr := os.ReadDir(e.dir)
		if rerr != nil {
			return nil, fmt.Errorf("dataset %s: %w", e.name, rerr)
		}
		var foreign, own []string
		for _, d := range entries {
			if slices.Contains(ownNames(), d.Name()) || isTemp(d.Name()) {
				own = append(own, d.Name())
			} else {
				foreign = append(foreign, d.Name())
			}
		}
		switch {
		case len(foreign) > 0:
			return nil, fmt.Errorf("%s is not empty and %w: name a new or empty directory", e.name, ErrNotDataset)
		case len(own) > 0 && !rebuild:
			return nil, fmt.Errorf("%s holds %s but no %s, left by an export that did not finish, and %w yet: export again with --rebuild to write it anew", e.name, strings.Join(own, ", "), ManifestName, ErrNotDataset)
		}
		m = fresh
	case errors.Is(err, ErrNotDataset) && rebuild:
		m = fresh
	case errors.Is(err, ErrNotDataset):
		return nil, err // it says that --rebuild writes the dataset anew
	case err != nil:
		return nil, err
	}
	if !rebuild {
		return m, nil
	}
	entries, err := os.ReadDir(e.dir)
	if err != nil {
		return nil, fmt.Errorf("rebuild %s: %w", e.name, err)
	}
	for _, d := range entries {
		if !slices.Contains(ownNames(), d.Name()) && !isTemp(d.Name()) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(e.dir, d.Name())); err != nil {
			return nil, fmt.Errorf("rebuild %s: %w", e.name, err)
		}
	}
	return fresh, nil
}

// isTemp reports whether name is a temporary file writeFile left: .NAME.*.tmp
// for one of the files an export writes beside the tables.
func isTemp(name string) bool {
	for _, n := range []string{ManifestName, SchemaDocName, SparkName, TrinoName} {
		if strings.HasPrefix(name, "."+n+".") && strings.HasSuffix(name, ".tmp") {
			return true
		}
	}
	return false
}

// ownNames returns the names an export writes in a dataset's folder.
func ownNames() []string {
	return append([]string{ManifestName, SchemaDocName, SparkName, TrinoName, stagingName}, tableNames()...)
}

type importState struct {
	games       int64
	fingerprint string
}

// plan compares the database's imports with those in the dataset and
// returns the imports to add, holding back those with games not verified.
func (e *exporter) plan(ctx context.Context, m *Manifest, sum *Summary) ([]int64, map[int64]importState, error) {
	rows, err := e.db.QueryContext(ctx, importsSQL)
	if err != nil {
		return nil, nil, fmt.Errorf("read the imports: %w", err)
	}
	defer rows.Close()
	var batch []int64
	var changed []string
	states := map[int64]importState{}
	seen := map[string]bool{}
	for rows.Next() {
		var id, games, verified int64
		var finished bool
		var fp string
		if err := rows.Scan(&id, &finished, &games, &verified, &fp); err != nil {
			return nil, nil, fmt.Errorf("read the imports: %w", err)
		}
		key := strconv.FormatInt(id, 10)
		seen[key] = true
		if x, ok := m.Imports[key]; ok {
			if x.Fingerprint != fp {
				changed = append(changed, fmt.Sprintf("import %d (%d games exported, %d now)", id, x.Games, games))
			}
			continue
		}
		if verified < games {
			sum.Held = append(sum.Held, Held{Import: id, Games: games, Unverified: games - verified})
			continue
		}
		batch = append(batch, id)
		states[id] = importState{games: games, fingerprint: fp}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read the imports: %w", err)
	}
	for key := range m.Imports {
		if !seen[key] {
			changed = append(changed, "import "+key+" (no longer in the database)")
		}
	}
	if len(changed) > 0 {
		slices.Sort(changed)
		return nil, nil, fmt.Errorf("%w since it was exported: %s; export again with --rebuild", ErrChanged, strings.Join(changed, ", "))
	}
	return batch, states, nil
}

// dimensionsChanged reports whether the ENUMs differ from those the
// dataset's dimensions were written from, or the dimension files are
// missing, and returns the ENUMs' fingerprint.
func (e *exporter) dimensionsChanged(m *Manifest) (bool, string, error) {
	b, err := json.Marshal(e.enums)
	if err != nil {
		return false, "", err
	}
	h := md5.Sum(b)
	fp := hex.EncodeToString(h[:])
	for _, d := range Dimensions {
		if _, err := os.Stat(filepath.Join(e.dir, d, d+".parquet")); err != nil {
			return true, fp, nil
		}
	}
	return fp != m.Dimensions, fp, nil
}

// undo removes what a failed export wrote: its staging folder, and then
// everything it wrote for a first export (the folder holds no dataset
// yet), or the table files the manifest on disk does not list.
func (e *exporter) undo(first bool) error {
	if first {
		for _, n := range ownNames() {
			if err := os.RemoveAll(filepath.Join(e.dir, n)); err != nil {
				return err
			}
		}
		return nil
	}
	m, err := ReadManifest(e.dir)
	if err != nil {
		return err
	}
	return e.cleanLeftovers(m)
}

// cleanLeftovers removes what a failed export left: its staging folder,
// and the table files it moved into place that the manifest does not
// list (it failed before recording them).
func (e *exporter) cleanLeftovers(m *Manifest) error {
	if err := os.RemoveAll(filepath.Join(e.dir, stagingName)); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	listed := map[string]bool{}
	for _, x := range m.Exports {
		for _, f := range x.Files {
			listed[f.Path] = true
		}
	}
	for i := range e.tables {
		t := &e.tables[i]
		if !t.Partitioned() {
			continue
		}
		files, err := Files(e.dir, t)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		for _, f := range files {
			rel, err := filepath.Rel(e.dir, f)
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			if listed[filepath.ToSlash(rel)] || !strings.HasPrefix(filepath.Base(f), "part-") {
				continue
			}
			if err := os.Remove(f); err != nil {
				return fmt.Errorf("export: remove a file of a failed export: %w", err)
			}
		}
	}
	return nil
}

// writeDimensions writes the cards and enums tables and returns their
// files, as the manifest records them.
func (e *exporter) writeDimensions(ctx context.Context) ([]File, error) {
	var files []File
	for _, name := range Dimensions {
		query := map[string]string{"cards": cardsSQL, "enums": enumValuesSQL}[name]
		stage := filepath.Join(e.dir, stagingName, name+".parquet")
		if err := os.MkdirAll(filepath.Dir(stage), 0o755); err != nil {
			return nil, fmt.Errorf("write %s: %w", name, err)
		}
		copyDim, err := statement("copy-dimension.sql", map[string]any{"Query": query, "Path": literal(stage)})
		if err != nil {
			return nil, err
		}
		if _, err := e.db.ExecContext(ctx, copyDim); err != nil {
			return nil, fmt.Errorf("write %s: %w", name, err)
		}
		final := filepath.Join(e.dir, name, name+".parquet")
		if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
			return nil, fmt.Errorf("write %s: %w", name, err)
		}
		f, err := e.describe(ctx, stagedFile{table: name, from: stage, to: filepath.Join(name, name+".parquet")})
		if err != nil {
			return nil, err
		}
		// A rename replaces a link at final, never writes through it;
		// checkTree found none in the dataset before the export began.
		if err := os.Rename(stage, final); err != nil {
			return nil, fmt.Errorf("write %s: %w", name, err)
		}
		files = append(files, f)
	}
	return files, nil
}
