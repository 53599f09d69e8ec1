package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The short flags mean the same on every command that has them:
//
//	-o  --out     the file or folder a command writes
//	-f  --format  the output format
//	-n            how many: the games simulate plays (--games), the rows sql
//	              shows (--max-rows), the differences retrace lists
//	              (--show), the recent games report charts (--recent)
//
// shortFlagsHelp says so in the root's help.
const shortFlagsHelp = `Short flags, the same on every command that has them:
  -o   --out: the file or folder written
  -f   --format: the output format (table, csv, json or markdown for tables;
       any case)
  -n   how many: simulate --games, sql --max-rows, retrace --show,
       report --recent`

// formatFlag registers -f/--format on cmd, storing the raw value in p: the
// formats allowed (all of them when none is given), the first the default,
// and their completion.
func formatFlag(cmd *cobra.Command, p *string, what string, allowed ...render.Format) {
	if len(allowed) == 0 {
		allowed = render.Formats
	}
	cmd.Flags().StringVarP(p, "format", "f", string(allowed[0]), what+": "+render.FormatList(allowed...))
	names := make([]string, len(allowed))
	for i, f := range allowed {
		names[i] = string(f)
	}
	mustComplete(cmd, "format", fixedCompletion(names...))
}

// parseFormat checks the value of --format against the formats allowed (all
// of them when none is given), in any case.
func parseFormat(s string, allowed ...render.Format) (render.Format, error) {
	if len(allowed) == 0 {
		allowed = render.Formats
	}
	f, err := render.ParseFormat(s, allowed...)
	if err != nil {
		names := make([]string, len(allowed))
		for i, a := range allowed {
			names[i] = string(a)
		}
		return "", oneOf("--format", "format", s, names...)
	}
	return f, nil
}

// flagError turns an error of the flag parser into a usage error of one
// line, in the form of the commands' own errors about a flag's value:
// "--foo: unknown flag (did you mean --format?); see ginlog query --help".
// A flag's value that rejects what it is given (--game) says why itself.
func flagError(cmd *cobra.Command, err error) error {
	var own *usageError
	if errors.As(err, &own) {
		return own // a flag's own value said what is wrong, in full
	}
	msg := err.Error()
	var (
		notExist *pflag.NotExistError
		required *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		if notExist.GetSpecifiedShortnames() != "" {
			msg = "-" + notExist.GetSpecifiedName() + ": unknown flag"
		} else {
			name := notExist.GetSpecifiedName()
			msg = "--" + name + ": unknown flag" + flagOrCommand(cmd, name)
		}
	case errors.As(err, &required):
		msg = flagName(required.GetFlag()) + ": needs a value"
	case errors.As(err, &invalid):
		msg = fmt.Sprintf("%s: want %s, got %q", flagName(invalid.GetFlag()), valueKind(invalid), invalid.GetValue())
	case errors.As(err, &syntax):
		msg = syntax.GetSpecifiedFlag() + ": bad flag syntax"
	}
	return &usageError{err: fmt.Errorf("%s; see %s --help", msg, cmd.CommandPath())}
}

// flagName names a flag as the messages do: --out.
func flagName(f *pflag.Flag) string {
	if f == nil {
		return "flag"
	}
	return "--" + f.Name
}

// valueKind says what a flag's value should have been.
func valueKind(e *pflag.InvalidValueError) string {
	f := e.GetFlag()
	if f == nil {
		return "a valid value"
	}
	var num *strconv.NumError
	switch t := f.Value.Type(); {
	case strings.HasSuffix(t, "Slice"):
		return "a list of " + valueNoun(strings.TrimSuffix(t, "Slice")) + "s, such as 2,3"
	case errors.As(e, &num) && errors.Is(num.Err, strconv.ErrRange):
		return "a smaller " + valueNoun(t)
	case t == "duration":
		return "a duration, such as 90s or 5m"
	case t == "bool":
		return "true or false"
	default:
		return "an " + valueNoun(t)
	}
}

// valueNoun names the kind of a flag's value.
func valueNoun(t string) string {
	switch {
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "integer"
	case strings.HasPrefix(t, "float"):
		return "number"
	}
	return t + " value"
}

// suggestFlag returns the flags of cmd (its own and those it inherits)
// that name may be a mistyping of.
func suggestFlag(cmd *cobra.Command, name string) []string {
	var names []string
	visit := func(f *pflag.Flag) {
		if !f.Hidden && !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return nearest(name, names)
}

// flagOrCommand suggests what an unknown flag --name may have meant: the
// command of that name (ingest --watch: ginlog watch), or else the flags
// of cmd it may be a mistyping of.
func flagOrCommand(cmd *cobra.Command, name string) string {
	for _, c := range cmd.Root().Commands() {
		if c.IsAvailableCommand() && c != cmd && c.Name() == strings.ToLower(name) {
			return " (did you mean the command " + c.CommandPath() + "?)"
		}
	}
	return meant("--", suggestFlag(cmd, name))
}

// nearest returns the names that typed may be a mistyping of: those within
// one edit of it (two for a name of 8 letters or more), a swap of two
// neighbouring letters being one edit; failing that, those it starts.
func nearest(typed string, names []string) []string {
	typed = strings.ToLower(typed)
	maxDist := 1
	if len(typed) >= 8 {
		maxDist = 2
	}
	var near, prefixed []string
	for _, n := range names {
		if editDistance(typed, n) <= maxDist {
			near = append(near, n)
		}
		if len(typed) >= 2 && strings.HasPrefix(n, typed) {
			prefixed = append(prefixed, n)
		}
	}
	if len(near) > 0 {
		return near
	}
	return prefixed
}

// editDistance is the optimal string alignment distance between a and b:
// the least insertions, deletions, substitutions and swaps of neighbouring
// letters that turn one into the other.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// meant says which names the user may have meant: " (did you mean
// --format?)", or nothing when none is near.
func meant(prefix string, names []string) string {
	for i, n := range names {
		names[i] = prefix + n
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return " (did you mean " + names[0] + "?)"
	}
	return " (did you mean one of " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1] + "?)"
}

// subcommandArgs rejects an argument of a command that only groups
// others (the root, bridge) as an unknown command, naming the nearest.
func subcommandArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	msg := args[0] + ": unknown command" + meant("", nearest(args[0], names))
	return usagef("%s; see %s --help", msg, cmd.CommandPath())
}
