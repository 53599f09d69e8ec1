package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDatasetExitCodes: a --out or --data that is not a usable folder
// (a file, a device, a link, a broken manifest) is a usage error, exit 2,
// the same as a missing --data folder; a file the manifest lists that is
// missing is an error naming it, exit 1.
func TestDatasetExitCodes(t *testing.T) {
	env := sampleEnv(t)
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "ds")
	if r := runCmd(t, env, "export-data", "--out", dir); r.code != exitOK {
		t.Fatalf("export-data: exit %d: %s", r.code, r.err)
	}
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(tmp, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "_manifest.json"), []byte("{\n  \"format\": 1,,\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(tmp, "missing")
	if err := os.CopyFS(missing, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	parts, err := filepath.Glob(filepath.Join(missing, "games", "*", "*", "part-00001.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("games files %v, %v", parts, err)
	}
	if err := os.Remove(parts[0]); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"out a file", []string{"export-data", "--out", file}, exitUsage, "is a file, not a folder"},
		{"out a device", []string{"export-data", "--out", os.DevNull}, exitUsage, "is a character device, not a folder"},
		{"out a link", []string{"export-data", "--out", link}, exitUsage, "is a symbolic link, not a folder"},
		{"out a newline", []string{"export-data", "--out", filepath.Join(tmp, "nl\nDROP VIEW imports; --")}, exitUsage, "control character"},
		{"out a broken manifest", []string{"export-data", "--out", broken}, exitUsage, "_manifest.json:2:15:"},
		{"data a file", []string{"query", "summary", "--data", file}, exitUsage, "is a file, not a folder"},
		{"data missing", []string{"query", "summary", "--data", filepath.Join(tmp, "none")}, exitUsage, "not a ginlog dataset"},
		{"data a broken manifest", []string{"query", "summary", "--data", broken}, exitUsage, "_manifest.json:2:15:"},
		{"data a listed file missing", []string{"query", "summary", "--data", missing}, exitError, parts[0] + ", listed in _manifest.json, is missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code || !strings.Contains(r.err, tc.msg) {
				t.Fatalf("exit %d, want %d with %q: %s", r.code, tc.code, tc.msg, r.err)
			}
		})
	}
}
