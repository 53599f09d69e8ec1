package conventions

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// root is the module's root, from this package's folder.
const root = "../.."

// sqlStart matches a string that starts like an SQL statement or clause,
// in the upper case every statement of the tree is written in (prose and
// messages are lower case: "select games to verify").
var sqlStart = regexp.MustCompile(`^(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|BEGIN|COMMIT|ROLLBACK|SET|PRAGMA|WITH|COPY|ATTACH|DETACH|EXPORT|IMPORT|INSTALL|LOAD|CALL|CHECKPOINT|COMMENT ON|FROM|WHERE|JOIN|VALUES|GROUP BY|ORDER BY|LIMIT)\b`)

// TestNoInlineSQL checks that no Go file outside the tests holds a string
// that starts like an SQL statement: every statement is an embedded .sql
// file whose name says what it does.
func TestNoInlineSQL(t *testing.T) {
	fset := token.NewFileSet()
	files := eachGoFile(t, fset, parser.SkipObjectResolution, func(_ string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				return true
			}
			// A keyword alone is text that merges statements (a WITH
			// prefix), not a statement.
			if s = strings.TrimSpace(s); s == "" || sqlStart.FindString(s) == s {
				return true
			}
			if m := sqlStart.FindString(s); m != "" {
				t.Errorf("%s: a string starting with %s: put the statement in an embedded .sql file", fset.Position(lit.Pos()), m)
			}
			return true
		})
	})
	if files < 100 {
		t.Errorf("read %d Go files under %s: is the root right?", files, root)
	}
}

// TestSQLFilesAreEmbedded checks that every .sql file outside testdata is
// embedded by a go:embed directive of its package, by name or pattern: a
// statement file that nothing runs is a leftover. It also checks that the
// file lives under its package's sql/ folder (directly, or in a subfolder
// that says what kind of statements it holds: queries/sql/named/), the
// one name every package gives its SQL.
func TestSQLFilesAreEmbedded(t *testing.T) {
	embeds := map[string][]string{} // folder: the patterns of its go:embed lines
	var sqlFiles []string
	eachFile(t, func(path string) error {
		switch {
		case strings.HasSuffix(path, ".sql"):
			sqlFiles = append(sqlFiles, path)
		case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, line := range strings.Split(string(b), "\n") {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//go:embed "); ok {
					embeds[filepath.Dir(path)] = append(embeds[filepath.Dir(path)], strings.Fields(rest)...)
				}
			}
		}
		return nil
	})
	if len(sqlFiles) == 0 {
		t.Fatalf("no .sql files under %s: is the root right?", root)
	}
	for _, file := range sqlFiles {
		if !embedded(file, embeds) {
			t.Errorf("%s is embedded by no go:embed line of its package", file)
		}
		if !inSQLFolder(file, embeds) {
			t.Errorf("%s is not under the sql/ folder of its package", file)
		}
	}
}

// inSQLFolder reports whether file lies under a folder named sql whose
// parent is a package that embeds files (the package that runs it).
func inSQLFolder(file string, embeds map[string][]string) bool {
	for dir := filepath.Dir(file); dir != root && dir != "." && dir != string(filepath.Separator); dir = filepath.Dir(dir) {
		if filepath.Base(dir) == "sql" {
			_, ok := embeds[filepath.Dir(dir)]
			return ok
		}
	}
	return false
}

// embedded reports whether a go:embed pattern of the package that holds
// file, or of a package above it, matches it.
func embedded(file string, embeds map[string][]string) bool {
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			return false
		}
		for _, pattern := range embeds[dir] {
			// A pattern matches the file, or a folder holding it.
			// An embed pattern that go:embed accepted is a valid pattern:
			// Match reports no error for it.
			if ok, err := filepath.Match(pattern, filepath.ToSlash(rel)); err == nil && ok || strings.HasPrefix(filepath.ToSlash(rel), pattern+"/") {
				return true
			}
		}
		if dir == root || dir == "." || dir == string(filepath.Separator) {
			return false
		}
	}
}
