// Package logs reads and writes the Hearts logs of the FIT2102 staff
// framework (2019), as ../shared/hearts/FORMAT.md describes them and as the
// logs themselves show.
//
// # Files
//
// The framework wrote one file per player per stamp, <group>/<player>/<stamp>.csv:
// the player's folder is its id, the stamp a unix time in seconds, and the
// files with one stamp in the sibling folders of a group are the same hands
// seen by each player. Some groups keep only some players' folders. A file
// has no header; each line (CRLF or LF) is one hand:
//
//	time,pos,score,first,"tricks"
//
// time is the stamp; pos the player's index among the game's player ids
// sorted (byte order, which is also the order of the folder names); score
// the player's points for the hand, after the moon rule; first the pos of
// the player with the highest game total (constant for a game, never the
// leader of a hand); tricks the hand's tricks in play order separated by
// ';', each trick's cards separated by ',', a card being its suit (S C D H)
// then its rank (2-10 J Q K A). Every sibling file holds the same rows but
// for pos and score. Four players play 13 tricks of 4 cards, two players 26
// tricks of 2.
//
// # Versions
//
// The later framework wrote a whole game under one unique stamp and sorted
// each trick by player id: card k of every trick is pos k's (ByPlayer). The
// earlier one wrote each hand under the second it was written, so a game
// spans files of consecutive stamps and a file may end one game and start
// the next; it sorted each trick by the players' memory strings, stably, so
// a trick is in reverse play order when the memories were equal and
// scrambled otherwise (Earlier). Read tells the versions apart by replaying
// each stamp's hands in player-id order, and cuts an earlier version's
// chain of files into games where the end rule holds or first changes.
//
// # Orders
//
// Verify recovers who played each card: directly for ByPlayer games; for
// earlier games, in reverse play order when every hand of the game replays
// so with one seating (ReversePlay), and otherwise by a search over every
// assignment of each trick's cards to the players that the rules and the
// logged scores allow (Searched). A hand is verified when some assignment
// obeys every rule and explains every logged score; it is determined when
// exactly one does. Nothing is guessed: an undetermined hand keeps no
// seats, and where players without a file leave the totals open, the end
// of the game is checked under every reading the hands allow.
//
// # Budgets
//
// The search's cost is counted in states explored, not in time, so that a
// verdict never depends on the machine or its load. A state is the
// position after some tricks of a hand: the next leader, the cards each
// player may still hold, the points taken. One hand's search explores at
// most HandStates (1,048,576: about a CPU-second and 100 MB of memo), one
// game's at most GameStates (16,777,216) in all. A hand that would need
// more, or that comes after the game's budget is spent, is not recovered:
// it keeps no seats and no verdict (neither verified nor wrong), a
// deviation order-not-recovered (kind unchecked) locates it, and the game
// goes on with its next hand. Its scores are the logged ones when every
// player has a file, and open otherwise. The real logs' hands need at most
// 11,333 states; a hand with only one player's file needs the most, since
// the other players' scores are then collected too.
//
// The end of the game is checked by following, hand by hand, the totals
// that the hands' readings allow, keeping only the current ones rather
// than each hand's alternatives: at most 65,536 totals and 33,554,432
// additions of a hand's scores to a total over a game, past which the end
// is not checked (end-unknown), as when a hand's scores are open. So the
// memory of a game's verification does not grow with its hands beyond the
// hands and reports themselves, and its search and end check are bounded
// whatever the size of its files.
//
// The package is pure: it reads from an fs.FS (ReadFS) or through the
// Read functions of its sources (Stream, which ingest uses), returns the
// files' bytes to write, and does no other I/O.
package logs
