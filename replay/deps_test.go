package replay

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestPure: the replay imports no database/sql and no DuckDB; reading and
// writing games is replay/store's job.
func TestPure(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the go tool is missing under CI: %v", err)
		}
		t.Skipf("the go tool is missing (%v): the import check is skipped", err)
	}
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
