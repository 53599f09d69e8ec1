package queries

import (
	"strings"
	"testing"
)

// TestQueryHeaders checks that every named query says what it is, and
// that a query with cases and opportunities says what they count.
func TestQueryHeaders(t *testing.T) {
	for _, q := range All() {
		t.Run(q.Name, func(t *testing.T) {
			if q.Description == "" || q.Columns == "" && q.Rate == "" {
				t.Errorf("description %q, rate %q, columns %q: want a description and the columns explained", q.Description, q.Rate, q.Columns)
			}
			counts := strings.Contains(q.SQL, " AS cases") || strings.Contains(q.SQL, "cases,") || strings.Contains(q.Columns, "cases")
			if counts != (q.Rate != "") {
				t.Errorf("counts cases: %v, rate %q: a query with cases needs a rate: line, and only one", counts, q.Rate)
			}
			if q.Rate != "" && !strings.Contains(q.Rate, ", of ") && !strings.Contains(q.Rate, " of ") {
				t.Errorf("rate %q does not say cases of what", q.Rate)
			}
		})
	}
}
