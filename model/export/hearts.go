package export

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"math"
	"strconv"
	"strings"
	"text/template"
	"unicode"
)

// RateTables are tables of rates measured on Hearts games, as ginlog
// export --game hearts writes them for a Hearts bot: each table is one of
// the named Hearts queries, its rows keyed by the query's text columns
// (a card and a measure, a player and a suit, ...), each rate with its
// cases, opportunities and 95% Wilson interval.
type RateTables struct {
	Format  string      `json:"format"` // RateTablesFormat
	Version int         `json:"version"`
	Source  RateSource  `json:"source"`
	Tables  []RateTable `json:"tables"`
}

// RateTablesFormat and RateTablesVersion identify the JSON form.
const (
	RateTablesFormat  = "ginlog-hearts-rates"
	RateTablesVersion = 1
)

// RateSource says what the rates were measured on.
type RateSource struct {
	Games      int               `json:"games"`
	Hands      int               `json:"hands"`
	Determined int               `json:"determined_hands"`
	Filters    map[string]string `json:"filters,omitempty"`
}

// RateTable is one query's rates.
type RateTable struct {
	Name string    `json:"name"` // the query's name: hearts-cards
	Doc  string    `json:"doc"`  // what it measures, one sentence
	Keys []string  `json:"keys"` // the names of the key columns
	Rows []RateRow `json:"rows"`
}

// RateRow is one rate.
type RateRow struct {
	Key           []string `json:"key"`
	Cases         int      `json:"cases"`
	Opportunities int      `json:"opportunities"`
	Rate          float64  `json:"rate"` // cases / opportunities; 0 without opportunities
	Low           float64  `json:"ci_low"`
	High          float64  `json:"ci_high"`
}

// ErrBadTables reports rate tables that cannot be exported.
var ErrBadTables = errors.New("bad rate tables")

// Check validates the tables: names that make identifiers, unique; every
// key as long as its table's keys and unique in it; counts and rates in
// range, each rate inside its interval.
func (t *RateTables) Check() error {
	names := map[string]bool{}
	for _, tb := range t.Tables {
		id := goIdent(tb.Name)
		if id == "" || names[id] {
			return fmt.Errorf("%w: table %q: no identifier, or twice", ErrBadTables, tb.Name)
		}
		names[id] = true
		keys := map[string]bool{}
		for _, r := range tb.Rows {
			key := strings.Join(r.Key, KeySeparator)
			switch {
			case len(r.Key) != len(tb.Keys):
				return fmt.Errorf("%w: %s: key %q of %d columns, want %d", ErrBadTables, tb.Name, key, len(r.Key), len(tb.Keys))
			case keys[key]:
				return fmt.Errorf("%w: %s: key %q twice", ErrBadTables, tb.Name, key)
			case r.Cases < 0 || r.Opportunities < r.Cases:
				return fmt.Errorf("%w: %s %q: %d cases of %d", ErrBadTables, tb.Name, key, r.Cases, r.Opportunities)
			case !inUnit(r.Rate) || !inUnit(r.Low) || !inUnit(r.High) || r.Low > r.Rate || r.Rate > r.High:
				return fmt.Errorf("%w: %s %q: rate %v outside [%v, %v] or [0, 1]", ErrBadTables, tb.Name, key, r.Rate, r.Low, r.High)
			}
			keys[key] = true
		}
	}
	return nil
}

func inUnit(v float64) bool { return !math.IsNaN(v) && v >= 0 && v <= 1 }

// KeySeparator joins a row's key columns into the one string the Go and
// Haskell exports key their tables by: "S2/wins", "p1/H".
const KeySeparator = "/"

// JSON writes the tables as an indented JSON document.
func (t *RateTables) JSON(out io.Writer) error {
	if err := t.Check(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}

//go:embed hearts_go.tmpl hearts_haskell.tmpl
var heartsFiles embed.FS

var heartsTemplates = template.Must(template.New("").Funcs(template.FuncMap{
	"goComment": func(text string) string { return comment("// ", text) },
	"hsComment": func(text string) string { return comment("-- ", text) },
	"goString":  strconv.Quote,
	"hsString":  hsString,
	"num":       num,
	"hsNum":     hsNum,
	"goIdent":   goIdent,
	"hsIdent":   hsIdent,
	"key":       func(k []string) string { return strings.Join(k, KeySeparator) },
}).ParseFS(heartsFiles, "*.tmpl"))

// HeartsGo writes the tables as a self-contained Go file of package pkg
// (no imports): a Rate type and one map from key to Rate per table.
func HeartsGo(out io.Writer, t *RateTables, pkg string) error {
	if err := CheckGoPackage(pkg); err != nil {
		return err
	}
	return heartsGenerate(out, t, "hearts_go.tmpl", pkg, format.Source)
}

// HeartsHaskell writes the tables as one self-contained Safe Haskell
// module that compiles under -Wall -Werror: a Rate record, one association
// list per table and lookupRate.
func HeartsHaskell(out io.Writer, t *RateTables, module string) error {
	if err := CheckHaskellModule(module); err != nil {
		return err
	}
	return heartsGenerate(out, t, "hearts_haskell.tmpl", module, nil)
}

func heartsGenerate(out io.Writer, t *RateTables, tmpl, name string, finish func([]byte) ([]byte, error)) error {
	if err := t.Check(); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := heartsTemplates.ExecuteTemplate(&b, tmpl, struct {
		T    *RateTables
		Name string
	}{t, name}); err != nil {
		return fmt.Errorf("export %s: %w", tmpl, err)
	}
	code := b.Bytes()
	if finish != nil {
		var err error
		if code, err = finish(code); err != nil {
			return fmt.Errorf("export %s: the generated code does not parse: %w", tmpl, err)
		}
	}
	_, err := out.Write(code)
	return err
}

// goIdent turns a table's name (hearts-first-heart) into an exported Go
// identifier (HeartsFirstHeart): its letters and digits, each word
// capitalised. It returns "" when nothing is left or a digit would lead.
func goIdent(name string) string {
	var b strings.Builder
	upper := true
	for _, r := range name {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if upper {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			upper = false
		default:
			upper = true
		}
	}
	s := b.String()
	if s == "" || unicode.IsDigit(rune(s[0])) {
		return ""
	}
	return s
}

// hsIdent is goIdent with its first letter lower case: a Haskell value
// name (heartsFirstHeart).
func hsIdent(name string) string {
	s := goIdent(name)
	if s == "" {
		return ""
	}
	return strings.ToLower(s[:1]) + s[1:]
}
