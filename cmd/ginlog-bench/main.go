// Command ginlog-bench makes the performance measurements docs/performance.md
// quotes, each against a reference run on the same machine in the same
// run: ingest against DuckDB's read_csv, verify's throughput, and the
// named queries against a full scan. Run `ginlog-bench --help`.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
