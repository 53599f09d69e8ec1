package main

import (
	"context"

	"github.com/ginlog/ginlog/schema"
)

// dbPath returns the database file: --db, else GINLOG_DB, else the default
// in the working directory.
func (a *app) dbPath() string {
	if a.dbFlag != "" {
		return a.dbFlag
	}
	if p := a.getenv("GINLOG_DB"); p != "" {
		return p
	}
	return schema.DefaultPath
}

// openDB opens the database for writing, migrating it if needed.
func (a *app) openDB(ctx context.Context) (*schema.DB, error) {
	return schema.Open(ctx, a.dbPath())
}

// openReadOnly opens the database for queries.
func (a *app) openReadOnly(ctx context.Context) (*schema.DB, error) {
	return schema.OpenReadOnly(ctx, a.dbPath())
}
