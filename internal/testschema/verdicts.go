package testschema

import (
	"database/sql"
	_ "embed"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/sqltext"
)

//go:embed sql/verdicts-digest.sql
var verdictsDigestSQL string

// VerdictsDigest summarises what verify stored of the Gin games, all but
// the times it stored them at: two databases with the same digest hold
// the same verdicts (game_checks, round_checks, violations and
// play_features, row for row, in any order).
func VerdictsDigest(t testing.TB, db *sql.DB) string {
	t.Helper()
	var parts []string
	for _, q := range sqltext.Statements(verdictsDigestSQL) {
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "\n")
}
