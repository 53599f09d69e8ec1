package replay

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestPure: the replay imports no database/sql and no DuckDB; reading and
// writing games is store's job.
func TestPure(t *testing.T) {
	goTool := testenv.Tool(t, "go", "the Go distribution")
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "database/sql" || strings.Contains(dep, "duckdb") {
			t.Errorf("replay depends on %s", dep)
		}
	}
}
