//go:build linux

package external

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// adopted is set once ginlog has made itself a child subreaper.
var adopted sync.Once

// adopt makes ginlog a child subreaper (PR_SET_CHILD_SUBREAPER) before it
// starts its first bot: a process a bot started that loses its parent is
// then reparented to ginlog, not to init, even when it left the bot's
// process group and session (setsid), so that sweep finds it. It needs no
// privilege. A failure leaves things as they were: such processes outlive
// the bot.
func adopt() {
	adopted.Do(func() {
		unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	})
}

// sweepRounds bounds the rounds of sweep: each kills the processes
// adopted, whose own children are adopted in turn and killed in the next.
const sweepRounds = 20

// reapWait is how long sweep waits, each round, for what it killed to be
// reaped.
const reapWait = time.Second

// sweep kills and reaps the processes ginlog adopted: its children that
// are not in its own process group. With no bot running (see running),
// those are what bots left behind: ginlog starts no other process outside
// its group, and the bots' descendants can join no group of ginlog's
// session (setGroup). Each one's process group is killed too, as it holds
// only bots' descendants.
func sweep() {
	self, group := os.Getpid(), syscall.Getpgrp()
	for range sweepRounds {
		left := adoptedChildren(self, group)
		if len(left) == 0 {
			return
		}
		for pid, pgrp := range left {
			syscall.Kill(pid, syscall.SIGKILL) // ESRCH: gone already
			if pgrp > 1 && pgrp != group {
				syscall.Kill(-pgrp, syscall.SIGKILL)
			}
		}
		deadline := time.Now().Add(reapWait)
		for pid := range left {
			for {
				var ws unix.WaitStatus
				got, err := unix.Wait4(pid, &ws, unix.WNOHANG, nil)
				if got == pid || err != nil || time.Now().After(deadline) {
					break // reaped, not ours any more, or stuck in the kernel
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
}

// adoptedChildren returns the children of process self that are not in
// process group group, with their process groups, read from /proc.
func adoptedChildren(self, group int) map[int]int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	out := map[int]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // gone since the listing
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces and ')'.
		f := bytes.Fields(b[bytes.LastIndexByte(b, ')')+1:])
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(string(f[1]))
		pgrp, _ := strconv.Atoi(string(f[2]))
		if ppid == self && pgrp != group {
			out[pid] = pgrp
		}
	}
	return out
}
