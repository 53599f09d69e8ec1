package selection_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/selection"
)

func TestEmptyDatabase(t *testing.T) {
	db := testschema.Open(t)
	_, err := selection.GameIDs(context.Background(), db.DB, selection.Filters{})
	if !errors.Is(err, selection.ErrNoGames) || err.Error() != "no games match the filters: the database holds none (run ginlog ingest)" {
		t.Errorf("GameIDs on an empty database: %v", err)
	}
}

func TestCheck(t *testing.T) {
	f, err := selection.Filters{}.Check()
	if err != nil || f.Who != selection.DefaultWho {
		t.Errorf("Check() = %+v, %v: want who %s", f, err, selection.DefaultWho)
	}
	for _, who := range selection.Whos {
		if f, err := (selection.Filters{Who: who}).Check(); err != nil || f.Who != who {
			t.Errorf("who %s: %+v, %v", who, f, err)
		}
	}
}

func TestParseTime(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"", 0, ""},
		{"1604731660", 1604731660, ""},
		{"2020-11-07", 1604707200, ""},
		{"2020-11-07T06:47:40Z", 1604731660, ""},
		{"2020-11-07T07:47:40+01:00", 1604731660, ""},
		{"yesterday", 0, `--since: "yesterday" is not a date (2020-11-07), an RFC 3339 time or Unix seconds`},
		{"2020-13-01", 0, `--since: "2020-13-01" is not a date (2020-11-07), an RFC 3339 time or Unix seconds`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := selection.ParseTime("since", tc.in)
			if tc.wantErr != "" {
				if !errors.Is(err, selection.ErrBadFilter) || err.Error() != tc.wantErr {
					t.Errorf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("ParseTime(%q) = %d, %v, want %d", tc.in, got, err, tc.want)
			}
		})
	}
}
