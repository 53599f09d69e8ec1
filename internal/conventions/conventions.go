// Package conventions holds the tests that check the source tree against
// the rules every package follows (STYLE.md): that no Go file outside the
// tests holds SQL, which lives in embedded .sql files under the sql/
// folder of the package that runs it; and that the database's packages
// import one way, down: schema and selection, then store and ingest, then
// queries, then the features, then the command line. It has no code of
// its own.
package conventions
