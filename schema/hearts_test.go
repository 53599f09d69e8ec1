package schema

import (
	"context"
	"testing"

	"github.com/ginlog/ginlog/hearts/logs"
)

// TestHeartsEnums checks that the ENUMs the Hearts tables persist list
// hearts/logs' values in hearts/logs' order, so that enum codes are hearts/logs' numbers.
func TestHeartsEnums(t *testing.T) {
	db, err := Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var versions, methods []string
	for v := logs.VersionUnknown; v <= logs.Earlier; v++ {
		versions = append(versions, v.String())
	}
	for m := logs.MethodNone; m <= logs.MethodSearched; m++ {
		methods = append(methods, m.String())
	}
	for _, tc := range []struct {
		enum string
		want []string
	}{
		{"hearts_version", versions},
		{"order_method", methods},
		{"game_kind", []string{KindGin, KindHearts}},
	} {
		t.Run(tc.enum, func(t *testing.T) {
			rows, err := db.Query(`SELECT unnest(enum_range(NULL::` + tc.enum + `))::VARCHAR`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				got = append(got, s)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%s lists %q, want %q", tc.enum, got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("%s lists %q, want %q", tc.enum, got, tc.want)
				}
			}
		})
	}
}

// heartsTables lists the tables of the Hearts migration.
var heartsTables = []string{"hearts_games", "game_players", "game_files", "hearts_hands", "hearts_scores",
	"hearts_checks", "hearts_hand_checks", "hearts_seats", "hearts_plays", "hearts_cards", "hearts_deviations"}

// TestHeartsComments checks that every table of the Hearts migration and
// each of its columns, and games.kind, carry a comment.
func TestHeartsComments(t *testing.T) {
	db, err := Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var missing []string
	var tables int
	rows, err := db.Query(`SELECT table_name, NULL, coalesce(comment, '') FROM duckdb_tables() WHERE list_contains($1, table_name)
		UNION ALL
		SELECT table_name, column_name, coalesce(comment, '') FROM duckdb_columns()
		WHERE list_contains($1, table_name) OR (table_name = 'games' AND column_name = 'kind')`, heartsTables)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, comment string
		var column *string
		if err := rows.Scan(&table, &column, &comment); err != nil {
			t.Fatal(err)
		}
		name := table
		if column == nil {
			tables++
		} else {
			name += "." + *column
		}
		if comment == "" {
			missing = append(missing, name)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("no comment on %q", missing)
	}
	if tables != len(heartsTables) {
		t.Errorf("%d of the %d Hearts tables found", tables, len(heartsTables))
	}
}
