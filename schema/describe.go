package schema

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"strings"
)

var (
	//go:embed sql/catalog/tables.sql
	tablesSQL string
	//go:embed sql/catalog/columns.sql
	columnsSQL string
	//go:embed sql/catalog/enums.sql
	enumsSQL string
)

// Description is the schema of a database as DuckDB's catalog gives it:
// what docs/schema.md is generated from.
type Description struct {
	Enums  []Enum
	Tables []Table // in the order they were created
}

// Enum is an ENUM type of the schema.
type Enum struct {
	Name   string
	Values []string // in order: a value's position is its enum_code
}

// Table is a table of the schema.
type Table struct {
	Name    string
	Comment string // from COMMENT ON TABLE; "" when it has none
	Columns []Column
}

// Column is a column of a table.
type Column struct {
	Name     string
	Type     string // as declared: an ENUM by its type's name (card, card[])
	Nullable bool
	Key      bool   // part of the table's primary key
	Comment  string // from COMMENT ON COLUMN; "" when it has none
}

// Describe reads the schema of db from DuckDB's catalog: its ENUM types,
// tables and columns, with their comments.
func Describe(ctx context.Context, db *sql.DB) (*Description, error) {
	d := &Description{}
	err := each(ctx, db, enumsSQL, func(rows *sql.Rows) error {
		var e Enum
		var labels any
		if err := rows.Scan(&e.Name, &labels); err != nil {
			return err
		}
		list, ok := labels.([]any)
		if !ok {
			return fmt.Errorf("the values of %s are a %T, not a list", e.Name, labels)
		}
		for _, l := range list {
			s, ok := l.(string)
			if !ok {
				return fmt.Errorf("a value of %s is a %T, not a string", e.Name, l)
			}
			e.Values = append(e.Values, s)
		}
		d.Enums = append(d.Enums, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("describe the enums: %w", err)
	}
	byName := map[string]*Table{}
	err = each(ctx, db, tablesSQL, func(rows *sql.Rows) error {
		var t Table
		if err := rows.Scan(&t.Name, &t.Comment); err != nil {
			return err
		}
		d.Tables = append(d.Tables, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("describe the tables: %w", err)
	}
	for i := range d.Tables {
		byName[d.Tables[i].Name] = &d.Tables[i]
	}
	// DuckDB spells a column of an ENUM type by its values: name it.
	named := strings.NewReplacer(d.enumSpellings()...)
	err = each(ctx, db, columnsSQL, func(rows *sql.Rows) error {
		var table string
		var c Column
		if err := rows.Scan(&table, &c.Name, &c.Type, &c.Nullable, &c.Key, &c.Comment); err != nil {
			return err
		}
		t := byName[table]
		if t == nil {
			return fmt.Errorf("column %s of %s, a table not described", c.Name, table)
		}
		c.Type = named.Replace(c.Type)
		t.Columns = append(t.Columns, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("describe the columns: %w", err)
	}
	return d, nil
}

// enumSpellings returns, for each ENUM, how DuckDB spells its values as a
// column type followed by the type's name, as strings.NewReplacer takes
// them.
func (d *Description) enumSpellings() []string {
	var pairs []string
	for _, e := range d.Enums {
		quoted := make([]string, len(e.Values))
		for i, v := range e.Values {
			quoted[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
		}
		pairs = append(pairs, "ENUM("+strings.Join(quoted, ", ")+")", e.Name)
	}
	return pairs
}

// each runs a query and calls fn on each row.
func each(ctx context.Context, db *sql.DB, query string, fn func(*sql.Rows) error) error {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
