package habits

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// fitted returns the weights of suitHand, every seat counted.
func fitted(t testing.TB) *Weights {
	t.Helper()
	h := suitHand()
	h.Counted = [4]bool{true, true, true, true}
	w, err := Fit([]Hand{h})
	if err != nil {
		t.Fatal(err)
	}
	w.Provenance.Players = []string{"a@x"}
	return w
}

func written(t testing.TB, w *Weights) string {
	t.Helper()
	var b bytes.Buffer
	if err := w.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestReadWrite: what Write writes, Read reads back the same.
func TestReadWrite(t *testing.T) {
	w := fitted(t)
	got, err := Read(strings.NewReader(written(t, w)), "w.json")
	if err != nil {
		t.Fatal(err)
	}
	if written(t, got) != written(t, w) {
		t.Errorf("read back differently:\n%s", written(t, got))
	}
}

// TestReadRefusesHostile: each hostile edit of a fitted file is refused
// with one line naming the file and where, and what is wrong.
func TestReadRefusesHostile(t *testing.T) {
	good := written(t, fitted(t))
	// The fitted file's text of its tables, to edit.
	leadOpp := `"opportunities": [
      0,
      0,
      12,`
	if !strings.Contains(good, leadOpp) {
		t.Fatalf("the fitted file has no %q:\n%s", leadOpp, good)
	}
	edit := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("no %q in the fitted file", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	for _, tc := range []struct {
		name, data, want string
		err              error
	}{
		{"another format", edit(FormatName, "ginlog-weights"), `w.json: not a Hearts weights file of this version: Gin weights`, ErrVersion},
		{"another version", edit(`"version": 1`, `"version": 2`), `format "ginlog-hearts-weights" version 2, want "ginlog-hearts-weights" version 1`, ErrVersion},
		{"a negative count", edit(leadOpp, strings.Replace(leadOpp, "12,", "-12,", 1)), `w.json: lead.opportunities[2]: -12 out of range (want 0 to `, ErrRange},
		{"cases exceeding the opportunities", edit(leadOpp, strings.Replace(leadOpp, "12,", "11,", 1)), `w.json: lead.cases[2]: 12 cases out of range: want as many as the 11 opportunities of mask 2`, ErrRange},
		{"mask 0 not empty", edit(`"opportunities": [
      0,`, `"opportunities": [
      1,`), `w.json: dump.opportunities[0]: 1 out of range (want 0: mask 0 is no set of kinds)`, ErrRange},
		{"a count too large", edit(leadOpp, strings.Replace(leadOpp, "12,", "1000000000001,", 1)), `lead.opportunities[2]: 1000000000001 out of range`, ErrRange},
		{"a count with a fraction", edit(leadOpp, strings.Replace(leadOpp, "12,", "1.5,", 1)), `w.json:151:9: lead.opportunities: 1.5 out of range (want a whole number`, ErrRange},
		{"a count beyond int", edit(leadOpp, strings.Replace(leadOpp, "12,", "1e30,", 1)), `lead.opportunities: 1e30 out of range`, ErrRange},
		{"a null count", edit(leadOpp, strings.Replace(leadOpp, "12,", "null,", 1)), `w.json: lead.opportunities[2]: null out of range (want a number)`, ErrRange},
		{"a short table", edit(leadOpp, `"opportunities": [
      0,`), `w.json: lead.opportunities: 14 elements, want 16`, nil},
		{"a missing table", strings.Replace(good, `"lead"`, `"lead-not"`, 1), `unknown field "lead-not"`, nil},
		{"an unknown field", edit(`"format"`, `"extra": 1, "format"`), `w.json: json: unknown field "extra"`, nil},
		{"data after the object", good + "{}", `w.json:`, nil},
		{"kinds renamed", edit(`"queen"`, `"dame"`), `w.json: dump.kinds: `, nil},
		{"not JSON", "weights", `w.json:1:1: invalid character`, nil},
		{"empty", "", `w.json:1:1: unexpected end of the file`, nil},
		{"too large", good + strings.Repeat(" ", MaxFileSize), `w.json: larger than 1048576 bytes`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.data), "w.json")
			switch {
			case err == nil:
				t.Fatal("accepted")
			case !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n"):
				t.Errorf("error %q, want one line with %q", err, tc.want)
			case tc.err != nil && !errors.Is(err, tc.err):
				t.Errorf("error %q does not wrap %v", err, tc.err)
			}
		})
	}
}

// TestReadKindOutsideMask: a case of a kind outside its mask is refused
// even when the cases sum to the opportunities.
func TestReadKindOutsideMask(t *testing.T) {
	w := fitted(t)
	w.Dump.Cases[0b0100] = [NumKinds]int{1, 0, 12, 0}
	_, err := Read(strings.NewReader(written(t, w)), "w.json")
	if err == nil || !strings.Contains(err.Error(), `w.json: dump.cases[4][0]: 1 out of range (want 0: kind 0 "queen" is not in mask 4)`) {
		t.Errorf("error %v", err)
	}
}
