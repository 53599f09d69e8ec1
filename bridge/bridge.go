// Package bridge writes the programs that let a bot written for another
// framework speak ginlog's line protocol (docs/protocol.md). Haskell
// writes the Main module for a FIT2102 player, of Gin Rummy (pickCard,
// playCard, makeMelds) or of Hearts (the 2019 framework's playCard):
// compiled beside the player's own module in the framework project, it
// makes an executable that ginlog plays as exec:PATH.
package bridge

import (
	"embed"
	"fmt"
	"io"
	"regexp"
	"text/template"

	"github.com/ginlog/ginlog/players/external"
)

// The templates: main.hs.tmpl for Gin Rummy, hearts_main.hs.tmpl for
// Hearts, and the Haskell both share in codec.hs.tmpl.
//
//go:embed *.hs.tmpl
var templates embed.FS

var haskellMain = template.Must(template.ParseFS(templates, "*.hs.tmpl"))

// The games a bridge is written for.
const (
	Gin    = "gin"
	Hearts = "hearts"
)

// HaskellOptions configure the generated Main module.
type HaskellOptions struct {
	Module string // the player's module; "" means Player, as in the framework
	File   string // the file the module is written to, for its build instructions; "" means GinlogMain.hs (GinlogHeartsMain.hs for Hearts)
	Game   string // Gin or Hearts; "" means Gin
}

var moduleName = regexp.MustCompile(`^[A-Z][A-Za-z0-9_']*(\.[A-Z][A-Za-z0-9_']*)*$`)

// Haskell writes the Main module for a FIT2102 player to w.
func Haskell(w io.Writer, opts HaskellOptions) error {
	tmpl, hello, file := "main.hs.tmpl", external.Hello, "GinlogMain.hs"
	switch opts.Game {
	case "", Gin:
	case Hearts:
		tmpl, hello, file = "hearts_main.hs.tmpl", external.HeartsHello, "GinlogHeartsMain.hs"
	default:
		return fmt.Errorf("game %q: want %s or %s", opts.Game, Gin, Hearts)
	}
	if opts.Module == "" {
		opts.Module = "Player"
	}
	if opts.File == "" {
		opts.File = file
	}
	if !moduleName.MatchString(opts.Module) {
		return fmt.Errorf("module %q: not a Haskell module name", opts.Module)
	}
	return haskellMain.ExecuteTemplate(w, tmpl, struct {
		HaskellOptions
		Hello string
	}{opts, hello})
}
