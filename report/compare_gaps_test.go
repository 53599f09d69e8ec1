package report

import (
	"slices"
	"testing"
)

// TestFillGaps: the counts between two labels that no side reached get a
// place of their own on the axis.
func TestFillGaps(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in, want []string
	}{
		{"none missing", []string{"3", "4", "5"}, []string{"3", "4", "5"}},
		{"a hole", []string{"3", "6"}, []string{"3", "4", "5", "6"}},
		{"before the open end", []string{"5", "8+"}, []string{"5", "6", "7", "8+"}},
		{"words stay", []string{"2", "4", "none"}, []string{"2", "3", "4", "none"}},
		{"empty", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fillGaps(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("fillGaps(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
