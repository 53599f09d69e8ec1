package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
)

// ManifestName is the file in which a dataset records what it holds.
const ManifestName = "_manifest.json"

// manifestFormat is the version of the manifest's layout.
const manifestFormat = 1

// Manifest is a dataset's bookkeeping: the tables, the exports, and the
// imports each export wrote with their fingerprints.
type Manifest struct {
	Format        int                       `json:"format"`
	SchemaVersion int                       `json:"schema_version"` // the database's schema version
	Tables        []Table                   `json:"tables"`
	Dimensions    string                    `json:"dimensions"` // a fingerprint of the ENUMs the dimensions were written from
	Exports       []ExportRun               `json:"exports"`
	Imports       map[string]ExportedImport `json:"imports"` // by import id
}

// ExportRun is one run of an export that wrote something.
type ExportRun struct {
	Number  int       `json:"export"`
	At      time.Time `json:"at"`
	Imports []int64   `json:"imports"`
	Files   []File    `json:"files"`
}

// File is a file an export wrote.
type File struct {
	Path  string `json:"path"` // relative to the dataset, with slashes
	Table string `json:"table"`
	Rows  int64  `json:"rows"`
	Bytes int64  `json:"bytes"`
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
// without one gives an error wrapping ErrNoManifest; a manifest that is
// not a regular file, is larger than maxManifest, does not parse (the
// error says where, as _manifest.json:LINE:COL), has an unknown format or
// a newer schema version, or misses tables, gives an error wrapping
// ErrNotDataset that names it.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	b, err := readRegular(path, maxManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (no %s; write one with ginlog export-data)", dir, ErrNoManifest, ManifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotDataset, err)
	}
	return parseManifest(path, b)
}

// parseManifest parses the manifest data read from path and checks it as
// ReadManifest says.
func parseManifest(path string, b []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w: %w", locate(path, b, err), ErrNotDataset, err)
	}
	if m.Format != manifestFormat {
		return nil, fmt.Errorf("%s: %w: manifest format %d, this ginlog reads %d", path, ErrNotDataset, m.Format, manifestFormat)
	}
	if m.SchemaVersion < 1 || m.SchemaVersion > schema.Latest() {
		return nil, fmt.Errorf("%s: %w: schema version %d, this ginlog knows 1 to %d", path, ErrNotDataset, m.SchemaVersion, schema.Latest())
	}
	for _, name := range tableNames() {
		if _, ok := m.Table(name); !ok {
			return nil, fmt.Errorf("%s: %w: it lists no table %s (export again with --rebuild)", path, ErrNotDataset, name)
		}
	}
	if m.Imports == nil {
		m.Imports = map[string]ExportedImport{}
	}
	return &m, nil
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
