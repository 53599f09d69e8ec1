package model

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// goTool returns the go command, or skips (fails under CI) without it.
func goTool(t *testing.T) string {
	t.Helper()
	return testenv.Tool(t, "go", "the Go distribution")
}

// TestPure checks that the model stays pure: it imports the rules engine,
// the inference model (itself pure) and the standard library only, never
// os, a database or cgo, so that a Go bot links the tuned player without
// DuckDB. (os is still among its transitive dependencies: fmt imports it.)
func TestPure(t *testing.T) {
	goCmd := goTool(t)
	out, err := exec.Command(goCmd, "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, imp := range strings.Fields(string(out)) {
		switch {
		case imp == "github.com/ginlog/ginlog/gin", imp == "github.com/ginlog/ginlog/model/infer":
		case strings.Contains(imp, "."):
			t.Errorf("model imports %s: only gin, model/infer and the standard library", imp)
		case imp == "os" || strings.HasPrefix(imp, "os/") || imp == "database/sql" || imp == "net" || imp == "unsafe" || imp == "syscall":
			t.Errorf("model imports %s", imp)
		}
	}
	out, err = exec.Command(goCmd, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "duckdb") || dep == "database/sql" || dep == "runtime/cgo" || dep == "C" ||
			(strings.HasPrefix(dep, "github.com/ginlog/ginlog/") && dep != "github.com/ginlog/ginlog/gin" && dep != "github.com/ginlog/ginlog/model" &&
				dep != "github.com/ginlog/ginlog/model/infer") {
			t.Errorf("model depends on %s", dep)
		}
	}
}

// TestNoPlayers checks that no package of the model tree (model, fit,
// export, infer, infer/train) depends on a player or on the simulator:
// the players (players/...) play with the weights, and the simulator
// (sim) plays them against each other, so both sit above the model, and
// through the exec: player they would bring os/exec into it.
func TestNoPlayers(t *testing.T) {
	goCmd := goTool(t)
	out, err := exec.Command(goCmd, "list", "-deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "os/exec" || dep == "github.com/ginlog/ginlog/sim" || dep == "github.com/ginlog/ginlog/players" ||
			strings.HasPrefix(dep, "github.com/ginlog/ginlog/players/") {
			t.Errorf("the model tree depends on %s", dep)
		}
	}
}

// TestBuildsWithoutCgo builds the model, the rules engine, the baseline
// bots and the tuned players with cgo disabled: a bot needs no C
// toolchain to link them.
func TestBuildsWithoutCgo(t *testing.T) {
	goCmd := goTool(t)
	pkgs := []string{"./model", "./gin", "./gin/bots", "./players/tuned"} // non-main packages: nothing is written
	cmd := exec.Command(goCmd, append([]string{"build"}, pkgs...)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
}
