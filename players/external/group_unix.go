//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// setGroup starts the bot in a session of its own, and so in a process
// group of its own, so that killing the group ends whatever the bot
// started too, unless it left the group. A new session rather than a new
// group in ginlog's: what the bot starts can join no process group of
// ginlog's session (ginlog's own, the shell's other jobs), so that every
// process group a bot's descendants are in holds only them.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// killGroup kills the bot's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH when it is gone already
	}
}
