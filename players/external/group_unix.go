//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// setGroup starts the bot in a process group of its own, so that killing
// the group ends whatever the bot started too.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the bot's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH when it is gone already
	}
}
