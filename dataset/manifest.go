package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
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

// ReadManifest reads the manifest of the dataset in dir; a directory
// without one gives an error wrapping ErrNotDataset.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (no %s; write one with ginlog export-data)", dir, ErrNotDataset, ManifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("read dataset %s: %w", dir, err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w: %s: %v", dir, ErrNotDataset, ManifestName, err)
	}
	if m.Format != manifestFormat {
		return nil, fmt.Errorf("%s: %w: manifest format %d, this ginlog reads %d", dir, ErrNotDataset, m.Format, manifestFormat)
	}
	if m.Imports == nil {
		m.Imports = map[string]ExportedImport{}
	}
	return &m, nil
}

// writeFile writes data to dir/name through a temporary file renamed into
// place, so that a reader sees the old content or the new.
func writeFile(dir, name string, data []byte) error {
	tmp, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
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
