package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
)

func TestWatchRefuses(t *testing.T) {
	in := t.TempDir()
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"no folder", []string{"watch"}, env, "ginlog: watch needs at least one folder\n"},
		{"missing folder", []string{"watch", filepath.Join(in, "none")}, env, "ginlog: watch " + filepath.Join(in, "none") + ": not a folder: stat: no such file or directory\n"},
		{"move inside", []string{"watch", in, "--move-to", filepath.Join(in, "done")}, env,
			"ginlog: --move-to " + filepath.Join(in, "done") + ": the folder to move files to is inside a watched folder " + in + ": choose a folder outside it\n"},
		{"in memory", []string{"watch", in, "--db", ":memory:"}, env, "ginlog: watch needs a database file: one in memory would keep nothing\n"},
		{"no interval", []string{"watch", in, "--interval", "0s"}, env, "ginlog: --interval and --settle must be more than 0\n"},
		{"label not UTF-8", []string{"watch", in, "--opponent", "caf\xe9"}, env, "ginlog: --opponent: \"caf\\xe9\": not a usable tag: it is not valid UTF-8\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.env, tc.args...)
			if r.code != exitUsage || r.err != tc.want {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, exitUsage, tc.want)
			}
		})
	}
}

// lockedBuffer is a buffer written by the command while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var clockPrefix = regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d `)

// TestWatch runs ginlog watch until it is stopped: the games arriving are
// imported with the import's tags, moved, and the queries see them.
func TestWatch(t *testing.T) {
	in, done := t.TempDir(), filepath.Join(t.TempDir(), "done")
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	var out, errb lockedBuffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv: envOf(env), terminal: func(io.Writer) bool { return false }}
	ctx, cancel := context.WithCancel(context.Background())
	exited := make(chan int)
	go func() {
		exited <- a.execute(ctx, []string{"watch", in, "--move-to", done, "--opponent", "meldable", "--interval", "50ms", "--settle", "200ms"})
	}()
	// The files appear at once, as one folder renamed into place, so that
	// they settle at the same scan and make one import.
	staging := filepath.Join(t.TempDir(), "logs")
	testlogs.Copy(t, staging, testlogs.Meldable...)
	if err := os.Rename(staging, filepath.Join(in, "logs")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		if ls, _ := os.ReadDir(filepath.Join(done, "logs")); len(ls) == 2*len(testlogs.Meldable) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for the files to move; stderr:\n%s", errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if code := <-exited; code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	golden(t, "watch.txt", clockPrefix.ReplaceAllString(out.String(), "HH:MM:SS "))
	if !strings.HasPrefix(errb.String(), "watching "+in) || !strings.HasSuffix(errb.String(), "stopped watching\n") {
		t.Errorf("stderr:\n%s", errb.String())
	}
	if r := runCmd(t, env, "opponents"); r.code != exitOK || !strings.Contains(r.out, "\nmeldable\t8\t") {
		t.Errorf("opponents after the watch: exit %d:\n%s%s", r.code, r.out, r.err)
	}
}
