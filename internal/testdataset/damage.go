package testdataset

import (
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"

	"github.com/ginlog/ginlog/dataset"
)

// statements are the helpers' DuckDB statements, one text/template per
// file of sql/, named by the file.
//
//go:embed sql/*.sql
var statementFiles embed.FS

var statements = template.Must(template.New("").Option("missingkey=error").ParseFS(statementFiles, "sql/*.sql"))

// statement renders the statement of the file name with data, whose
// strings are quoted as DuckDB literals but Query's.
func statement(t testing.TB, name string, data map[string]string) string {
	t.Helper()
	quoted := map[string]string{}
	for k, v := range data {
		quoted[k] = v
		if k != "Query" {
			quoted[k] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
		}
	}
	var b strings.Builder
	if err := statements.ExecuteTemplate(&b, name, quoted); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Rewrite writes the Parquet file at path anew, ZSTD-compressed as an
// export writes, with the rows query selects: query reads the file's rows
// as the table f (SELECT * FROM f UNION ALL SELECT * FROM f repeats each).
func Rewrite(t testing.TB, path, query string) {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tmp := path + ".new"
	if _, err := db.Exec(statement(t, "rewrite.sql", map[string]string{"Path": path, "Query": query, "To": tmp})); err != nil {
		t.Fatalf("rewrite %s: %v", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// Vouch rewrites the manifest of the dataset in dir so that it says of
// its file rel (slash-separated) what the file holds now: its bytes, its
// SHA-256 and its footer's (the metadata, its length and PAR1 that end a
// Parquet file; the last 8 bytes of another) and, when DuckDB reads it as
// Parquet, its rows. It is a
// manifest made to match a file changed behind the export's back, which
// leaves a reader the file's columns to check.
func Vouch(t testing.TB, dir, rel string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	sum, footer := sha256.Sum256(b), sha256.Sum256(b[max(len(b)-8, 0):])
	if n := len(b); n >= 12 && string(b[n-4:]) == "PAR1" {
		if size := int(binary.LittleEndian.Uint32(b[n-8:n-4])) + 8; size <= n-4 {
			footer = sha256.Sum256(b[n-size:])
		}
	}
	rows := int64(-1)
	if db, err := sql.Open("duckdb", ""); err == nil {
		_ = db.QueryRow(statement(t, "count-parquet.sql", map[string]string{"Path": filepath.Join(dir, filepath.FromSlash(rel))})).Scan(&rows)
		db.Close()
	}
	mpath := filepath.Join(dir, dataset.ManifestName)
	mb, err := os.ReadFile(mpath)
	if err != nil {
		t.Fatal(err)
	}
	var m dataset.Manifest
	if err := json.Unmarshal(mb, &m); err != nil {
		t.Fatal(err)
	}
	found := false
	vouch := func(f *dataset.File) {
		if f.Path != rel {
			return
		}
		found = true
		f.Bytes, f.SHA256, f.FooterSHA256 = int64(len(b)), hex.EncodeToString(sum[:]), hex.EncodeToString(footer[:])
		if rows >= 0 {
			f.Rows = rows
		}
	}
	for i := range m.DimensionFiles {
		vouch(&m.DimensionFiles[i])
	}
	for i := range m.Exports {
		for j := range m.Exports[i].Files {
			vouch(&m.Exports[i].Files[j])
		}
	}
	if !found {
		t.Fatalf("the manifest lists no %s", rel)
	}
	out, err := json.MarshalIndent(&m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mpath, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
