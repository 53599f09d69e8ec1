package logs

// The defect codes of the files, besides logfile's (empty-file, binary,
// long-line, blank-line, unreadable, too-many-errors). Stable: scripts and
// the database use them.
const (
	CodeBadName         = "bad-name"         // a .csv file not named <unix-time>.csv inside a player's folder
	CodeFieldCount      = "field-count"      // not 5 fields: time,pos,score,first,"tricks"
	CodeBadQuote        = "bad-quote"        // the tricks field is not one quoted field
	CodeBadNumber       = "bad-number"       // time, pos, score or first is not a non-negative integer
	CodeTimeMismatch    = "time-mismatch"    // the time field is not the file's stamp
	CodeBadPos          = "bad-pos"          // pos not below the number of players, or not the same on every row
	CodeBadScore        = "bad-score"        // a score above 26
	CodeBadFirst        = "bad-first"        // first not below the number of players
	CodeBadCard         = "bad-card"         // a token that is not a card
	CodeTrickSize       = "trick-size"       // a trick of other than 2 or 4 cards, or not as many as the first
	CodeTrickCount      = "trick-count"      // not 52 cards: 13 tricks of 4 or 26 of 2
	CodeDuplicateCard   = "duplicate-card"   // a card twice in one hand
	CodeSiblingMismatch = "sibling-mismatch" // sibling files of one stamp disagree on a hand
	CodeDuplicatePos    = "duplicate-pos"    // two sibling files give the same pos
	CodePosOrder        = "pos-order"        // the pos order is not the order of the players' folder names
)

// MaxLine is the longest line accepted, in bytes. A real row is under 300
// bytes.
const MaxLine = 1024
