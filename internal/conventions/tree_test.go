package conventions

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// eachFile calls fn with the path of every file under root, outside
// hidden folders and testdata, and fails the test on an error.
func eachFile(t *testing.T, fn func(path string) error) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		return fn(path)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// eachGoFile parses every Go file under root outside the tests, with mode,
// and calls fn with its path and syntax; it returns how many it read.
func eachGoFile(t *testing.T, fset *token.FileSet, mode parser.Mode, fn func(path string, f *ast.File)) int {
	t.Helper()
	files := 0
	eachFile(t, func(path string) error {
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, mode)
		if err != nil {
			return err
		}
		files++
		fn(path, f)
		return nil
	})
	return files
}
