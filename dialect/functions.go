package dialect

import "slices"

// functions are, per engine, the functions (and CAST) a statement meant
// for it may call: the ones the named queries and the dataset's views
// use, each present in the engine's own list of functions. Spark SQL:
// https://spark.apache.org/docs/latest/api/sql/ (Spark 3.4 and later);
// Trino: https://trino.io/docs/current/functions/list.html (aggregate,
// conditional and mathematical functions and string functions). DuckDB's
// are checked against duckdb_functions() by the tests.
var functions = map[Dialect][]string{
	DuckDB: {"avg", "cast", "coalesce", "count", "least", "greatest", "max", "min", "nullif", "round", "substr", "sum", "lpad",
		"enum_code", "enum_range", "unnest", "read_parquet", "strftime"},
	Spark: {"avg", "cast", "coalesce", "count", "least", "greatest", "max", "min", "nullif", "round", "substr", "sum", "grouping", "lpad"},
	Trino: {"avg", "cast", "coalesce", "count", "least", "greatest", "max", "min", "nullif", "round", "substr", "sum", "grouping", "lpad"},
}

// Functions returns the functions a statement for the engine may call,
// lowercased.
func Functions(d Dialect) []string { return slices.Clone(functions[d]) }

// Missing returns the functions a statement calls that the engine's list
// lacks.
func Missing(d Dialect, sql string) []string {
	var out []string
	for _, f := range Calls(sql) {
		if !slices.Contains(functions[d], f) {
			out = append(out, f)
		}
	}
	return out
}
