-- phases: a text/template of the phases of a round by the stock left when
-- a turn begins, as the fit and the weights file count them
-- (model.PhaseFloors): one row per phase, ph from 0 (the full stock) to 5,
-- with the least and most stock left it holds and its name ("29-31").
-- Every statement has it beside the dimensions, so that a query's phases
-- are the fit's. Portable SQL.
phases AS (
{{- range $i, $p := .}}{{if $i}}
  UNION ALL{{end}}
  SELECT {{$p.Phase}} AS ph, {{$p.Low}} AS low_left, {{$p.High}} AS high_left, '{{$p.Name}}' AS phase_name
{{- end}}
)
