package testschema

import (
	"database/sql"
	_ "embed"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/sqltext"
)

var (
	//go:embed sql/games-digest.sql
	gamesDigestSQL string
	//go:embed sql/verdicts-digest.sql
	verdictsDigestSQL string
)

// GamesDigest summarises the Gin game tables an import fills (games,
// rounds, plays), all but the import's bookkeeping: two databases with
// the same digest hold the same games, row for row, in any order.
func GamesDigest(t testing.TB, db *sql.DB) string {
	t.Helper()
	return digest(t, db, gamesDigestSQL)
}

// VerdictsDigest summarises what verify stored of the Gin games, all but
// the times it stored them at: two databases with the same digest hold
// the same verdicts (game_checks, round_checks, violations and
// play_features, row for row, in any order).
func VerdictsDigest(t testing.TB, db *sql.DB) string {
	t.Helper()
	return digest(t, db, verdictsDigestSQL)
}

// digest runs the statements of a digest file, each a count and a sum of
// hashes, and joins their answers a line each.
func digest(t testing.TB, db *sql.DB, statements string) string {
	t.Helper()
	var parts []string
	for _, q := range sqltext.Statements(statements) {
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "\n")
}
