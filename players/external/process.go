package external

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// process is one running bot: its pipes, a goroutine that reads its
// replies line by line, and one that copies its stderr to the current
// game's sink. Its exit is watched apart from its pipes, which a child it
// left behind may hold open: an exit is seen when it happens.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan lineOrErr
	exited  chan struct{} // closed once the bot itself has exited and been waited for
	waitErr error
	drained chan struct{} // closed once both output pipes have been read to their end
	outputs []*os.File    // ginlog's ends of the bot's stdout and stderr
	quit    chan struct{} // closed when ginlog stops listening
	quitOne sync.Once

	mu   sync.Mutex
	sink io.Writer // the current game's stderr destination, or nil
	tail []byte    // the last bytes of stderr, for messages
	buf  []byte
}

type lineOrErr struct {
	line string
	err  error
}

// errTooLong is a reply line over MaxLine bytes.
var errTooLong = fmt.Errorf("%w: reply longer than %d bytes", ErrMalformed, MaxLine)

const tailBytes = 512

// drainGrace is how long the output of a bot that has exited is read
// for: what it wrote before exiting comes through at once, unless a child
// it left behind holds its pipes open.
const drainGrace = 200 * time.Millisecond

// start runs argv in its own session and process group (setGroup).
func start(argv []string) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	setGroup(cmd)
	// Pipes of its own, not cmd.StdinPipe and StdoutPipe: a write to a bot
	// that stopped reading must time out too, and the bot's exit must be
	// seen while a child of it holds its output open.
	var ends [6]*os.File // stdin r, w; stdout r, w; stderr r, w
	closeAll := func() {
		for _, f := range ends {
			if f != nil {
				f.Close()
			}
		}
	}
	for i := 0; i < len(ends); i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, err
		}
		ends[i], ends[i+1] = r, w
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = ends[0], ends[3], ends[5]
	err := startBot(cmd)
	for _, i := range []int{0, 3, 5} { // the bot's ends: the bot holds them now
		ends[i].Close()
	}
	stdin, stdout, stderr := ends[1], ends[2], ends[4]
	if err != nil {
		stdin.Close()
		stdout.Close()
		stderr.Close()
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	p := &process{cmd: cmd, stdin: stdin, lines: make(chan lineOrErr, 1), exited: make(chan struct{}),
		drained: make(chan struct{}), outputs: []*os.File{stdout, stderr}, quit: make(chan struct{})}
	var pipes sync.WaitGroup
	pipes.Add(2)
	go func() { defer pipes.Done(); p.readLines(stdout) }()
	go func() { defer pipes.Done(); p.copyStderr(stderr) }()
	go func() {
		pipes.Wait()
		close(p.drained)
	}()
	go func() {
		p.waitErr = waitBot(cmd)
		close(p.exited)
	}()
	return p, nil
}

// settle waits, once the bot has exited, for its output to be read to
// the end, for drainGrace at most; then it closes ginlog's ends of the
// pipes, which ends the readers even when a child holds the other ends.
func (p *process) settle() {
	<-p.exited
	select {
	case <-p.drained:
	case <-time.After(drainGrace):
	}
	for _, f := range p.outputs {
		f.Close() // a second close is harmless here: the readers see the end
	}
}

// readLines sends each reply line to p.lines, then the error that ended
// the stream (io.EOF when the bot closed its output). Once ginlog stops
// listening it drains the output to its end, so that the process can be
// waited for.
func (p *process) readLines(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	defer io.Copy(io.Discard, br) // nothing to do with a read error here: the process is ending
	send := func(l lineOrErr) bool {
		select {
		case p.lines <- l:
			return true
		case <-p.quit:
			return false
		}
	}
	var long []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, chunk...)
			if len(long) > MaxLine {
				send(lineOrErr{err: errTooLong})
				return
			}
			continue
		}
		if err != nil {
			send(lineOrErr{err: err})
			return
		}
		line := chunk[:len(chunk)-1]
		if long != nil {
			line = append(long, line...)
			long = nil
		}
		if len(line) > MaxLine {
			send(lineOrErr{err: errTooLong})
			return
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if !send(lineOrErr{line: string(line)}) {
			return
		}
	}
}

func (p *process) copyStderr(r io.Reader) {
	b := make([]byte, 4096)
	for {
		n, err := r.Read(b)
		if n > 0 {
			p.mu.Lock()
			if p.sink != nil {
				p.sink.Write(b[:n]) // a full disk must not stop the game: the tail keeps the end
			}
			p.tail = append(p.tail, b[:n]...)
			if len(p.tail) > tailBytes {
				p.tail = p.tail[len(p.tail)-tailBytes:]
			}
			p.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// setSink directs the bot's stderr to w from now on and clears the tail.
func (p *process) setSink(w io.Writer) {
	p.mu.Lock()
	p.sink, p.tail = w, p.tail[:0]
	p.mu.Unlock()
}

// lastStderr returns the last line the bot wrote on stderr, if any.
func (p *process) lastStderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := bytes.TrimRight(p.tail, "\r\n\t ")
	if i := bytes.LastIndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return string(t)
}

// Failure kinds of a call, told apart by callError.Kind.
const (
	failTimeout = iota
	failCrash
	failMalformed
)

// callError is a call that got no usable line.
type callError struct {
	kind int
	msg  string
}

func (e *callError) Error() string { return e.msg }

// call writes a request line and waits up to limit for the reply line. On
// any failure the process is killed: it is not used again.
func (p *process) call(req []byte, limit time.Duration) (string, time.Duration, error) {
	start := time.Now()
	deadline := start.Add(limit)
	req = append(req, '\n')
	if err := p.stdin.SetWriteDeadline(deadline); err != nil {
		p.kill()
		return "", 0, &callError{failCrash, "the bot's input: " + err.Error()}
	}
	if _, err := p.stdin.Write(req); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			p.kill()
			return "", limit, &callError{failTimeout, fmt.Sprintf("the bot read no request within %v", limit)}
		}
		// A bot that exited closed its input too: say it exited, as a
		// read would, whichever of the two the call met first.
		select {
		case <-p.exited:
			p.kill()
			return "", 0, &callError{failCrash, "the bot exited: " + p.exitText()}
		case <-time.After(drainGrace):
		}
		p.kill()
		return "", 0, &callError{failCrash, "the bot stopped reading its input: " + p.exitText()}
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case l := <-p.lines:
		return p.reply(l, start)
	case <-p.exited:
		// The bot exited: its output ends at once, unless a child it left
		// holds it open; a line it wrote before exiting is taken.
		select {
		case l := <-p.lines:
			return p.reply(l, start)
		case <-time.After(drainGrace):
		}
		p.kill()
		return "", time.Since(start), &callError{failCrash, "the bot exited: " + p.exitText()}
	case <-timer.C:
		p.kill()
		return "", limit, &callError{failTimeout, fmt.Sprintf("no reply within %v", limit)}
	case <-p.quit:
		return "", time.Since(start), &callError{failCrash, "the bot was stopped: the run was cancelled"}
	}
}

// reply returns the line a call got, or the error that ended the output.
func (p *process) reply(l lineOrErr, start time.Time) (string, time.Duration, error) {
	took := time.Since(start)
	if l.err != nil {
		p.kill()
		if errors.Is(l.err, ErrMalformed) {
			return "", took, &callError{failMalformed, l.err.Error()}
		}
		return "", took, &callError{failCrash, "the bot closed its output: " + p.exitText()}
	}
	return l.line, took, nil
}

// exitText describes how the process ended, waiting briefly for it and
// for the end of its stderr.
func (p *process) exitText() string {
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		p.kill()
	}
	p.settle()
	s := "exited"
	if p.waitErr != nil {
		s = p.waitErr.Error()
	}
	if t := p.lastStderr(); t != "" {
		s += "; stderr: " + clip(t)
	}
	return s
}

// kill ends the whole process group and waits for it, then, if no bot is
// running any more, what the bots left outside their groups (sweepIfIdle).
func (p *process) kill() {
	p.quitOne.Do(func() { close(p.quit) })
	killGroup(p.cmd)
	p.stdin.Close()
	p.settle()
	sweepIfIdle()
}

// close asks the bot to stop by closing its input, and kills it if it has
// not exited within grace.
func (p *process) close(grace time.Duration) {
	p.quitOne.Do(func() { close(p.quit) })
	p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(grace):
		p.kill()
	}
	killGroup(p.cmd) // children the bot left behind
	p.settle()
	sweepIfIdle() // and those that left its group
}
