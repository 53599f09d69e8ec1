package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
)

func config(t *testing.T, a, b string) *Config {
	t.Helper()
	entrants, err := players.Bots(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return &Config{Work: t.TempDir(), Players: entrants}
}

func TestCorpusIsKeyedAndComplete(t *testing.T) {
	c := config(t, "meldable", "memory")
	ctx := context.Background()
	dir, err := c.Corpus(ctx, 6)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(c.Work, "corpus-meldable,memory-6"); dir != want {
		t.Errorf("corpus %s, want %s", dir, want)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.csv"))
	if err != nil || len(files) != 12 {
		t.Fatalf("%d files (%v), want 12", len(files), err)
	}
	// The same players and size reuse it; other players or sizes do not.
	if again, err := c.Corpus(ctx, 6); err != nil || again != dir {
		t.Errorf("second call: %s, %v", again, err)
	}
	other := config(t, "simple", "memory")
	other.Work = c.Work
	if d, err := other.Corpus(ctx, 6); err != nil || d == dir {
		t.Errorf("other players share the corpus: %s, %v", d, err)
	}
	// A cancelled simulation leaves nothing under the corpus's name.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Corpus(cancelled, 500); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.Work, "corpus-meldable,memory-500")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a cancelled corpus was left in place: %v", err)
	}
	if left, err := filepath.Glob(filepath.Join(c.Work, ".corpus-*")); err != nil || len(left) != 0 {
		t.Errorf("temporary corpora left behind: %v", left)
	}
}

func TestVerify(t *testing.T) {
	c := config(t, "meldable", "memory")
	s, err := c.Verify(context.Background(), 20)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 20 || s.RoundCount() == 0 || s.ViolationCount() != 0 || s.Rounds[replay.Impossible] != 0 {
		t.Errorf("summary %+v", s)
	}
}

func TestQueries(t *testing.T) {
	c := config(t, "meldable", "memory")
	ctx := context.Background()
	res, err := c.Queries(ctx, 20)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 20 || res.Plays == 0 || len(res.Queries) != len(queries.ForGame(queries.GameGin)) {
		t.Fatalf("result %+v", res)
	}
	for i, q := range queries.ForGame(queries.GameGin) {
		if got := res.Queries[i]; got.Name != q.Name || got.Rows == 0 {
			t.Errorf("query %d: %+v, want %s with rows", i, got, q.Name)
		}
	}
	// The verified database is kept for the next run, complete.
	if _, err := os.Stat(filepath.Join(c.Work, "verified-meldable,memory-20.duckdb")); err != nil {
		t.Error(err)
	}
	if again, err := c.Queries(ctx, 20); err != nil || again.Plays != res.Plays {
		t.Errorf("second run: %+v, %v", again, err)
	}
}

func TestIngest(t *testing.T) {
	c := config(t, "meldable", "memory")
	rows, err := c.Ingest(context.Background(), []int{10, 20}, One)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		if r.Games != []int{10, 20}[i] || r.Plays == 0 || r.ReadCSV.Rows != r.Ginlog.Rows || r.Ginlog.Rejected != 0 {
			t.Errorf("row %d: %+v, ginlog %+v, read_csv %+v", i, r, r.Ginlog, r.ReadCSV)
		}
	}
	if _, err := One(context.Background(), "sqlite", filepath.Join(t.TempDir(), "x.duckdb"), c.Work); !errors.Is(err, ErrUnknownEngine) {
		t.Errorf("unknown engine: %v", err)
	}
}

func TestPeakRSS(t *testing.T) {
	n, err := PeakRSS()
	if err != nil {
		t.Fatal(err)
	}
	if _, statErr := os.Stat("/proc/self/status"); statErr == nil && n <= 0 {
		t.Errorf("peak RSS %d KiB on a system that reports it", n)
	}
}

func TestExportMeasures(t *testing.T) {
	c := config(t, "simple", "memory")
	res, err := c.Export(context.Background(), 8)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 8 || res.Plays == 0 || res.Files != 8 || res.Bytes == 0 || res.ReferenceByte == 0 || res.Seconds <= 0 || res.Reference <= 0 {
		t.Errorf("export measured %+v", res)
	}
	if gin := queries.ForGame(queries.GameGin); len(res.Queries) != len(gin) {
		t.Fatalf("%d queries timed, want the %d Gin Rummy ones", len(res.Queries), len(gin))
	}
	for _, q := range res.Queries {
		if q.Rows == 0 || q.Database <= 0 || q.Dataset <= 0 {
			t.Errorf("query %+v", q)
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(c.Work, ".export-*")); len(leftovers) != 0 {
		t.Errorf("the export's folder is left behind: %v", leftovers)
	}
}

func TestScaleStepsMustIncrease(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []int
		want  bool
	}{
		{"none", nil, false},
		{"one", []int{100}, true},
		{"increasing", []int{100, 300, 1000}, true},
		{"zero games", []int{0, 100}, false},
		{"the same twice", []int{100, 100}, false},
		{"decreasing", []int{300, 100}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := increasing(tc.steps); got != tc.want {
				t.Errorf("increasing(%v) = %v, want %v", tc.steps, got, tc.want)
			}
			if !tc.want {
				c := &Config{Work: t.TempDir()}
				if _, err := c.Scale(context.Background(), tc.steps, nil); err == nil {
					t.Errorf("Scale(%v) accepted the steps", tc.steps)
				}
			}
		})
	}
}
