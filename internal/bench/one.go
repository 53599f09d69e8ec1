package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/schema"
)

// OneResult is one engine's run on one corpus.
type OneResult struct {
	Seconds  float64 `json:"seconds"`
	Rows     int64   `json:"rows"`         // the plays read
	PeakRSS  int64   `json:"peak_rss_kib"` // the process's peak resident memory after the run
	Rejected int     `json:"rejected"`     // games rejected (ginlog only)
	Hands    int64   `json:"hands"`        // the Hearts hands loaded (ginlog on a Hearts corpus only)
	CPU      float64 `json:"cpu_seconds"`  // the process's CPU time, user and system, after the run (Hearts only)
}

// ErrUnknownEngine reports an engine that is not one of Engines.
var ErrUnknownEngine = errors.New("unknown engine")

// openEngine creates the database at dbPath that engine loads into:
// ginlog's, with its own settings, or the read_csv reference's (see
// openReference).
func openEngine(ctx context.Context, engine, dbPath string) (*schema.DB, error) {
	switch engine {
	case EngineGinlog:
		return schema.Open(ctx, dbPath)
	case EngineReadCSV:
		return openReference(ctx, dbPath)
	}
	return nil, fmt.Errorf("%w %q: want %s or %s", ErrUnknownEngine, engine, EngineReadCSV, EngineGinlog)
}

// One runs engine on corpus into a new database at dbPath, in this
// process, and measures it.
func One(ctx context.Context, engine, dbPath, corpus string) (res *OneResult, err error) {
	db, err := openEngine(ctx, engine, dbPath)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			res, err = nil, cerr
		}
	}()
	res = &OneResult{}
	start := time.Now()
	switch engine {
	case EngineReadCSV:
		if res.Rows, _, err = ReadCSVReference(ctx, db.DB, corpus); err != nil {
			return nil, err
		}
	case EngineGinlog:
		s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
		if err != nil {
			return nil, err
		}
		res.Rows, res.Rejected = int64(s.Plays), s.Rejected
	}
	res.Seconds = time.Since(start).Seconds()
	if res.PeakRSS, err = PeakRSS(); err != nil {
		return nil, err
	}
	return res, nil
}

// PeakRSS returns the process's peak resident memory in KiB, as Linux
// reports it in /proc/self/status (VmHWM); 0 where there is no such file.
func PeakRSS() (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("peak memory: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("peak memory: VmHWM %q: %w", strings.TrimSpace(v), err)
			}
			return n, nil
		}
	}
	return 0, fmt.Errorf("peak memory: no VmHWM line in /proc/self/status")
}
