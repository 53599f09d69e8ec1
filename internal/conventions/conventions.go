// Package conventions holds the tests that check the source tree against
// the rules every package follows (STYLE.md, docs/architecture.md): that
// no Go file outside the tests holds SQL, which lives in embedded .sql
// files in the sql/ folder of the package that runs it; that no function
// is over 80 lines long; and that imports run down the layers that
// docs/architecture.md writes down. It has no code of its own.
package conventions
