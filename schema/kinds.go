package schema

// The values of the game_kind ENUM (games.kind): which game a row of games
// holds. Append-only, as the ENUM is: do not reorder.
const (
	KindGin    = "gin"
	KindHearts = "hearts"
)
