package main

import (
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

func newSourcesCmd(a *app) *cobra.Command {
	return newTagListCmd(a, selection.TagSource, "Sources", `  ginlog sources
  ginlog sources --format json
  ginlog query summary --source ladder-week-3`)
}
