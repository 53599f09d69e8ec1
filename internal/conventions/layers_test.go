package conventions

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module's path: its packages' imports start with it.
const module = "github.com/ginlog/ginlog/"

// layers lists the database's packages from the lowest up: a package may
// import, directly or not, only packages of its own layer or below. The
// schema and the selection of games are at the bottom; the store of
// verified games and ingest read and write through them; the queries read
// what they wrote; the features and the command line use them all.
var layers = [][]string{
	{"schema", "selection"},
	{"store", "ingest"},
	{"queries"},
	{"report", "organise", "watch", "dataset", "internal/bench"},
	{"cmd/ginlog"},
}

// TestLayers checks that no package of the layers imports a package of a
// layer above its own, through any chain of the module's packages (the
// tests' imports aside): the arrows between them run one way, down.
func TestLayers(t *testing.T) {
	imports := map[string][]string{} // package folder: the module's packages it imports
	fset := token.NewFileSet()
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
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir = filepath.ToSlash(dir)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if rest, ok := strings.CutPrefix(p, module); ok && !slices.Contains(imports[dir], rest) {
				imports[dir] = append(imports[dir], rest)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	layer := map[string]int{}
	for i, pkgs := range layers {
		for _, p := range pkgs {
			if _, ok := imports[p]; !ok {
				t.Errorf("no package %s: is the list of layers out of date?", p)
			}
			layer[p] = i
		}
	}
	for i, pkgs := range layers {
		for _, p := range pkgs {
			// Walk every chain of imports from p, remembering how it got
			// to each package for the message.
			via := map[string]string{p: ""}
			queue := []string{p}
			for len(queue) > 0 {
				q := queue[0]
				queue = queue[1:]
				for _, next := range imports[q] {
					if _, seen := via[next]; seen {
						continue
					}
					via[next] = q
					queue = append(queue, next)
					if l, ok := layer[next]; ok && l > i {
						chain := []string{next}
						for at := q; at != ""; at = via[at] {
							chain = append(chain, at)
						}
						slices.Reverse(chain)
						t.Errorf("%s imports %s, a layer above it: %s", p, next, strings.Join(chain, " -> "))
					}
				}
			}
		}
	}
}
