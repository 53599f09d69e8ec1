package main

import (
	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

func newSourcesCmd(a *app) *cobra.Command {
	return newTagListCmd(a, queries.TagSource, "Sources", `  ginlog sources
  ginlog sources --format json
  ginlog query summary --source ladder-week-3`)
}
