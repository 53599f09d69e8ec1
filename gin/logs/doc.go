// Package logs reads and writes the Gin Rummy logs of the tournament
// server, as RULES.md describes them and as the logs themselves show.
//
// # Files
//
// The server wrote two files per game, named by the game's Unix time in
// seconds: the turn file <timestamp>.csv and the score file
// <timestamp>-score.csv. Neither has a header; each line ends in CRLF (LF
// is read too). A card is its suit (S C D H) then its rank (A 2-10 J Q K);
// a flag is 1 for the logged player (gin.You) and 0 for its opponent. A
// turn row is one play, of either player, in order:
//
//	round,hand,player,top,drawn,discarded
//
// round counts from 1; hand is the actor's 10 cards after the play, the
// drawn card first, separated by ';'; player the actor's flag; top the top
// of the discard pile when the turn began; drawn and discarded the cards
// drawn and discarded. A score row is one round:
//
//	round,your points,opponent points,action,caller
//
// the points each side scored in the round, the call (Gin, Knock, or Drop
// when the round ended without one) and the flag of the player who made
// the round's last play.
//
// # Reading
//
// Parse checks every row and reports each defect located (file, line,
// column, code): the rules every log file has (package logfile), then the
// fields, the rounds 1..n in order in both files, at most MaxRounds rounds
// of MaxPlaysPerRound plays, hands of 10 distinct cards, one side scoring
// per round. It does not check the rules of play: gin/replay does. A game
// it accepts gets two hashes, of its rows as logged and of the game
// whichever player logged it, by which the same game is told apart from
// another and from its mirror.
//
// # Writing
//
// AppendTurns and AppendScores write a game's two files byte for byte as
// the server did.
//
// The package is pure: it reads and writes bytes, and does no I/O.
package logs
