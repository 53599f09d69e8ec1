package conventions

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module's import path: an import under it is one of the
// tree's own packages.
const module = "github.com/ginlog/ginlog"

// architecture is the document that writes down the layers, lowest first.
const architecture = root + "/docs/architecture.md"

// layer is one row of the layer table: its rank, name and the patterns of
// the packages in it (a folder, or a folder with /... for every package
// under it).
type layer struct {
	rank     int
	name     string
	patterns []string
}

// readLayers reads the layer table of docs/architecture.md: the rows
// between the markers, each "| rank | name | `pkg`, `pkg/...` | ... |".
func readLayers(t *testing.T) []layer {
	t.Helper()
	f, err := os.Open(architecture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var layers []layer
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "<!-- layers -->":
			in = true
			continue
		case line == "<!-- /layers -->":
			in = false
			continue
		case !in || !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|--") || strings.HasPrefix(line, "| rank"):
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 3 {
			t.Fatalf("%s:%d: want | rank | layer | packages | ..., got %q", architecture, n, line)
		}
		rank, err := strconv.Atoi(strings.TrimSpace(cells[0]))
		if err != nil {
			t.Fatalf("%s:%d: rank %q is not a number", architecture, n, cells[0])
		}
		l := layer{rank: rank, name: strings.TrimSpace(cells[1])}
		for _, p := range strings.Split(cells[2], ",") {
			if p = strings.Trim(strings.TrimSpace(p), "`"); p != "" {
				l.patterns = append(l.patterns, p)
			}
		}
		layers = append(layers, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(layers) < 5 {
		t.Fatalf("%s: found %d layers between <!-- layers --> and <!-- /layers -->: is the table there?", architecture, len(layers))
	}
	return layers
}

// match reports whether pkg, a folder under the module's root, is named by
// pattern; the longer of two matching patterns is the more specific.
func match(pattern, pkg string) (bool, int) {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/"), len(base)
	}
	return pkg == pattern, len(pattern) + 1
}

// layerOf returns the layer whose most specific pattern names pkg.
func layerOf(layers []layer, pkg string) (layer, bool) {
	var best layer
	bestLen := -1
	for _, l := range layers {
		for _, p := range l.patterns {
			if ok, n := match(p, pkg); ok && n > bestLen {
				best, bestLen = l, n
			}
		}
	}
	return best, bestLen >= 0
}

// packageImports returns, for every folder of the tree that holds Go code
// outside tests, the tree's own packages its non-test files import.
func packageImports(t *testing.T) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	imports := map[string][]string{}
	eachGoFile(t, fset, parser.ImportsOnly, func(path string, f *ast.File) {
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			t.Fatal(err)
		}
		pkg := filepath.ToSlash(rel)
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil
		}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if dep, ok := strings.CutPrefix(p, module+"/"); ok && !slices.Contains(imports[pkg], dep) {
				imports[pkg] = append(imports[pkg], dep)
			}
		}
	})
	return imports
}

// TestLayers checks the tree against the layer table of
// docs/architecture.md: every package is in a layer, and no package
// imports one of a higher layer. An arrow that runs back up is a design
// change: move the code, or change the table and say why there.
func TestLayers(t *testing.T) {
	layers := readLayers(t)
	imports := packageImports(t)
	if len(imports) < 30 {
		t.Fatalf("read %d packages under %s: is the root right?", len(imports), root)
	}
	pkgs := make([]string, 0, len(imports))
	for pkg := range imports {
		pkgs = append(pkgs, pkg)
	}
	slices.Sort(pkgs)
	for _, pkg := range pkgs {
		from, ok := layerOf(layers, pkg)
		if !ok {
			t.Errorf("%s is in no layer of %s: add it to the row where it belongs", pkg, architecture)
			continue
		}
		for _, dep := range imports[pkg] {
			to, ok := layerOf(layers, dep)
			if ok && to.rank > from.rank {
				t.Errorf("%s (layer %d, %s) imports %s (layer %d, %s): imports run down the layers only", pkg, from.rank, from.name, dep, to.rank, to.name)
			}
		}
	}
	// Every pattern names a package: a row that names a folder no longer
	// there is out of date.
	for _, l := range layers {
		for _, p := range l.patterns {
			found := false
			for _, pkg := range pkgs {
				if ok, _ := match(p, pkg); ok {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: layer %d (%s) names %s, which holds no package", architecture, l.rank, l.name, p)
			}
		}
	}
}

// TestLayersCatchAnArrowUp checks the check itself on a made-up table: a
// storage package importing a command is caught, a command importing
// storage is not.
func TestLayersCatchAnArrowUp(t *testing.T) {
	layers := []layer{
		{rank: 1, name: "storage", patterns: []string{"schema"}},
		{rank: 2, name: "commands", patterns: []string{"cmd/..."}},
	}
	tests := []struct {
		from, to string
		up       bool
	}{
		{"schema", "cmd/ginlog", true},
		{"cmd/ginlog", "schema", false},
		{"cmd/ginlog-bench", "cmd/ginlog", false},
	}
	for _, tt := range tests {
		from, _ := layerOf(layers, tt.from)
		to, _ := layerOf(layers, tt.to)
		if up := to.rank > from.rank; up != tt.up {
			t.Errorf("%s -> %s: up = %v, want %v", tt.from, tt.to, up, tt.up)
		}
	}
}
