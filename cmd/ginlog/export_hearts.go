package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// heartsExportHelp is export's help on Hearts rates.
const heartsExportHelp = `--game hearts exports, instead of weights, the rates a Hearts bot would
use, measured on the Hearts games of the database (--db): the rows of the
named queries hearts-cards (each card's rates of taking its trick,
leading, being dumped), hearts-queen, hearts-voids, hearts-moon,
hearts-breaking, hearts-first-heart and hearts-points, each rate with its
cases, opportunities and 95% interval. json writes them as a document
(format ginlog-hearts-rates); go as maps from key ("S2/wins") to Rate;
haskell as association lists with lookupRate (a Safe module that compiles
under -Wall -Werror).`

// heartsRateTables lists the queries export --game hearts exports, with
// their key columns.
var heartsRateTables = []struct {
	query string
	keys  []string
}{
	{"hearts-cards", []string{"card", "measure"}},
	{"hearts-queen", []string{"dimension", "value"}},
	{"hearts-voids", []string{"player", "suit"}},
	{"hearts-moon", []string{"player", "measure"}},
	{"hearts-breaking", []string{"player"}},
	{"hearts-first-heart", []string{"dimension", "value"}},
	{"hearts-points", []string{"dimension", "value"}},
}

// heartsRates measures the rate tables on the Hearts games f selects.
func heartsRates(ctx context.Context, a *app, f selection.Filters) (*export.RateTables, error) {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	ov, err := queries.HeartsSummary(ctx, db.DB, f)
	if err != nil {
		return nil, err
	}
	t := &export.RateTables{Format: export.RateTablesFormat, Version: export.RateTablesVersion,
		Source: export.RateSource{Games: ov.Games, Hands: ov.Hands, Determined: ov.Determined}}
	for _, spec := range heartsRateTables {
		q, err := queries.Get(spec.query)
		if err != nil {
			return nil, err
		}
		res, err := queries.Run(ctx, db.DB, q, f)
		if err != nil {
			return nil, err
		}
		tb, err := rateTable(q, res, spec.keys)
		if err != nil {
			return nil, err
		}
		t.Tables = append(t.Tables, tb)
	}
	return t, nil
}

// rateTable turns a query's result into a rate table keyed by the
// columns keys.
func rateTable(q queries.Query, res *queries.Result, keys []string) (export.RateTable, error) {
	tb := export.RateTable{Name: q.Name, Doc: q.Description, Keys: keys}
	col := func(name string) (int, error) {
		if i := slices.Index(res.Columns, name); i >= 0 {
			return i, nil
		}
		return 0, fmt.Errorf("query %s has no column %s", q.Name, name)
	}
	var keyCols []int
	for _, k := range keys {
		i, err := col(k)
		if err != nil {
			return tb, err
		}
		keyCols = append(keyCols, i)
	}
	var cols [5]int
	for j, name := range []string{"cases", "opportunities", "rate", "ci_low", "ci_high"} {
		i, err := col(name)
		if err != nil {
			return tb, err
		}
		cols[j] = i
	}
	for _, row := range res.Rows {
		r := export.RateRow{Rate: 0, Low: 0, High: 1}
		for _, i := range keyCols {
			r.Key = append(r.Key, fmt.Sprint(row[i]))
		}
		cases, ok1 := row[cols[0]].(int64)
		opps, ok2 := row[cols[1]].(int64)
		if !ok1 || !ok2 {
			return tb, fmt.Errorf("query %s: cases %v and opportunities %v are not counts", q.Name, row[cols[0]], row[cols[1]])
		}
		r.Cases, r.Opportunities = int(cases), int(opps)
		if rate, ok := row[cols[2]].(float64); ok {
			r.Rate, r.Low, r.High = rate, row[cols[3]].(float64), row[cols[4]].(float64)
		}
		tb.Rows = append(tb.Rows, r)
	}
	return tb, nil
}

// runExportHearts writes the Hearts rate tables in opts.format.
func runExportHearts(ctx context.Context, a *app, opts exportOptions) error {
	var write func(t *export.RateTables) error
	switch opts.format {
	case "json":
		write = func(t *export.RateTables) error { return t.JSON(a.out) }
	case "haskell":
		name := orDefault(opts.name, "HeartsRates")
		if err := export.CheckHaskellModule(name); err != nil {
			return usagef("--name: %v", err)
		}
		write = func(t *export.RateTables) error { return export.HeartsHaskell(a.out, t, name) }
	case "go":
		name := orDefault(opts.name, "heartsrates")
		if err := export.CheckGoPackage(name); err != nil {
			return usagef("--name: %v", err)
		}
		write = func(t *export.RateTables) error { return export.HeartsGo(a.out, t, name) }
	default:
		return oneOf("--format", "format", opts.format, exportFormats...)
	}
	t, err := heartsRates(ctx, a, selection.Filters{MinSample: selection.DefaultMinSample})
	if err != nil {
		return err
	}
	return write(t)
}
