package logs

// The defect codes of Gin's log files, besides logfile's (empty-file,
// binary, long-line, blank-line, unreadable, too-many-errors). Stable:
// scripts and the database use them.
const (
	CodeFieldCount    = "field-count"     // not 6 fields (turns) or 5 (scores)
	CodeBadRound      = "bad-round"       // a round number that is not a positive integer
	CodeRoundOrder    = "round-order"     // round numbers not 1..n in order
	CodeRoundMismatch = "round-mismatch"  // the two files do not have the same rounds
	CodeBadCard       = "bad-card"        // a token that is not a card
	CodeDuplicateCard = "duplicate-card"  // a card twice in one hand
	CodeHandSize      = "hand-size"       // a hand of other than 10 cards
	CodeBadFlag       = "bad-flag"        // a player flag other than 0 or 1
	CodeBadPoints     = "bad-points"      // points that are not a non-negative integer
	CodeBothScored    = "both-scored"     // both sides scored in one round
	CodeNoScore       = "no-score"        // neither side scored in a round
	CodeBadAction     = "bad-action"      // an action other than Gin, Knock or Drop
	CodeTooManyRounds = "too-many-rounds" // a round number past MaxRounds
	CodeTooManyPlays  = "too-many-plays"  // a round with more than MaxPlaysPerRound plays
)

// MaxLine is the longest line accepted, in bytes. A real turn row is under
// 70 bytes.
const MaxLine = 512

// MaxRounds is the most rounds a game may have. The rules end a game
// within 199 rounds (one side reaches 100 points, a round scores at least
// 1); the real logs have at most 18. The round number is a SMALLINT.
const MaxRounds = 1000

// MaxPlaysPerRound is the most plays a round may have. The rules end a
// round within 201 plays; the plays and ply columns are SMALLINTs.
const MaxPlaysPerRound = 10000
