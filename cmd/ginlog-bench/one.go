package main

import (
	"encoding/json"
	"errors"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/spf13/cobra"
)

// newOneCmd is the child process of ingest: one engine, one corpus, one
// fresh database.
func newOneCmd(a *app) *cobra.Command {
	var engine, db, game string
	cmd := &cobra.Command{
		Use:     "one --engine read_csv|ginlog --db PATH CORPUS",
		Short:   "Run one engine of the ingest measurement (internal)",
		Example: `  ginlog-bench one --engine read_csv --db /tmp/ref.duckdb /tmp/corpus`,
		Hidden:  true,
		Args:    argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if db == "" {
				return usagef("--db: name the database to create")
			}
			one := bench.One
			switch game {
			case "gin":
			case "hearts":
				one = bench.OneHearts
			default:
				return usagef("--game: want gin or hearts, got %q", game)
			}
			r, err := one(cmd.Context(), engine, db, args[0])
			if errors.Is(err, bench.ErrUnknownEngine) {
				return &usageError{err: err}
			}
			if err != nil {
				return err
			}
			return json.NewEncoder(a.out).Encode(r)
		},
	}
	cmd.Flags().StringVar(&engine, "engine", bench.EngineGinlog, "read_csv or ginlog")
	cmd.Flags().StringVar(&db, "db", "", "the database to create")
	cmd.Flags().StringVar(&game, "game", "gin", "the logs: gin or hearts")
	return cmd
}
