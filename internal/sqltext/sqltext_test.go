package sqltext

import (
	"slices"
	"testing"
)

func TestStatements(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", nil},
		{"comments only", "-- a\n  -- b\n", nil},
		{"one without a final newline", "SELECT 1;", []string{"SELECT 1"}},
		{"one without a semicolon", "SELECT 1\n", []string{"SELECT 1"}},
		{"two", "-- two\nDELETE FROM a;\nDELETE FROM b;\n", []string{"DELETE FROM a", "DELETE FROM b"}},
		{"over lines", "DELETE FROM a\n  WHERE x IN (\n  1);\nSELECT 2;\n", []string{"DELETE FROM a\n  WHERE x IN (\n  1)", "SELECT 2"}},
		{"a semicolon in a string", "SELECT ';' AS s;\n", []string{"SELECT ';' AS s"}},
		{"trailing blanks after the semicolon", "SELECT 1; \t\r\nSELECT 2;\n", []string{"SELECT 1", "SELECT 2"}},
		{"comment between", "SELECT 1;\n-- next\nSELECT 2;\n", []string{"SELECT 1", "SELECT 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Statements(tc.text); !slices.Equal(got, tc.want) {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}
