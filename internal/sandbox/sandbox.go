// Package sandbox decides whether a statement given to ginlog sql may run
// on the read-only database. The database itself is opened read-only with
// external access disabled (schema.OpenReadOnlyWith); this package closes
// what those settings leave open: DuckDB still lets a statement write the
// database's own WAL (COPY ... TO), enable logging to a file (which can
// abort the process), run SQL from a string (query, query_table,
// json_execute_serialized_sql), checkpoint, or run several statements at
// once, the driver executing all but the last while preparing.
//
// A statement may run when DuckDB's own parser (json_serialize_sql, which
// serializes SELECT statements only) reads it as exactly one SELECT (SHOW,
// DESCRIBE, SUMMARIZE and FROM-first queries are SELECTs), every
// table function it calls is on the Allowed list, it calls no function
// with an effect outside the query (write_log), and it names no file as a
// table. The driver then prepares it, which executes nothing for a single
// statement, and its statement type must be SELECT.
package sandbox

import (
	"context"
	"database/sql"
	"database/sql/driver"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
)

// Refusal is a statement the sandbox will not run, and why.
type Refusal struct {
	Reason string
}

func (r *Refusal) Error() string {
	return "ginlog sql is read-only and runs one SELECT statement: " + r.Reason
}

// Allowed lists the table functions a statement may call: generators and
// descriptions of the database, none of which reads or writes a file or
// runs SQL given as a string.
var Allowed = []string{
	"collations", "database_size", "duckdb_columns", "duckdb_constraints", "duckdb_databases",
	"duckdb_dependencies", "duckdb_functions", "duckdb_indexes", "duckdb_keywords", "duckdb_memory",
	"duckdb_optimizers", "duckdb_schemas", "duckdb_sequences", "duckdb_settings", "duckdb_tables",
	"duckdb_temporary_files", "duckdb_types", "duckdb_variables", "duckdb_views", "generate_series",
	"histogram", "histogram_values", "icu_calendar_names", "json_each", "json_tree", "pg_timezone_names",
	"platform", "pragma_collations", "pragma_database_size", "pragma_metadata_info", "pragma_platform",
	"pragma_show", "pragma_storage_info", "pragma_table_info", "pragma_version", "range", "repeat",
	"repeat_row", "show", "show_databases", "show_tables", "show_tables_expanded", "storage_info",
	"summary", "table_info", "test_all_types", "unnest", "version",
}

//go:embed sql/serialize.sql
var serializeSQL string

// denied lists the scalar functions with an effect outside the query.
var denied = []string{"write_log"}

// Check returns nil if query may run, a *Refusal if it may not, or a
// *duckdb.Error if it does not parse or bind. It runs nothing
// of query: it parses it on conn and prepares it once it is known to be a
// single statement.
func Check(ctx context.Context, conn *sql.Conn, query string) error {
	var out string
	if err := conn.QueryRowContext(ctx, serializeSQL, query).Scan(&out); err != nil {
		return fmt.Errorf("parse the statement: %w", err)
	}
	var parsed struct {
		Error      bool   `json:"error"`
		ErrorType  string `json:"error_type"`
		Message    string `json:"error_message"`
		Statements []any  `json:"statements"`
	}
	if err := json.Unmarshal([]byte(out), &parsed); err != nil {
		return fmt.Errorf("parse the statement: %w", err)
	}
	switch {
	case parsed.Error && parsed.ErrorType == "parser":
		// The parser's own error, typed as the driver types it; nothing is
		// prepared from a text that does not parse.
		return &duckdb.Error{Type: duckdb.ErrorTypeParser, Msg: "Parser Error: " + parsed.Message}
	case parsed.Error:
		return &Refusal{Reason: "this is not one (COPY, EXPORT, ATTACH, INSTALL, LOAD, SET, PRAGMA, CALL, CHECKPOINT, " +
			"EXPLAIN and writes are refused, and so are several statements at once)"}
	case len(parsed.Statements) == 0:
		return &Refusal{Reason: "the text holds no statement"}
	case len(parsed.Statements) > 1:
		return &Refusal{Reason: fmt.Sprintf("the text holds %d statements: run them one at a time", len(parsed.Statements))}
	}
	if err := walk(parsed.Statements[0]); err != nil {
		return err
	}
	return prepare(ctx, conn, query, func(t duckdb.StmtType) error {
		if t != duckdb.STATEMENT_TYPE_SELECT {
			return &Refusal{Reason: fmt.Sprintf("the driver prepares it as a statement of type %d, not a SELECT", t)}
		}
		return nil
	})
}

// prepare prepares query, a single statement (so that nothing runs), and
// passes its type to check.
func prepare(ctx context.Context, conn *sql.Conn, query string, check func(duckdb.StmtType) error) error {
	return conn.Raw(func(dc any) error {
		pc, ok := dc.(driver.ConnPrepareContext)
		if !ok {
			return errors.New("the database driver cannot prepare statements")
		}
		s, err := pc.PrepareContext(ctx, query)
		if err != nil {
			return err
		}
		defer s.Close()
		st, ok := s.(*duckdb.Stmt)
		if !ok {
			return errors.New("the database driver gives no statement type")
		}
		t, err := st.StatementType()
		if err != nil {
			return err
		}
		return check(t)
	})
}

// walk checks every node of a parsed statement.
func walk(node any) error {
	switch n := node.(type) {
	case []any:
		for _, c := range n {
			if err := walk(c); err != nil {
				return err
			}
		}
	case map[string]any:
		if err := checkNode(n); err != nil {
			return err
		}
		for _, c := range n {
			if err := walk(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkNode checks one node: a table function call, a function call or a
// table reference.
func checkNode(n map[string]any) error {
	switch {
	case n["type"] == "TABLE_FUNCTION":
		f, _ := n["function"].(map[string]any)
		name, _ := f["function_name"].(string)
		if !slices.Contains(Allowed, strings.ToLower(name)) {
			return &Refusal{Reason: fmt.Sprintf("the table function %s is not allowed: only generators and descriptions of the database are (range, unnest, duckdb_tables, pragma_table_info, ...)", name)}
		}
	case n["class"] == "FUNCTION":
		name, _ := n["function_name"].(string)
		if slices.Contains(denied, strings.ToLower(name)) {
			return &Refusal{Reason: fmt.Sprintf("the function %s acts outside the query", name)}
		}
	case n["type"] == "BASE_TABLE":
		name, _ := n["table_name"].(string)
		if strings.ContainsAny(name, `./\`) {
			return &Refusal{Reason: fmt.Sprintf("%q names a file, and ginlog sql reads only the database's tables", name)}
		}
	}
	return nil
}
