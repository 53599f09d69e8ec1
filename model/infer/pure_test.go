package infer

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestPure checks that the package depends on gin and the standard
// library only, so that a player (and a bot linking no database) can use
// it, and imports no I/O package itself.
func TestPure(t *testing.T) {
	goTool := testenv.Tool(t, "go", "the Go distribution")
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{"github.com/ginlog/ginlog/gin": true, "github.com/ginlog/ginlog/model/infer": true}
	for _, dep := range strings.Fields(string(out)) {
		std := !strings.Contains(strings.SplitN(dep, "/", 2)[0], ".")
		if !std && !allowed[dep] {
			t.Errorf("depends on %s", dep)
		}
	}
	out, err = exec.Command(goTool, "list", "-f", "{{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, imp := range strings.Fields(string(out)) {
		switch imp {
		case "os", "os/exec", "database/sql", "net", "net/http", "syscall":
			t.Errorf("imports %s", imp)
		}
	}
}
