package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
)

// ManifestName is the file in which a dataset records what it holds.
const ManifestName = "_manifest.json"

// manifestFormat is the version of the manifest's layout. Format 2 added
// each file's SHA-256 and that of its Parquet footer, and the dimensions'
// files; a reader refuses format 1, whose files it cannot check, and says
// to export again.
const manifestFormat = 2

// Manifest is a dataset's bookkeeping: the tables, the exports, and the
// imports each export wrote with their fingerprints.
type Manifest struct {
	Format         int                       `json:"format"`
	SchemaVersion  int                       `json:"schema_version"` // the database's schema version
	Tables         []Table                   `json:"tables"`
	Dimensions     string                    `json:"dimensions"`      // a fingerprint of the ENUMs the dimensions were written from
	DimensionFiles []File                    `json:"dimension_files"` // the dimensions' files, one per dimension
	Exports        []ExportRun               `json:"exports"`
	Imports        map[string]ExportedImport `json:"imports"` // by import id
}

// ExportRun is one run of an export that wrote something.
type ExportRun struct {
	Number  int       `json:"export"`
	At      time.Time `json:"at"`
	Imports []int64   `json:"imports"`
	Files   []File    `json:"files"`
}

// File is a file an export wrote, as it wrote it: a reader checks the
// file against it before it reads it (Check).
type File struct {
	Path   string `json:"path"` // relative to the dataset, with slashes
	Table  string `json:"table"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"` // of the file's bytes, lowercase hex
	// FooterSHA256 is the SHA-256 of the file's Parquet footer (the file
	// metadata, its length and the magic PAR1 that end the file): its
	// row groups, their columns' offsets, sizes and statistics. Two files
	// of one table with the same size and rows differ there.
	FooterSHA256 string `json:"footer_sha256"`
}

// ExportedImport is an import in the dataset.
type ExportedImport struct {
	Export      int    `json:"export"`
	Games       int64  `json:"games"`
	Fingerprint string `json:"fingerprint"`
}

// exported reports whether import id is in the dataset.
func (m *Manifest) exported(id int64) bool {
	_, ok := m.Imports[strconv.FormatInt(id, 10)]
	return ok
}

// Table returns the named table.
func (m *Manifest) Table(name string) (*Table, bool) {
	for i := range m.Tables {
		if m.Tables[i].Name == name {
			return &m.Tables[i], true
		}
	}
	return nil, false
}

// maxManifest is the largest manifest ReadManifest reads: far more than
// thousands of exports list, far less than a reader should hold.
const maxManifest = 256 << 20

// ErrNoManifest reports a directory without a manifest; it wraps (and
// reads as) ErrNotDataset.
var ErrNoManifest = fmt.Errorf("%w", ErrNotDataset)

// ReadManifest reads the manifest of the dataset in dir. A directory
// without one gives an error wrapping ErrNoManifest. A manifest ginlog
// does not read gives one error, on one line, that names it (as
// _manifest.json:LINE:COL when the JSON does not parse), wraps
// ErrNotDataset and says that export-data --rebuild writes the dataset
// anew: one that is not a regular file or is larger than maxManifest,
// does not parse, has another format (format 1, written before the
// manifest recorded each file's SHA-256, included) or a newer schema
// version, or whose tables and files are not as an export writes them
// (checkManifest).
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	b, err := readRegular(path, maxManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (no %s; write one with ginlog export-data)", dir, ErrNoManifest, ManifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w%s", ErrNotDataset, err, rebuildAdvice)
	}
	return parseManifest(path, b)
}

// rebuildAdvice ends the errors of a manifest ginlog does not read.
const rebuildAdvice = " (ginlog export-data --rebuild writes the dataset anew)"

// badManifest returns the error of a manifest that ginlog does not read:
// at loc (its path, and where in it), why, wrapping ErrNotDataset and err
// (when not nil).
func badManifest(loc string, err error, format string, args ...any) error {
	why := fmt.Sprintf(format, args...)
	if err != nil {
		return fmt.Errorf("%s: %w: %s%w%s", loc, ErrNotDataset, why, err, rebuildAdvice)
	}
	return fmt.Errorf("%s: %w: %s%s", loc, ErrNotDataset, why, rebuildAdvice)
}

// parseManifest parses the manifest data read from path and checks it as
// ReadManifest says.
func parseManifest(path string, b []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, badManifest(locate(path, b, err), err, "")
	}
	switch {
	case m.Format == 1:
		return nil, badManifest(path, nil, "manifest format 1, from an earlier ginlog, records no SHA-256 of its files, which this ginlog checks before it reads them")
	case m.Format != manifestFormat:
		return nil, badManifest(path, nil, "manifest format %d, this ginlog reads %d", m.Format, manifestFormat)
	case m.SchemaVersion < 1 || m.SchemaVersion > schema.Latest():
		return nil, badManifest(path, nil, "schema version %d, this ginlog knows 1 to %d", m.SchemaVersion, schema.Latest())
	}
	if err := checkManifest(&m); err != nil {
		return nil, badManifest(path, nil, "%s", err)
	}
	if m.Imports == nil {
		m.Imports = map[string]ExportedImport{}
	}
	return &m, nil
}

// checkManifest checks that a manifest's tables and files are as an
// export writes them: every table of this ginlog once, with its key and
// columns of plain type names; every file in its table's folder, listed
// once, with counts that are not negative and a SHA-256; one file per
// dimension. Its error says which table or file, and what is wrong.
func checkManifest(m *Manifest) error {
	if err := checkTables(m); err != nil {
		return err
	}
	listed := map[string]bool{}
	for i, x := range m.Exports {
		for j, f := range x.Files {
			if err := checkFile(m, f, listed); err != nil {
				return fmt.Errorf("export %d, file %d: %w", i+1, j+1, err)
			}
			if t, _ := m.Table(f.Table); !t.Partitioned() {
				return fmt.Errorf("export %d, file %d: %q is the file of the dimension %s, which only dimension_files lists", i+1, j+1, f.Path, f.Table)
			}
		}
	}
	if len(m.DimensionFiles) != len(Dimensions) {
		return fmt.Errorf("it lists %d dimension files, want %d (%s)", len(m.DimensionFiles), len(Dimensions), strings.Join(Dimensions, ", "))
	}
	for i, f := range m.DimensionFiles {
		if err := checkFile(m, f, listed); err != nil {
			return fmt.Errorf("dimension file %d: %w", i+1, err)
		}
		if f.Path != f.Table+"/"+f.Table+".parquet" {
			return fmt.Errorf("dimension file %d: %q, not %s/%s.parquet", i+1, f.Path, f.Table, f.Table)
		}
	}
	return nil
}

// checkTables checks the manifest's tables, as checkManifest says.
func checkTables(m *Manifest) error {
	keys := map[string]Key{}
	for _, t := range exported {
		keys[t.Name] = t.Key
	}
	for _, d := range Dimensions {
		keys[d] = Unpartitioned
	}
	for _, name := range tableNames() {
		if _, ok := m.Table(name); !ok {
			return fmt.Errorf("it lists no table %s", name)
		}
	}
	seen := map[string]bool{}
	for _, t := range m.Tables {
		key, ok := keys[t.Name]
		switch {
		case !ok:
			return fmt.Errorf("it lists a table %q this ginlog does not know", t.Name)
		case seen[t.Name]:
			return fmt.Errorf("it lists table %s twice", t.Name)
		case t.Key != key:
			return fmt.Errorf("table %s has key %q, not %q", t.Name, t.Key, key)
		case len(t.Columns) == 0:
			return fmt.Errorf("table %s has no columns", t.Name)
		}
		seen[t.Name] = true
		cols := map[string]bool{}
		for _, c := range t.Columns {
			if c.Name == "" || cols[c.Name] || !typeName.MatchString(c.Type) {
				return fmt.Errorf("table %s: column %q of type %q: a column without a name, twice, or of a type that is not a plain type name", t.Name, c.Name, c.Type)
			}
			cols[c.Name] = true
		}
	}
	return nil
}

// typeName matches the types a dataset's columns have (BIGINT, VARCHAR[],
// TIMESTAMP, ...): a view's statement holds them as they are.
var typeName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(\[\])?$`)

// checkFile checks a file the manifest lists, as checkManifest says, and
// records its path in listed.
func checkFile(m *Manifest, f File, listed map[string]bool) error {
	if _, ok := m.Table(f.Table); !ok {
		return fmt.Errorf("%q of table %q, which it does not list", f.Path, f.Table)
	}
	if err := checkRel(f.Table, f.Path); err != nil {
		return err
	}
	switch {
	case listed[f.Path]:
		return fmt.Errorf("%q, listed twice", f.Path)
	case f.Rows < 0 || f.Bytes < 0:
		return fmt.Errorf("%q: %d rows, %d bytes", f.Path, f.Rows, f.Bytes)
	case !sha256Hex.MatchString(f.SHA256):
		return fmt.Errorf("%q: SHA-256 %q, not 64 lowercase hex digits", f.Path, f.SHA256)
	case !sha256Hex.MatchString(f.FooterSHA256):
		return fmt.Errorf("%q: footer SHA-256 %q, not 64 lowercase hex digits", f.Path, f.FooterSHA256)
	}
	listed[f.Path] = true
	return nil
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// checkRel checks the path rel (slash-separated, relative to the dataset)
// of a file of table: clean, in the table's folder, a .parquet file,
// without a backslash or the '*', '?' and '[' DuckDB would read as a
// pattern (a partition's folder escapes them).
func checkRel(table, rel string) error {
	if path.Clean(rel) != rel || !strings.HasPrefix(rel, table+"/") || !strings.HasSuffix(rel, ".parquet") ||
		strings.ContainsAny(rel, "\\*?[") || strings.ContainsFunc(rel, unicode.IsControl) {
		return fmt.Errorf("%q is not the path of a file in the folder of table %s", rel, table)
	}
	return nil
}

// tableNames returns the names of the dataset's tables: the exported
// tables and the dimensions.
func tableNames() []string {
	var out []string
	for _, t := range exported {
		out = append(out, t.Name)
	}
	return append(out, Dimensions...)
}

// locate returns path:LINE:COL for a JSON error that carries an offset
// into data, and path otherwise.
func locate(path string, data []byte, err error) string {
	var off int64
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		off = syntax.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	default:
		return path
	}
	// The offset counts the bytes read, the one at fault included.
	off = min(max(off-1, 0), int64(len(data)))
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
			continue
		}
		col++
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

// readRegular reads the file at path if it is a regular file (not a link,
// pipe or device) of at most limit bytes.
func readRegular(path string, limit int64) ([]byte, error) {
	if err := checkRegular(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file", path, safefile.Kind(info.Mode()))
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a manifest may hold", path, info.Size(), limit)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes a manifest may hold", path, limit)
	}
	return b, nil
}

// checkRegular returns nil if path is a regular file (not a link to one),
// an error wrapping fs.ErrNotExist if nothing is there, and one naming
// what is there otherwise.
func checkRegular(path string) error {
	info, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, not a regular file", path, safefile.Kind(info.Mode()))
	}
	return nil
}

// writeFile writes data to dir/name through a temporary file renamed into
// place (safefile.WriteFile), so that a reader sees the old content or the
// new, and a link at that name is refused, never written through.
func writeFile(dir, name string, data []byte) error {
	return safefile.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// write writes the manifest into dir.
func (m *Manifest) write(dir string) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFile(dir, ManifestName, append(b, '\n')); err != nil {
		return fmt.Errorf("write %s: %w", ManifestName, err)
	}
	return nil
}
