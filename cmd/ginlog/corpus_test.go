package main

import (
	"testing"

	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
)

// corpusDB ingests (and verifies) corpus c into a fresh database and
// returns the environment that names it.
func corpusDB(t *testing.T, c testenv.Corpus) map[string]string {
	t.Helper()
	dir := c.Dir(t)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "ingest", dir); r.code != exitOK {
		t.Fatalf("ingest %s: exit %d: %s", dir, r.code, r.err)
	}
	return env
}

// realDB is corpusDB on the real logs.
func realDB(t *testing.T) map[string]string {
	t.Helper()
	return corpusDB(t, testenv.RealLogs)
}

// goldenName names a golden file of a test run on corpus c: the real
// logs' files keep their plain names, the sample's are in sample/.
func goldenName(c testenv.Corpus, name string) string {
	if c == testenv.Sample {
		return "sample/" + name
	}
	return name
}

// corpusLogs returns the oracle's reading of corpus c and its summary:
// what the tests check the commands' counts against.
func corpusLogs(t *testing.T, c testenv.Corpus) ([]*oracle.Game, *oracle.Summary) {
	t.Helper()
	logs, err := oracle.Read(c.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	s, err := oracle.Summarize(logs)
	if err != nil {
		t.Fatal(err)
	}
	return logs, s
}
