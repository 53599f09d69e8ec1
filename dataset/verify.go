package dataset

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
)

// ErrDamaged reports a dataset whose files are not those its manifest
// lists: a file missing, or one whose bytes, rows, columns or content
// differ from what the export wrote. A DamagedError names the file.
var ErrDamaged = errors.New("the dataset's files are not those its manifest lists")

// DamagedError reports a file the manifest lists that is not what the
// export wrote. It reads as ErrDamaged.
type DamagedError struct {
	Path    string // the file, under the dataset's folder as given
	Problem string // what differs: "is missing", "has 10 rows, the manifest says 5", ...
}

func (e *DamagedError) Error() string {
	return e.Path + ", listed in " + ManifestName + ", " + e.Problem + ": ginlog export-data --rebuild writes the dataset anew"
}

// Is reports whether target is ErrDamaged.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// Check says how much of each file a reader checks against the manifest
// before it reads the dataset.
type Check int

// The checks.
const (
	// CheckShape, the default, checks each file's bytes and its Parquet
	// footer: the rows, the columns with their types, and the footer's
	// SHA-256 (its row groups, offsets and statistics). It reads a few
	// kilobytes a file: a change to the data pages that keeps the file's
	// size and footer is not noticed.
	CheckShape Check = iota
	// CheckContent checks as CheckShape does, and the SHA-256 of each
	// file's content: it reads the whole dataset (about 0.2 s for the
	// 244 MiB of 100,000 games).
	CheckContent
)

// verifier checks a dataset's files against its manifest, through an
// in-memory DuckDB that reads their footers.
type verifier struct {
	db    *sql.DB
	dir   string // as given, for messages
	abs   string // absolute, for DuckDB
	check Check
}

// verify checks every file the manifest m lists, table by table in the
// manifest's order, and returns the first problem as a *DamagedError
// (or an error naming a file that is not a regular file or is reached
// through a link).
func (v *verifier) verify(ctx context.Context, m *Manifest) error {
	for i := range m.Tables {
		t := &m.Tables[i]
		for _, f := range m.files(t) {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := v.file(ctx, t, f); err != nil {
				return err
			}
		}
	}
	return nil
}

// file checks one file f of table t.
func (v *verifier) file(ctx context.Context, t *Table, f File) error {
	name, err := checkListed(v.dir, t.Name, f.Path)
	if err != nil {
		return err
	}
	p := filepath.Join(v.abs, filepath.FromSlash(f.Path))
	info, err := os.Stat(p)
	if err != nil {
		return err
	}
	damaged := func(format string, args ...any) error {
		return &DamagedError{Path: name, Problem: fmt.Sprintf(format, args...)}
	}
	rows, cols, perr := v.footer(ctx, p)
	if err := ctx.Err(); err != nil {
		return err // interrupted: perr says nothing of the file
	}
	switch {
	case info.Size() != f.Bytes && (perr != nil || rows == f.Rows):
		return damaged("has %d bytes, the manifest says %d", info.Size(), f.Bytes)
	case perr == nil && rows != f.Rows:
		return damaged("has %d bytes and %d rows, the manifest says %d bytes and %d rows", info.Size(), rows, f.Bytes, f.Rows)
	case perr != nil:
		return damaged("is not a Parquet file DuckDB reads (%s)", oneLine(perr, p))
	}
	if diff := columnsDiffer(cols, t.DataColumns()); diff != "" {
		return damaged("does not hold the columns of table %s: %s", t.Name, diff)
	}
	footer, err := hashFooter(p, info.Size())
	if err != nil {
		return damaged("is not a Parquet file ginlog reads (%v)", err)
	}
	if footer != f.FooterSHA256 {
		return damaged("has the bytes, rows and columns the manifest says, but another Parquet footer (SHA-256 %.12s…, the manifest says %.12s…)", footer, f.FooterSHA256)
	}
	if v.check != CheckContent {
		return nil
	}
	sum, err := hashFile(p)
	if err != nil {
		return err
	}
	if sum != f.SHA256 {
		return damaged("has the bytes and Parquet footer the manifest says, but other content (SHA-256 %.12s…, the manifest says %.12s…)", sum, f.SHA256)
	}
	return nil
}

// parquetMagic begins and ends a Parquet file.
const parquetMagic = "PAR1"

// hashFooter returns the SHA-256, in lowercase hex, of the footer of the
// Parquet file at p, of size bytes: its file metadata, the metadata's
// length (4 bytes, little-endian) and the magic that end the file.
func hashFooter(p string, size int64) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if size < 12 { // PAR1 at both ends and the footer's length
		return "", fmt.Errorf("%d bytes, too few for Parquet", size)
	}
	tail := make([]byte, 8)
	if _, err := f.ReadAt(tail, size-8); err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	if string(tail[4:]) != parquetMagic {
		return "", errors.New("no PAR1 at its end")
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4])) + 8
	if n > size-int64(len(parquetMagic)) {
		return "", fmt.Errorf("a footer of %d bytes in a file of %d", n, size)
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, size-n, n)); err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// footer reads the rows and the columns (name and DuckDB type) of the
// Parquet file at p from its footer.
func (v *verifier) footer(ctx context.Context, p string) (int64, []Column, error) {
	var rows int64
	count, err := statement("count-parquet.sql", map[string]any{"Path": literal(p)})
	if err != nil {
		return 0, nil, err
	}
	if err := v.db.QueryRowContext(ctx, count).Scan(&rows); err != nil {
		return 0, nil, err
	}
	describe, err := statement("describe-parquet.sql", map[string]any{"Path": literal(p)})
	if err != nil {
		return 0, nil, err
	}
	r, err := v.db.QueryContext(ctx, describe)
	if err != nil {
		return 0, nil, err
	}
	defer r.Close()
	var cols []Column
	for r.Next() {
		var c Column
		if err := r.Scan(&c.Name, &c.Type); err != nil {
			return 0, nil, err
		}
		cols = append(cols, c)
	}
	return rows, cols, r.Err()
}

// columnsDiffer says how the columns a file holds differ from those of
// its table, want, in order, name and type; "" when they do not.
func columnsDiffer(got, want []Column) string {
	var names []string
	for _, c := range got {
		names = append(names, c.Name)
	}
	for _, w := range want {
		i := slices.IndexFunc(got, func(c Column) bool { return c.Name == w.Name })
		switch {
		case i < 0:
			return fmt.Sprintf("no column %s (it holds %s)", w.Name, strings.Join(names, ", "))
		case got[i].Type != w.Type:
			return fmt.Sprintf("column %s is %s, not %s", w.Name, got[i].Type, w.Type)
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%d columns, not %d (it holds %s)", len(got), len(want), strings.Join(names, ", "))
	}
	for i := range got {
		if got[i].Name != want[i].Name {
			return fmt.Sprintf("column %d is %s, not %s", i+1, got[i].Name, want[i].Name)
		}
	}
	return ""
}

// oneLine returns the first line of a DuckDB error, about the file at p
// when p is not "": without p quoted, which the message gives already.
func oneLine(err error, p string) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	if p != "" {
		s = strings.ReplaceAll(s, " '"+p+"'", "")
		s = strings.ReplaceAll(s, " \""+p+"\"", "")
	}
	return strings.TrimSpace(s)
}

// hashFile returns the SHA-256 of the file at p, in lowercase hex.
func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ReadError returns err, the error of a statement over the views of a
// dataset opened after check, on one line when DuckDB gave it: the
// statement's context and DuckDB's first line, which names the file it
// could not read, and, after CheckShape, which reads no file whole, that
// CheckContent compares each file's content with the manifest. Other
// errors are returned as they are.
func ReadError(err error, check Check) error {
	var de *duckdb.Error
	if !errors.As(err, &de) {
		return err
	}
	return &readError{err: err, check: check}
}

// readError is ReadError's error: one line, unwrapping to DuckDB's.
type readError struct {
	err   error
	check Check
}

func (e *readError) Error() string {
	msg := oneLine(e.err, "")
	if e.check == CheckShape {
		msg += " (a file may be damaged in a way its size and footer do not show: query --check-hashes compares each file's SHA-256 with the manifest)"
	}
	return msg
}

func (e *readError) Unwrap() error { return e.err }
