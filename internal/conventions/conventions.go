// Package conventions holds the tests that check the source tree against
// the rules every package follows (STYLE.md): that no Go file outside the
// tests holds SQL, which lives in embedded .sql files under the sql/
// folder of the package that runs it. It has no code of its own.
package conventions
