// Command ginlog imports Gin Rummy tournament logs into DuckDB, verifies
// them through the rules engine, and answers questions about how opponents
// play. Run `ginlog --help` for the commands and exit codes.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
