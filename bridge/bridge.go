// Package bridge writes the programs that let a bot written for another
// framework speak ginlog's line protocol (docs/protocol.md). Haskell
// writes the Main module for a FIT2102 Gin Rummy player: compiled beside
// the player's own module in the framework project, it makes an
// executable that ginlog plays as exec:PATH.
package bridge

import (
	_ "embed"
	"fmt"
	"io"
	"regexp"
	"text/template"

	"github.com/ginlog/ginlog/players/external"
)

//go:embed main.hs.tmpl
var mainHS string

var haskellMain = template.Must(template.New("main.hs").Parse(mainHS))

// HaskellOptions configure the generated Main module.
type HaskellOptions struct {
	Module string // the player's module; "" means Player, as in the framework
	File   string // the file the module is written to, for its build instructions; "" means GinlogMain.hs
}

var moduleName = regexp.MustCompile(`^[A-Z][A-Za-z0-9_']*(\.[A-Z][A-Za-z0-9_']*)*$`)

// Haskell writes the Main module for a FIT2102 player to w.
func Haskell(w io.Writer, opts HaskellOptions) error {
	if opts.Module == "" {
		opts.Module = "Player"
	}
	if opts.File == "" {
		opts.File = "GinlogMain.hs"
	}
	if !moduleName.MatchString(opts.Module) {
		return fmt.Errorf("module %q: not a Haskell module name", opts.Module)
	}
	return haskellMain.Execute(w, struct {
		HaskellOptions
		Hello string
	}{opts, external.Hello})
}
