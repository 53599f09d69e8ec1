package main

import (
	"encoding/json"
	"testing"
)

func TestMelds(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"eleven", []string{"melds", "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3"}, exitOK},
		{"eleven-json", []string{"melds", "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3", "--format", "json"}, exitOK},
		{"forbid", []string{"melds", "SA", "S2", "S3", "C5", "C6", "C7", "D9", "D10", "DJ", "HQ", "HK", "--forbid", "HK"}, exitOK},
		{"ten-from-log", []string{"melds", "S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8"}, exitOK},
		{"gin", []string{"melds", "SA S2 S3 S4 C5 C6 C7 D9 D10 DJ"}, exitOK},
		{"bad-card", []string{"melds", "S4 C4 X9"}, exitUsage},
		{"repeated-card", []string{"melds", "S4 C4 S4"}, exitUsage},
		{"forbid-not-held", []string{"melds", "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3", "--forbid", "HK"}, exitUsage},
		{"forbid-ten", []string{"melds", "SA S2 S3 S4 C5 C6 C7 D9 D10 DJ", "--forbid", "SA"}, exitUsage},
		{"one-card", []string{"melds", "SA"}, exitOK},
		{"part-of-a-hand", []string{"melds", "H5", "H6", "H7", "C7"}, exitOK},
		{"twelve", []string{"melds", "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3 HK"}, exitUsage},
		{"bad-format", []string{"melds", "S4 C4 D4", "--format", "xml"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", r.code, tc.code, r.err)
			}
			golden(t, "melds-"+tc.name+".txt", r.out+r.err)
		})
	}
}

// TestMeldsJSONContract checks the fields scripts rely on, for the example
// of the issue: deadwood 9 as given, 3 after discarding S6.
func TestMeldsJSONContract(t *testing.T) {
	r := runCmd(t, nil, "melds", "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3", "--format", "json")
	var got struct {
		Deadwood     int      `json:"deadwood"`
		AfterDiscard int      `json:"after_discard"`
		Discards     []string `json:"discards"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Deadwood != 9 || got.AfterDiscard != 3 || len(got.Discards) != 1 || got.Discards[0] != "S6" {
		t.Errorf("got %+v, want deadwood 9, after_discard 3, discards [S6]", got)
	}
}
