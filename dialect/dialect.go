// Package dialect is what differs between the SQL engines that read a
// ginlog dataset: DuckDB, Spark SQL and Trino. The named queries are
// written in the SQL the three share; what remains is spelled here: string
// literals, type names (Spark's STRING for VARCHAR), and the rewrite of a
// portable statement for an engine. Calls lists the functions a statement
// calls, to check them against the functions each engine has (Functions).
package dialect

import (
	"fmt"
	"strings"
)

// Dialect is an SQL engine.
type Dialect string

// The dialects.
const (
	DuckDB Dialect = "duckdb"
	Spark  Dialect = "spark"
	Trino  Dialect = "trino"
)

// All lists the dialects.
var All = []Dialect{DuckDB, Spark, Trino}

// Parse returns the named dialect.
func Parse(s string) (Dialect, error) {
	for _, d := range All {
		if string(d) == s {
			return d, nil
		}
	}
	return "", fmt.Errorf("dialect %q: want duckdb, spark or trino", s)
}

// String quotes s as a string literal: quotes doubled in DuckDB and
// Trino; in Spark, whose literals read backslash escapes, a backslash
// before each quote and backslash.
func (d Dialect) String(s string) string {
	if d == Spark {
		r := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
		return "'" + r.Replace(s) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// Ident quotes an identifier: backquotes in Spark, double quotes
// elsewhere.
func (d Dialect) Ident(s string) string {
	if d == Spark {
		return "`" + strings.ReplaceAll(s, "`", "``") + "`"
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Type returns the engine's name of a dataset column's DuckDB type:
// BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, DOUBLE, VARCHAR, TIMESTAMP, or a
// list of one of them (T[]).
func (d Dialect) Type(duckdb string) (string, error) {
	if elem, ok := strings.CutSuffix(duckdb, "[]"); ok {
		t, err := d.Type(elem)
		if err != nil {
			return "", err
		}
		switch d {
		case Spark:
			return "ARRAY<" + t + ">", nil
		case Trino:
			return "ARRAY(" + t + ")", nil
		}
		return t + "[]", nil
	}
	switch duckdb {
	case "BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "DOUBLE":
		return duckdb, nil
	case "VARCHAR":
		if d == Spark {
			return "STRING", nil
		}
		return duckdb, nil
	case "TIMESTAMP":
		if d == Spark {
			return "TIMESTAMP_NTZ", nil // the files hold timestamps without a time zone
		}
		return duckdb, nil
	}
	return "", fmt.Errorf("type %s: no %s equivalent", duckdb, d)
}

// Rewrite returns a portable statement as the engine reads it. Only Spark
// differs: VARCHAR, which the statements use only as the target of a
// CAST, is STRING there (Spark's VARCHAR needs a length).
func (d Dialect) Rewrite(sql string) string {
	if d != Spark {
		return sql
	}
	var b strings.Builder
	for _, t := range tokenize(sql) {
		if t.kind == word && strings.EqualFold(t.text, "VARCHAR") {
			b.WriteString("STRING")
			continue
		}
		b.WriteString(t.text)
	}
	return b.String()
}
