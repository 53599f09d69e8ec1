package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/external"
	"github.com/ginlog/ginlog/sim"
	"github.com/spf13/pflag"
)

const execHelp = `exec:CMD plays a program of yours that speaks ginlog's line protocol
(docs/protocol.md), for example a FIT2102 Player.hs built with the main
module of ginlog bridge haskell. CMD is split on spaces: exec:./mybot or
exec:"./mybot --fast". Its decisions are held to the server's rules: a
reply within --timeout, a memory of at most 10,000 characters, legal
moves; a violation forfeits the game (see the codes below). After the
summary a line per exec: player tells how close it ran to those limits:
its decisions answered, their 50th, 90th and 99th percentile and longest
time, and its longest memory (in the JSON: "exec", with times by kind).
`

// addExecFlags adds --timeout and --stderr-dir, the options of the exec:
// players ps starts.
func addExecFlags(f *pflag.FlagSet, ps *players.Resolver) {
	f.DurationVar(&ps.Timeout, "timeout", external.DefaultTimeout, "time limit on one decision of an exec: player")
	f.StringVar(&ps.StderrDir, "stderr-dir", "", "keep what exec: players write on stderr in DIR/<timestamp>-<seat>.stderr, one file per game, cut after its first MiB")
}

// parsePlayers reads a --players flag (list): two player names separated
// by a comma, the logged one first, resolved by ps (nil: no exec: players).
func parsePlayers(list string, ps *players.Resolver) ([2]sim.Entrant, error) {
	if err := checkExecFlags(ps); err != nil {
		return [2]sim.Entrant{}, usagef("--players: %v", err)
	}
	p, err := ps.Parse(list)
	if err != nil {
		return p, usagef("--players: %v", err)
	}
	return p, nil
}

// entrant resolves one player name with ps.
func entrant(name string, ps *players.Resolver) (sim.Entrant, error) {
	if err := checkExecFlags(ps); err != nil {
		return sim.Entrant{}, err
	}
	return ps.Entrant(name)
}

// checkExecFlags checks the flags of exec: players.
func checkExecFlags(ps *players.Resolver) error {
	if ps != nil && ps.Timeout <= 0 {
		return fmt.Errorf("--timeout: want a positive duration, got %v", ps.Timeout)
	}
	return nil
}

// makeStderrDir creates the --stderr-dir folder if it is missing: a file,
// or a link to one, there is a usage error.
func makeStderrDir(ps *players.Resolver) error {
	if ps.StderrDir == "" {
		return nil
	}
	if err := safefile.MakeDir(ps.StderrDir); err != nil {
		return outError("--stderr-dir", err)
	}
	return nil
}

// matchError makes a refusal to write a match's files, where a link, pipe
// or folder is in the way, a usage error of the flag that named their
// folder: --stderr-dir for a bot's stderr, --out for the logs.
func matchError(err error) error {
	if errors.Is(err, external.ErrStderr) {
		return outError("--stderr-dir", err)
	}
	return outError("--out", err)
}

// forfeitCodesHelp lists the codes a forfeit can have.
func forfeitCodesHelp() string {
	var b strings.Builder
	for _, c := range players.ForfeitCodes() {
		fmt.Fprintf(&b, "  %-17s %s\n", c[0], c[1])
	}
	return strings.TrimRight(b.String(), "\n")
}

// forfeitLog collects the forfeits of a match, Gin Rummy's or Hearts', a
// line each, to print them in game order.
type forfeitLog struct {
	lines []forfeitLine
}

// forfeitLine is one forfeit: its game's index and the line that names it.
type forfeitLine struct {
	game int
	text string
}

// addGin adds the forfeit of a Gin Rummy game, if it has one, located as
// verify locates a violation: game (with its timestamp), round, ply, the
// offender's seat and name, code and message.
func (l *forfeitLog) addGin(g *sim.Game, players [2]sim.Entrant) {
	if f := g.Forfeit; f != nil {
		l.lines = append(l.lines, forfeitLine{g.Index, fmt.Sprintf("game %d (%d) round %d ply %d: %s (%s) forfeits: %s: %s",
			g.Index, g.Timestamp, f.Round, f.Ply, string(rune('A'+f.Seat)), players[f.Seat].Name, f.Code, f.Msg)})
	}
}

// addHearts adds the forfeit of a Hearts game, if it has one: game (with
// its stamp), hand, trick, the offender's seat and name, code and message.
func (l *forfeitLog) addHearts(g *sim.HeartsGame, players []sim.HeartsEntrant) {
	if f := g.Forfeit; f != nil {
		l.lines = append(l.lines, forfeitLine{g.Index, fmt.Sprintf("game %d (%d) hand %d trick %d: %s (%s) forfeits: %s: %s",
			g.Index, g.Stamp, f.Hand, f.Trick, string(rune('A'+f.Seat)), players[f.Seat].Name, f.Code, f.Msg)})
	}
}

// maxForfeitLines bounds the forfeits printed one by one.
const maxForfeitLines = 20

// write prints the forfeits in game order, at most maxForfeitLines of
// them and then how many more there were.
func (l *forfeitLog) write(w io.Writer) {
	slices.SortFunc(l.lines, func(a, b forfeitLine) int { return cmp.Compare(a.game, b.game) })
	for i, f := range l.lines {
		if i == maxForfeitLines {
			fmt.Fprintf(w, "... and %d more forfeits\n", len(l.lines)-i)
			break
		}
		fmt.Fprintln(w, f.text)
	}
}

// execReport is how close an exec: player ran to the server's limits:
// its decision times and longest memory, in the JSON form.
type execReport struct {
	Player      string           `json:"player"`
	Seat        string           `json:"seat,omitempty"`
	Decisions   int              `json:"decisions"`
	P50         float64          `json:"p50_seconds"`
	P90         float64          `json:"p90_seconds"`
	P99         float64          `json:"p99_seconds"`
	Max         float64          `json:"max_seconds"`
	Limit       float64          `json:"limit_seconds"`
	Kinds       []execReportKind `json:"kinds"`
	Memories    int              `json:"memories"`
	MaxMemory   int              `json:"max_memory_chars"`
	MemoryLimit int              `json:"memory_limit_chars"`
	limit       time.Duration
	times       external.Times
}

// execReportKind is the times of one kind of decision: pick, play, melds.
type execReportKind struct {
	Kind      string  `json:"kind"`
	Decisions int     `json:"decisions"`
	P50       float64 `json:"p50_seconds"`
	P90       float64 `json:"p90_seconds"`
	P99       float64 `json:"p99_seconds"`
	Max       float64 `json:"max_seconds"`
}

// execReports pairs the stats of the exec: players a Resolver returns
// with the seats of their names: names are the players' names in the
// order they were resolved (exec: or not), seats their seats ("" for
// none).
func execReports(stats []players.ExecStats, names, seats []string) []execReport {
	var out []execReport
	for i, name := range names {
		if !strings.HasPrefix(name, "exec:") || len(stats) == 0 {
			continue
		}
		s := stats[0]
		stats = stats[1:]
		r := execReport{Player: s.Name, Seat: seats[i], Decisions: s.All.Count,
			P50: s.All.P50.Seconds(), P90: s.All.P90.Seconds(), P99: s.All.P99.Seconds(), Max: s.All.Max.Seconds(),
			Limit: s.Limit.Seconds(), Memories: s.Memories, MaxMemory: s.MaxMemory, MemoryLimit: external.MaxMemory,
			limit: s.Limit, times: s.All}
		for k, t := range s.Kinds {
			r.Kinds = append(r.Kinds, execReportKind{Kind: external.Kinds[k], Decisions: t.Count,
				P50: t.P50.Seconds(), P90: t.P90.Seconds(), P99: t.P99.Seconds(), Max: t.Max.Seconds()})
		}
		out = append(out, r)
	}
	return out
}

// execLabels returns the label of each report in the line of
// writeExecLine: the player's name, followed by its role in parentheses
// (roles[i], "seat A") when the name is given more than once.
func execLabels(rs []execReport, roles []string) []string {
	count := map[string]int{}
	for _, r := range rs {
		count[r.Player]++
	}
	labels := make([]string, len(rs))
	for i, r := range rs {
		labels[i] = r.Player
		if count[r.Player] > 1 {
			labels[i] += " (" + roles[i] + ")"
		}
	}
	return labels
}

// writeExecLine prints how close an exec: player ran to the limits, as
// one line: exec:./mybot: 24,310 decisions, p50 12 ms, p90 40 ms, p99
// 180 ms, max 420 ms (limit 1 s); memory up to 650 characters (limit
// 10,000).
func writeExecLine(w io.Writer, label string, r *execReport) {
	limits := fmt.Sprintf("(limit %s)", decisionTime(r.limit))
	times := "no decision answered " + limits
	if t := r.times; t.Count > 0 {
		times = fmt.Sprintf("%s %s, p50 %s, p90 %s, p99 %s, max %s %s", thousands(t.Count), noun(t.Count, "decision"),
			decisionTime(t.P50), decisionTime(t.P90), decisionTime(t.P99), decisionTime(t.Max), limits)
	}
	memory := "no memory returned"
	if r.Memories > 0 {
		memory = fmt.Sprintf("memory up to %s %s", thousands(r.MaxMemory), noun(r.MaxMemory, "character"))
	}
	fmt.Fprintf(w, "%s: %s; %s (limit %s)\n", label, times, memory, thousands(external.MaxMemory))
}

// decisionTime prints a decision's time to two or three significant
// digits: 45 µs, 2.4 ms, 420 ms, 1 s, 1.5 s.
func decisionTime(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
	}
	return fmt.Sprintf("%.3g s", d.Seconds())
}

// noun returns the singular for a count of 1, else the plural with s.
func noun(n int, singular string) string {
	if n == 1 {
		return singular
	}
	return singular + "s"
}

// thousands prints n with a comma every three digits: 24,310.
func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r != '-' && s[i-1] != '-' && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
