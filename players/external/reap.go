package external

import (
	"os/exec"
	"sync"
)

// running holds the pids of the bots running, of every pool: a process a
// bot started that escaped its process group and lost its parent (see
// adopt) cannot be told apart from the children of a bot still playing, so
// such processes are killed only when no bot is running. With one game at
// a time, that is as soon as the bot that left them is stopped; with
// several, at the latest when the match ends.
var running = struct {
	sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// startBot starts cmd and counts it as running. Starting and sweeping
// hold the same lock, so that a bot just started is never taken for a
// process left behind.
func startBot(cmd *exec.Cmd) error {
	running.Lock()
	defer running.Unlock()
	adopt()
	if err := cmd.Start(); err != nil {
		return err
	}
	running.pids[cmd.Process.Pid] = true
	return nil
}

// waitBot waits for cmd, started by startBot, and counts it as running no
// more.
func waitBot(cmd *exec.Cmd) error {
	err := cmd.Wait()
	running.Lock()
	delete(running.pids, cmd.Process.Pid)
	running.Unlock()
	return err
}

// sweepIfIdle kills and reaps what the bots left behind, once no bot is
// running. It is called when ginlog has stopped a bot and waited for it,
// not as soon as a bot exits: a child it left in its process group is
// killed with the group then, and the bot's output read until then.
func sweepIfIdle() {
	running.Lock()
	defer running.Unlock()
	if len(running.pids) == 0 {
		sweep()
	}
}
