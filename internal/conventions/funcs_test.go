package conventions

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// maxFuncLines is the longest a function outside the tests may be, from
// its func line to its closing brace: past it, a function does several
// things that want names of their own.
const maxFuncLines = 80

// TestFunctionLength checks that no function or method outside the tests
// is longer than maxFuncLines lines.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	funcs := 0
	eachGoFile(t, fset, parser.SkipObjectResolution, func(_ string, f *ast.File) {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			funcs++
			start, end := fset.Position(fn.Pos()), fset.Position(fn.Body.End())
			if n := end.Line - start.Line + 1; n > maxFuncLines {
				t.Errorf("%s: %s is %d lines long, over %d: give its parts functions of their own", start, fn.Name.Name, n, maxFuncLines)
			}
		}
	})
	if funcs < 1000 {
		t.Errorf("read %d functions under %s: is the root right?", funcs, root)
	}
}
