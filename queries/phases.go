package queries

import (
	_ "embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

//go:embed sql/phases.sql
var phasesTemplate string

// phasesSQL is the phases common table expression every statement holds:
// the phases of model.PhaseFloors, the ones fit and the weights file use,
// so that the queries and the fit split a round the same way.
var phasesSQL = mustPhases()

// phaseRow is one phase of the phases table.
type phaseRow struct {
	Phase, Low, High int
	Name             string
}

// Phases returns the phases of a round as the queries name them, from
// the full stock to the empty one: "29-31", "26-28", ... "0-12".
func Phases() []string { return model.PhaseNames[:] }

// mustPhases renders the phases table from model.PhaseFloors. The
// template is embedded and the floors are constants: an error is a bug
// that any test of the package finds.
func mustPhases() string {
	rows := make([]phaseRow, model.NumPhases)
	high := gin.NumCards // no stock holds more: a phase covers every count above its floor
	for ph, floor := range model.PhaseFloors {
		rows[ph] = phaseRow{Phase: ph, Low: floor, High: high, Name: model.PhaseNames[ph]}
		high = floor - 1
	}
	t, err := template.New("phases").Option("missingkey=error").Parse(phasesTemplate)
	if err != nil {
		panic(fmt.Sprintf("queries: sql/phases.sql: %v", err))
	}
	var b strings.Builder
	if err := t.Execute(&b, rows); err != nil {
		panic(fmt.Sprintf("queries: sql/phases.sql: %v", err))
	}
	return b.String()
}
