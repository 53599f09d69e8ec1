package testenv

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// GHC runs the Haskell compiler (Tool "ghc") with args, in dir unless dir
// is "", and returns what it printed and its error, as
// exec.Command(ghc, args...).CombinedOutput() would.
//
// Like go test's build cache, it keeps what a successful compilation
// made, under the user's cache folder: the executable of -o, or for a
// compilation that writes none (-no-link, -fno-code) the fact that it
// succeeded. The key is the compiler's version and every argument, with
// each source file and each -i folder replaced by the SHA-256 of the
// Haskell sources it holds (and those of the folder the compiler runs in),
// and the output paths (-o, -outputdir) left out: the same sources and
// flags give the executable back without compiling, in a fresh temporary
// folder as much as in the last one. A compilation that fails is never
// kept. Under CI, or with GINLOG_TEST_GHC_CACHE=off, every call compiles.
// Only Haskell sources are keyed (.hs, .lhs, .hs-boot, .hsc, links to them
// followed): a build that reads other files (CPP includes, C sources,
// Template Haskell's) must not go through GHC.
func GHC(t testing.TB, dir string, args ...string) ([]byte, error) {
	t.Helper()
	compiler := Tool(t, "ghc", "Debian package ghc")
	run := func() ([]byte, error) {
		cmd := exec.Command(compiler, args...)
		cmd.Dir = dir
		return cmd.CombinedOutput()
	}
	cache := ghcCacheDir()
	if cache == "" {
		return run()
	}
	key, exe, err := ghcKey(compiler, dir, args)
	if err != nil {
		return run()
	}
	entry := filepath.Join(cache, key)
	if ghcRestore(entry, exe) {
		return nil, nil
	}
	out, err := run()
	if err == nil {
		ghcStore(cache, entry, exe)
	}
	return out, err
}

// ghcCacheDir returns the cache's folder, or "" when compilations are not
// kept.
func ghcCacheDir() string {
	if os.Getenv("CI") != "" || os.Getenv("GINLOG_TEST_GHC_CACHE") == "off" {
		return ""
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	dir := filepath.Join(base, "ginlog", "test-ghc")
	if os.MkdirAll(dir, 0o755) != nil {
		return ""
	}
	return dir
}

// ghcVersion is the compiler's version, read once a process.
var ghcVersion = sync.OnceValues(func() (string, error) {
	path, err := exec.LookPath("ghc")
	if err != nil {
		return "", err
	}
	out, err := exec.Command(path, "--numeric-version").Output()
	return path + " " + strings.TrimSpace(string(out)), err
})

// ghcKey returns the cache key of a compilation and the executable it
// writes ("" for none).
func ghcKey(compiler, dir string, args []string) (key, exe string, err error) {
	version, err := ghcVersion()
	if err != nil {
		return "", "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", compiler, version)
	wd := dir
	if wd == "" {
		if wd, err = os.Getwd(); err != nil {
			return "", "", err
		}
	}
	if err := hashSources(h, wd, true); err != nil { // ".", GHC's own search path
		return "", "", err
	}
	// The folders of the source files named, each hashed once (the
	// working folder's sources are in already).
	hashed := map[string]bool{wd: true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "-o" || a == "-outputdir" || a == "-odir" || a == "-hidir") && i+1 < len(args):
			i++
			if a == "-o" {
				exe = absIn(wd, args[i])
			}
			fmt.Fprintf(h, "%s\x00", a)
		case strings.HasPrefix(a, "-i") && len(a) > 2:
			fmt.Fprintf(h, "-i\x00")
			err = hashSources(h, absIn(wd, a[2:]), true)
		case !strings.HasPrefix(a, "-"):
			path := absIn(wd, a)
			fmt.Fprintf(h, "file %s\x00", filepath.Base(path))
			err = hashFile(h, path)
			if folder := filepath.Dir(path); err == nil && !hashed[folder] {
				hashed[folder] = true
				err = hashSources(h, folder, false)
			}
		default:
			fmt.Fprintf(h, "%s\x00", a)
		}
		if err != nil {
			return "", "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), exe, nil
}

// hashSources adds the names and bytes of the Haskell sources in dir (and
// its subfolders when deep) to h, in name order.
func hashSources(h hash.Hash, dir string, deep bool) error {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	var names []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != dir && !deep:
			return filepath.SkipDir
		case (d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) && isHaskell(d.Name()):
			names = append(names, path)
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.Sort(names)
	for _, path := range names {
		rel, _ := filepath.Rel(dir, path)
		fmt.Fprintf(h, "source %s\x00", rel)
		if err := hashFile(h, path); err != nil {
			return err
		}
	}
	return nil
}

func isHaskell(name string) bool {
	for _, ext := range []string{".hs", ".lhs", ".hs-boot", ".hsc"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

func hashFile(h hash.Hash, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%d\x00", len(b))
	h.Write(b)
	return nil
}

func absIn(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// ghcRestore gives back a kept compilation: its executable copied to exe,
// or for one that writes none, the fact that it succeeded. It marks the
// entry used.
func ghcRestore(entry, exe string) bool {
	fi, err := os.Stat(entry)
	if err != nil {
		return false
	}
	if exe != "" {
		if fi.Size() == 0 || copyFile(entry, exe, 0o755) != nil {
			return false
		}
	}
	now := time.Now()
	os.Chtimes(entry, now, now)
	return true
}

// ghcKeep is how many compilations the cache keeps: the least recently
// used go first.
const ghcKeep = 64

// ghcStore keeps a successful compilation (its executable, or an empty
// file for none), written beside and renamed so that a reader never sees
// part of one, and trims the cache to ghcKeep entries.
func ghcStore(cache, entry, exe string) {
	tmp, err := os.CreateTemp(cache, ".tmp-*")
	if err != nil {
		return
	}
	tmp.Close()
	if exe != "" && copyFile(exe, tmp.Name(), 0o755) != nil {
		os.Remove(tmp.Name())
		return
	}
	if os.Rename(tmp.Name(), entry) != nil {
		os.Remove(tmp.Name())
		return
	}
	entries, err := os.ReadDir(cache)
	if err != nil || len(entries) <= ghcKeep {
		return
	}
	type used struct {
		name string
		at   time.Time
	}
	var all []used
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			all = append(all, used{e.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b used) int { return b.at.Compare(a.at) })
	for _, u := range all[min(ghcKeep, len(all)):] {
		os.Remove(filepath.Join(cache, u.name))
	}
}

// copyFile copies src to dst (made with mode perm, or truncated).
func copyFile(src, dst string, perm fs.FileMode) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.WriteFile(dst, b, perm); err != nil {
		return errors.Join(err, os.Remove(dst))
	}
	return os.Chmod(dst, perm)
}
