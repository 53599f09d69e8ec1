package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/sim"
)

// CommandResult is one ginlog command run in a process of its own: its
// time, its CPU time (user and system, every thread) and its peak resident
// memory.
type CommandResult struct {
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	PeakRSS    int64   `json:"peak_rss_kib"`
	Output     []byte  `json:"-"` // what it wrote to its standard output
}

// CommandRunner runs the ginlog command line args (without the program
// name) and measures it.
type CommandRunner func(ctx context.Context, args []string) (*CommandResult, error)

// ScaleCommand is a command of a step of the scale measurement: what it
// ran, over how many games (those it read or wrote), and how it went.
type ScaleCommand struct {
	Name  string   `json:"command"`
	Args  []string `json:"args"`
	Games int      `json:"games"`
	CommandResult
}

// GamesPerS is the command's games per second.
func (c *ScaleCommand) GamesPerS() float64 { return float64(c.Games) / max(c.Seconds, 1e-9) }

// ScaleStep is the database grown to Games games: the commands run on it.
type ScaleStep struct {
	Games    int            `json:"games"`
	Added    int            `json:"added"`
	Commands []ScaleCommand `json:"commands"`
	// Scan is the time of the step's reference, ScanCommand: a plain full
	// scan of play_features, the floor any statement over the plays pays.
	Scan float64 `json:"scan_seconds"`
}

// ScanCommand names the reference command of each step.
const ScanCommand = "scan (reference)"

// XScan is a command's time as a multiple of its step's reference.
func (s *ScaleStep) XScan(c *ScaleCommand) float64 { return c.Seconds / max(s.Scan, 1e-9) }

// Scale grows one database step by step to each size of steps (in
// increasing order) and, at each step, runs ginlog on it as a user does,
// each command in a process of its own: ingest (import and verify) of the
// games the step adds (written by WriteSuited into a folder of their own,
// removed once imported), every named Gin query over every game, report
// and fit, and the reference of the step, ScanCommand, a full scan of
// play_features through ginlog sql. It checks that every game added is
// loaded and verified without a violation.
func (c *Config) Scale(ctx context.Context, steps []int, run CommandRunner) ([]ScaleStep, error) {
	if !increasing(steps) {
		return nil, fmt.Errorf("bench scale: the steps %v are not increasing numbers of games", steps)
	}
	db := filepath.Join(c.Work, "scale-"+c.key(steps[len(steps)-1])+".duckdb")
	if err := removeDB(db); err != nil {
		return nil, fmt.Errorf("bench scale: %w", err)
	}
	out := filepath.Join(c.Work, "scale-out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("bench scale: %w", err)
	}
	var res []ScaleStep
	prev := 0
	for _, n := range steps {
		step, err := c.scaleStep(ctx, db, out, prev, n, run)
		if err != nil {
			return res, err
		}
		res = append(res, *step)
		prev = n
	}
	return res, nil
}

// scaleStep adds the games prev to n to the database and runs the
// commands.
func (c *Config) scaleStep(ctx context.Context, db, out string, prev, n int, run CommandRunner) (*ScaleStep, error) {
	added := n - prev
	dir, err := os.MkdirTemp(c.Work, ".scale-step-*")
	if err != nil {
		return nil, fmt.Errorf("bench scale: %w", err)
	}
	defer os.RemoveAll(dir)
	c.logf("simulating games %d to %d into %s\n", prev+1, n, dir)
	if err := c.WriteSuited(ctx, dir, prev, added); err != nil {
		return nil, fmt.Errorf("bench scale: games %d to %d: %w", prev+1, n, err)
	}
	step := &ScaleStep{Games: n, Added: added}
	cmds := []ScaleCommand{
		{Name: "ingest", Games: added, Args: []string{"ingest", "--format", "json", dir}},
		{Name: ScanCommand, Games: n, Args: []string{"sql", sqltext.Statements(fullScanSQL)[0]}},
	}
	for _, q := range queries.ForGame(queries.GameGin) {
		cmds = append(cmds, ScaleCommand{Name: "query " + q.Name, Games: n, Args: []string{"query", q.Name}})
	}
	cmds = append(cmds,
		ScaleCommand{Name: "report", Games: n, Args: []string{"report", "--out", filepath.Join(out, "report.html")}},
		ScaleCommand{Name: "fit", Games: n, Args: []string{"fit", "--out", filepath.Join(out, "weights.json")}},
	)
	for _, cmd := range cmds {
		r, err := run(ctx, append([]string{"--db", db}, cmd.Args...))
		if err != nil {
			return nil, fmt.Errorf("bench scale: %d games: ginlog %s: %w", n, cmd.Name, err)
		}
		cmd.CommandResult = *r
		if cmd.Name == ScanCommand {
			step.Scan = r.Seconds
		}
		ratio := "" // the reference runs after ingest
		if step.Scan > 0 {
			ratio = fmt.Sprintf(", %.1f x scan", step.XScan(&cmd))
		}
		c.logf("%d games: ginlog %s: %.2f s (%.2f CPU s), %.0f games/s%s, peak %.0f MiB\n",
			n, cmd.Name, r.Seconds, r.CPUSeconds, cmd.GamesPerS(), ratio, float64(r.PeakRSS)/1024)
		step.Commands = append(step.Commands, cmd)
		if err := checkStep(cmd.Name, r.Output, added); err != nil {
			return nil, fmt.Errorf("bench scale: %d games: ginlog %s: %w", n, cmd.Name, err)
		}
		if cmd.Name == "ingest" {
			// The logs are in the database now: free their disk at once.
			if err := os.RemoveAll(dir); err != nil {
				return nil, fmt.Errorf("bench scale: remove the step's logs: %w", err)
			}
		}
	}
	return step, nil
}

// increasing reports whether steps is a non-empty, strictly increasing
// list of positive numbers.
func increasing(steps []int) bool {
	prev := 0
	for _, n := range steps {
		if n <= prev {
			return false
		}
		prev = n
	}
	return len(steps) > 0
}

// ExecRunner returns a CommandRunner that runs the ginlog program at path,
// its standard error kept to explain a failure.
func ExecRunner(path string) CommandRunner {
	return func(ctx context.Context, args []string) (*CommandResult, error) {
		var stdout, stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, path, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		secs := time.Since(start).Seconds()
		if err != nil {
			return nil, fmt.Errorf("%w: %s", err, bytes.TrimSpace(stderr.Bytes()))
		}
		ps := cmd.ProcessState
		return &CommandResult{Seconds: secs, CPUSeconds: (ps.UserTime() + ps.SystemTime()).Seconds(), PeakRSS: childPeakRSS(ps), Output: stdout.Bytes()}, nil
	}
}

// suitOrders are the 24 orders of the suits: the letters a game's cards
// take in each of its suited copies, the first the game as played.
var suitOrders = func() [][4]byte {
	var out [][4]byte
	var perm func(prefix []byte, rest string)
	perm = func(prefix []byte, rest string) {
		if rest == "" {
			out = append(out, [4]byte(prefix))
			return
		}
		for i := range len(rest) {
			perm(append(slices.Clone(prefix), rest[i]), rest[:i]+rest[i+1:])
		}
	}
	perm(nil, "CDHS")
	return out
}()

// WriteSuited writes the logs of n games, numbered from first, into dir:
// simulated games (a 24th of n, seeded by first) each written once in
// every order of the suits. Renaming the suits of a legal game gives a
// legal game with the same scores and another content hash, at the cost
// of writing files instead of playing, which the players' search makes
// the slowest part of a simulation. Only the turns file names cards; the
// letters C, D, H and S appear there in cards alone. Game i is named
// after the timestamp 1600000000+first+i and the simulation is seeded by
// first, so that games numbered apart are other games: the scale
// measurement numbers its steps' games from 0.
func (c *Config) WriteSuited(ctx context.Context, dir string, first, n int) error {
	played := (n + len(suitOrders) - 1) / len(suitOrders)
	cfg := sim.Config{Players: c.Players, Games: played, Seed: corpusSeed + uint64(first), Start: corpusStart}
	return sim.Run(ctx, cfg, func(g *sim.Game) error {
		if g.Forfeit != nil {
			return fmt.Errorf("game %d of the simulation was forfeited: %v", g.Index, g.Forfeit)
		}
		turns := ginlogs.AppendTurns(nil, &g.Record)
		scores := ginlogs.AppendScores(nil, &g.Record)
		suited := make([]byte, len(turns))
		for v, order := range suitOrders {
			i := g.Index*len(suitOrders) + v
			if i >= n {
				break
			}
			for j, b := range turns {
				if k := strings.IndexByte("CDHS", b); k >= 0 {
					b = order[k]
				}
				suited[j] = b
			}
			name := filepath.Join(dir, strconv.FormatInt(corpusStart+int64(first+i), 10))
			if err := safefile.WriteNew(name+".csv", suited, 0o644); err != nil {
				return err
			}
			if err := safefile.WriteNew(name+"-score.csv", scores, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkStep checks what ingest says of a step that added n games: every
// game loaded as new and verified without a violation. The scale
// measurement stands only on a database of sound games.
func checkStep(command string, out []byte, n int) error {
	if command != "ingest" {
		return nil
	}
	var s struct {
		New      int `json:"games_new"`
		Rejected int `json:"games_rejected"`
		Verify   struct {
			Games      int `json:"games"`
			Violations int `json:"games_with_violations"`
		} `json:"verify"`
	}
	if err := json.Unmarshal(out, &s); err != nil {
		return fmt.Errorf("read its summary: %w", err)
	}
	if s.New != n || s.Rejected != 0 {
		return fmt.Errorf("%d games new and %d rejected, want %d new", s.New, s.Rejected, n)
	}
	if s.Verify.Games != n || s.Verify.Violations != 0 {
		return fmt.Errorf("%d games verified, %d with violations; want %d without", s.Verify.Games, s.Verify.Violations, n)
	}
	return nil
}
