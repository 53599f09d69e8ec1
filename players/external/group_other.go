//go:build !unix

package external

import "os/exec"

// setGroup does nothing where there are no process groups.
func setGroup(*exec.Cmd) {}

// killGroup kills the bot itself where there are no process groups.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill() // an error means it is gone already
	}
}
