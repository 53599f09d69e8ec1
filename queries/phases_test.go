package queries

import (
	"context"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/model"
)

// TestPhasesMatchTheFit checks the phases table every statement holds
// against model.Phase, the fit's phases, for every count of stock left: one
// phase each, the same one, with the fit's name.
func TestPhasesMatchTheFit(t *testing.T) {
	ctx := context.Background()
	db := testschema.Open(t)
	for left := 0; left <= gin.StockSize; left++ {
		rows, err := db.QueryContext(ctx, "WITH "+stripComments(phasesSQL)+"\nSELECT ph, phase_name FROM phases WHERE ? BETWEEN low_left AND high_left", left)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		var names []string
		for rows.Next() {
			var ph int
			var name string
			if err := rows.Scan(&ph, &name); err != nil {
				t.Fatal(err)
			}
			got, names = append(got, ph), append(names, name)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		want := model.Phase(left)
		if !slices.Equal(got, []int{want}) || names[0] != model.PhaseNames[want] {
			t.Errorf("stock left %d: phases %v %q, want [%d] %q", left, got, names, want, model.PhaseNames[want])
		}
	}
	if got := Phases(); !slices.Equal(got, []string{"29-31", "26-28", "23-25", "19-22", "13-18", "0-12"}) {
		t.Errorf("Phases() = %q", got)
	}
}
