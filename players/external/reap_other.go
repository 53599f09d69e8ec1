//go:build !linux

package external

// adopt does nothing where a process cannot adopt its orphaned
// descendants: a process a bot started outside the bot's process group
// outlives the bot there.
func adopt() {}

// sweep does nothing: see adopt.
func sweep() {}
