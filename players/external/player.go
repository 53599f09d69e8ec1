package external

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/safefile"
)

// Defaults of Options.
const (
	DefaultTimeout = time.Second      // the server's limit on one decision
	DefaultStartup = 10 * time.Second // for the hello exchange of a new process
	closeGrace     = time.Second      // for a bot to exit once its input is closed
)

// The violation codes of an external player, besides the rules engine's.
// Stable: users grep for them.
const (
	CodeTimeout   = "timeout"         // no reply within the time limit
	CodeMemory    = "memory-too-long" // a memory over MaxMemory characters
	CodeCrash     = "crash"           // the bot exited or closed its output
	CodeMalformed = "malformed"       // a reply that does not follow the protocol
	CodeBadMelds  = "bad-melds"       // declared groups that do not cover the hand exactly
)

// Codes lists the codes with what they mean.
var Codes = [][2]string{
	{CodeTimeout, "no reply within the time limit (--timeout, 1 s by default)"},
	{CodeMemory, "a memory over 10,000 characters"},
	{CodeCrash, "the bot exited, or closed its output, during a game"},
	{CodeMalformed, "a reply that does not follow the protocol"},
	{CodeBadMelds, "a melds reply that does not cover the hand exactly"},
}

// Violation is a broken rule of the protocol or the server: the game is
// forfeited by the bot that broke it.
type Violation struct {
	Kind string // one of the Code constants
	Msg  string
}

func (v *Violation) Error() string { return v.Kind + ": " + v.Msg }

// Code returns the violation's code.
func (v *Violation) Code() string { return v.Kind }

// Options configure external players.
type Options struct {
	Command   []string      // the program and its arguments
	Timeout   time.Duration // the limit on one decision; 0 means DefaultTimeout
	Startup   time.Duration // the limit on the hello exchange; 0 means DefaultStartup
	StderrDir string        // when set, a game's stderr goes to StderrDir/<timestamp>-<seat>.stderr, cut after MaxStderr bytes
	Hello     string        // the hello line, which names the game: "" means Hello (Gin Rummy), HeartsHello for Hearts
}

// Pool runs the processes of one player for a match: a game takes an idle
// process or starts one, and gives it back when it ends cleanly. A process
// that broke a rule, hung or died is killed, and the next game starts a new
// one. With several games at once there is one process per game in play.
type Pool struct {
	opts    Options
	mu      sync.Mutex
	idle    []*process
	live    map[*process]bool // every process not stopped yet
	closed  bool
	started int // processes started, for tests
	rec     recorder
}

// NewPool checks that the command can be found and returns its pool. No
// process starts before the first game.
func NewPool(opts Options) (*Pool, error) {
	if len(opts.Command) == 0 || opts.Command[0] == "" {
		return nil, errors.New("exec: no command")
	}
	if _, err := exec.LookPath(opts.Command[0]); err != nil {
		return nil, err
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Startup <= 0 {
		opts.Startup = DefaultStartup
	}
	if opts.Hello == "" {
		opts.Hello = Hello
	}
	return &Pool{opts: opts, live: map[*process]bool{}}, nil
}

// Close stops the idle processes. Games still in play keep theirs until
// they end; their processes are then stopped too.
func (pl *Pool) Close() {
	pl.mu.Lock()
	idle := pl.idle
	pl.idle, pl.closed = nil, true
	for _, p := range idle {
		delete(pl.live, p)
	}
	pl.mu.Unlock()
	for _, p := range idle {
		p.close(closeGrace)
	}
}

// Kill stops every process of the pool at once, those of games in play
// included (their games end with a crash): for a run that was cancelled.
func (pl *Pool) Kill() {
	pl.mu.Lock()
	live := pl.live
	pl.live, pl.idle, pl.closed = map[*process]bool{}, nil, true
	pl.mu.Unlock()
	for p := range live {
		p.kill()
	}
}

// Stats returns the times of the decisions the pool's processes answered
// so far and the longest memory they returned. It may be called while
// games are in play.
func (pl *Pool) Stats() Stats {
	s := pl.rec.stats()
	s.Limit = pl.opts.Timeout
	return s
}

// forget drops a stopped process from the pool's count.
func (pl *Pool) forget(p *process) {
	pl.mu.Lock()
	delete(pl.live, p)
	pl.mu.Unlock()
}

// get returns an idle process or starts one and exchanges the hello lines.
func (pl *Pool) get() (*process, error) {
	pl.mu.Lock()
	if pl.closed {
		pl.mu.Unlock()
		return nil, errors.New("exec: the match is over")
	}
	if n := len(pl.idle); n > 0 {
		p := pl.idle[n-1]
		pl.idle = pl.idle[:n-1]
		pl.mu.Unlock()
		return p, nil
	}
	pl.started++
	pl.mu.Unlock()
	p, err := start(pl.opts.Command)
	if err != nil {
		return nil, err
	}
	pl.mu.Lock()
	if pl.closed {
		pl.mu.Unlock()
		p.kill()
		return nil, errors.New("exec: the match is over")
	}
	pl.live[p] = true
	pl.mu.Unlock()
	hello := pl.opts.Hello
	line, _, err := p.call([]byte(hello), pl.opts.Startup)
	switch {
	case err != nil:
		pl.forget(p)
		return nil, fmt.Errorf("%s did not answer the hello line: %w", pl.opts.Command[0], err)
	case line != hello:
		p.kill()
		pl.forget(p)
		return nil, fmt.Errorf("%s answered %q to the hello line, want %q", pl.opts.Command[0], clip(line), hello)
	}
	return p, nil
}

// put gives a healthy process back.
func (pl *Pool) put(p *process) {
	pl.mu.Lock()
	if !pl.closed {
		pl.idle = append(pl.idle, p)
		pl.mu.Unlock()
		return
	}
	delete(pl.live, p)
	pl.mu.Unlock()
	p.close(closeGrace)
}

// Player returns a Gin Rummy player for one game. Its StartGame must be
// called before the game and its EndGame after it.
func (pl *Pool) Player() *Player { return &Player{botSeat{pool: pl}} }

// Player is one game's seat of Gin Rummy played by an external bot. It
// holds the bot's memory for the game, as the server did, and passes it
// in each call. After a violation every decision is illegal on purpose, so
// that the rules engine stops the game; Fault says what happened.
type Player struct{ botSeat }

// botSeat is what a game's seat played by an external bot holds, whatever
// the game: the process, the memory, the fault that ended the game, the
// file of its stderr. Player (Gin Rummy) and HeartsPlayer embed it.
type botSeat struct {
	pool   *Pool
	proc   *process
	mem    Memory
	fault  *Violation
	stderr *lazyFile
}

// StartGame takes a process for the game with this index and timestamp,
// in which the player sits at seat (0 or 1; 0 to 3 in Hearts, the stderr
// file's letter A to D). An error means the bot cannot be run at all.
func (p *botSeat) StartGame(index int, timestamp int64, seat int) error {
	proc, err := p.pool.get()
	if err != nil {
		return err
	}
	p.proc, p.mem, p.fault = proc, Memory{}, nil
	if dir := p.pool.opts.StderrDir; dir != "" {
		path := filepath.Join(dir, strconv.FormatInt(timestamp, 10)+"-"+string(rune('A'+seat))+".stderr")
		// What is in the way is refused now, whether or not the bot
		// writes on stderr before the game ends: its bytes reach the file
		// on their own time.
		p.stderr = &lazyFile{path: path, err: safefile.Check(path)}
		proc.setSink(p.stderr)
	} else {
		proc.setSink(nil)
	}
	return nil
}

// EndGame gives the process back for the next game, or stops it if the
// game ended on a violation. It reports a failure to keep the bot's
// stderr.
func (p *botSeat) EndGame() error {
	if p.proc != nil {
		if p.fault != nil {
			p.proc.kill()
			p.pool.forget(p.proc)
		} else {
			p.proc.setSink(nil)
			p.pool.put(p.proc)
		}
		p.proc = nil
	}
	if p.stderr != nil {
		return p.stderr.Close()
	}
	return nil
}

// Fault returns the violation that ended the game, or nil.
func (p *botSeat) Fault() error {
	if p.fault == nil {
		return nil
	}
	return p.fault
}

// Memory returns the memory the bot returned last.
func (p *botSeat) Memory() Memory { return p.mem }

func (p *botSeat) fail(code, format string, args ...any) {
	p.fault = &Violation{Kind: code, Msg: fmt.Sprintf(format, args...)}
	if p.proc != nil {
		p.proc.kill()
	}
}

// ask sends a request and returns the reply line, or records the fault.
func (p *Player) ask(r *Request) (string, bool) {
	if p.fault != nil {
		return "", false
	}
	return p.call(r.Kind, AppendRequest(make([]byte, 0, 128+len(r.Memory.Text)), r))
}

// call sends the request line req of a kind of Kinds and returns the
// reply line, or records the fault.
func (p *botSeat) call(kind string, req []byte) (string, bool) {
	if p.proc == nil {
		p.fail(CodeCrash, "no process: StartGame was not called")
		return "", false
	}
	line, took, err := p.proc.call(req, p.pool.opts.Timeout)
	if err == nil {
		p.pool.rec.decision(kind, took)
	}
	var ce *callError
	if errors.As(err, &ce) {
		code := map[int]string{failTimeout: CodeTimeout, failCrash: CodeCrash, failMalformed: CodeMalformed}[ce.kind]
		p.fail(code, "%s: %s", kind, strings.TrimPrefix(ce.msg, malformedPrefix))
		return "", false
	}
	return line, true
}

// remember records a returned memory's length, and keeps the memory if
// it fits.
func (p *botSeat) remember(kind string, m Memory) bool {
	n := m.Chars()
	p.pool.rec.memory(n)
	if n > MaxMemory {
		p.fail(CodeMemory, "%s returned a memory of %d characters, over %d", kind, n, MaxMemory)
		return false
	}
	p.mem = m
	return true
}

// Draw asks the bot's pick.
func (p *Player) Draw(v *gin.View) gin.Pile {
	line, ok := p.ask(&Request{Kind: "pick", Card: v.Top, Scores: v.Scores, Memory: p.mem, OppDraw: v.OppLastDraw, Hand: v.Hand})
	if !ok {
		return gin.NoPile
	}
	pile, m, err := ParsePick(line)
	if err != nil {
		p.fail(CodeMalformed, "%s", strings.TrimPrefix(err.Error(), malformedPrefix))
		return gin.NoPile
	}
	if !p.remember("pick", m) {
		return gin.NoPile
	}
	return pile
}

// Discard asks the bot's play.
func (p *Player) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	line, ok := p.ask(&Request{Kind: "play", Card: drawn, Scores: v.Scores, Memory: p.mem, Hand: v.Hand})
	if !ok {
		return drawn, gin.Drop
	}
	c, call, m, err := ParsePlay(line)
	if err != nil {
		p.fail(CodeMalformed, "%s", strings.TrimPrefix(err.Error(), malformedPrefix))
		return drawn, gin.Drop
	}
	if !p.remember("play", m) {
		return drawn, gin.Drop
	}
	return c, call
}

// malformedPrefix starts the text of every decoding error; the violation's
// code says it already.
var malformedPrefix = ErrMalformed.Error() + ": "

// notAMeld is what Declare returns after a fault: the engine rejects it.
var notAMeld = []gin.Meld{0}

// Declare asks the bot's melds.
func (p *Player) Declare(v *gin.View) []gin.Meld {
	line, ok := p.ask(&Request{Kind: "melds", Scores: v.Scores, Memory: p.mem, Hand: v.Hand})
	if !ok {
		return notAMeld
	}
	melds, err := ParseMelds(line, v.Hand)
	var de *DeclarationError
	switch {
	case errors.As(err, &de):
		p.fail(CodeBadMelds, "%v", err)
		return notAMeld
	case err != nil:
		p.fail(CodeMalformed, "%s", strings.TrimPrefix(err.Error(), malformedPrefix))
		return notAMeld
	}
	return melds
}

// MaxStderr is how much of a bot's stderr a game's file keeps: the first
// MaxStderr bytes, then a line saying how much more was cut.
const MaxStderr = 1 << 20

// ErrStderr wraps a failure to keep a bot's stderr in its file: a link,
// pipe, device or folder where the file goes (safefile.ErrNotRegular), a
// full disk.
var ErrStderr = errors.New("keep the bot's stderr")

// lazyFile creates its file on the first write, so that a bot that writes
// nothing on stderr leaves no file, and keeps the first MaxStderr bytes.
// The file is made by safefile.Create: a regular file of that name is
// replaced, anything else is refused and never written through.
type lazyFile struct {
	path    string
	f       *os.File
	err     error
	written int64 // bytes kept
	cut     int64 // bytes not kept
}

func (l *lazyFile) Write(b []byte) (int, error) {
	if l.f == nil && l.err == nil {
		l.f, l.err = safefile.Create(l.path, 0o644)
	}
	if l.err != nil {
		return 0, l.err
	}
	keep := b[:min(int64(len(b)), max(0, MaxStderr-l.written))]
	l.cut += int64(len(b) - len(keep))
	n, err := l.f.Write(keep)
	l.written += int64(n)
	if err != nil {
		if l.err == nil {
			l.err = err
		}
		return n, err
	}
	return len(b), nil
}

// Close writes the line saying what was cut, if anything was, closes the
// file and returns the first error of the game.
func (l *lazyFile) Close() error {
	if l.f != nil {
		if l.cut > 0 && l.err == nil {
			_, l.err = fmt.Fprintf(l.f, "\n[ginlog: this game's stderr was cut here, after %d bytes: %d more bytes were not kept]\n", l.written, l.cut)
		}
		if err := l.f.Close(); err != nil && l.err == nil {
			l.err = err
		}
	}
	if l.err != nil {
		return fmt.Errorf("%w: %w", ErrStderr, l.err)
	}
	return nil
}
