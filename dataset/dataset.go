// Package dataset writes a ginlog database out as a Parquet dataset that
// engines beyond one machine read (Spark SQL, Trino, anything that reads
// Apache Parquet), and opens such a dataset in DuckDB for the named
// queries.
//
// Layout of a dataset directory:
//
//	_manifest.json   what was exported, when, and from which imports (ginlog's bookkeeping)
//	_schema.md       the tables and columns, from the database's DDL comments
//	_spark.sql       Spark SQL statements that register every table as a view
//	_trino.sql       Trino statements that register every table in a Hive catalog
//	cards/cards.parquet, enums/enums.parquet   the dimensions (no partitions)
//	TABLE/source=S/import_month=YYYY-MM/part-NNNNN.parquet
//
// Every table of the database but schema_version is written, partitioned
// Hive style by source (the games' --source label, or the import's for
// the import tables; a missing label is __HIVE_DEFAULT_PARTITION__, and
// characters a path cannot hold are escaped %XX as Hive escapes them) and
// import month (the month the import started, UTC). Export NNNNN writes
// one file per partition and table, holding the rows of the imports it
// adds: an export is incremental, and a run with nothing new writes
// nothing. In the files the database's ENUMs are plain strings, card lists
// lists of strings and hand masks signed 64-bit integers; the partition
// columns are in the paths only.
//
// A label whose escaped form is longer than MaxPartitionValue bytes is cut
// there (never inside an escape or a character) and ends in '~' and 16 hex
// digits of the SHA-256 of the whole label, so that a folder name stays
// within the 255 bytes file systems allow. Since the source column is read
// from the paths, such a label's rows hold that cut form in the dataset:
// its first bytes, '~' and the hash; other labels come back whole.
//
// A reader reads exactly the files the manifest lists: a stray file in a
// table's folder is ignored, and a listed file that is missing, or that
// is not a regular file or is reached through a link, is an error naming
// it. The manifest records each file's rows, bytes, SHA-256 and the
// SHA-256 of its Parquet footer, and a reader checks the files against it
// before it reads them (Check): a file that differs is a *DamagedError.
// An export writes through no link: a link at the dataset's folder or
// inside it is refused.
package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The partition columns, in path order.
const (
	SourceColumn = "source"
	MonthColumn  = "import_month"
)

// NullPartition is the directory name of a missing partition value, as
// Hive, Spark and Trino write and read it.
const NullPartition = "__HIVE_DEFAULT_PARTITION__"

// Key says how a table's rows find their partition.
type Key string

// The keys.
const (
	ByGame        Key = "game"      // by the game of its game_id: the game's source, its import's month
	ByImport      Key = "import"    // by its import_id: the import's source and month
	Unpartitioned Key = "dimension" // a dimension, one file, rewritten when it changes
)

// exported lists the database's tables the dataset holds, in the order
// they are written and documented, with their keys. A table the database
// gains must be added here or to skipped (a test holds the schema to it).
var exported = []struct {
	Name string
	Key  Key
}{
	{"imports", ByImport},
	{"import_files", ByImport},
	{"import_errors", ByImport},
	{"games", ByGame},
	{"rounds", ByGame},
	{"plays", ByGame},
	{"game_checks", ByGame},
	{"round_checks", ByGame},
	{"violations", ByGame},
	{"play_features", ByGame},
	{"hearts_games", ByGame},
	{"game_players", ByGame},
	{"game_files", ByGame},
	{"hearts_hands", ByGame},
	{"hearts_scores", ByGame},
	{"hearts_checks", ByGame},
	{"hearts_hand_checks", ByGame},
	{"hearts_seats", ByGame},
	{"hearts_plays", ByGame},
	{"hearts_cards", ByGame},
	{"hearts_deviations", ByGame},
}

// skipped lists the database's tables the dataset leaves out, and why.
var skipped = map[string]string{
	"schema_version":    "the database's own migrations; the manifest records the schema version",
	"player_merges":     "the Hearts player identities merged by ginlog players --merge, already applied to game_players.player and hearts_seats.player (export again with --rebuild after merging)",
	"review_decisions":  "ginlog review's values of each decision, a cache of an evaluator's rollouts keyed by its weights: review computes them again",
	"rollup_groups":     "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_cards":      "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_plays":      "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_calls":      "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_rounds":     "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_sides":      "the named queries' rollups, built by ginlog verify from the other tables; a query over the dataset reads the raw rows",
	"rollup_tendencies": "the report's rollups (its tendencies and verify verdicts), built by ginlog verify from the other tables",
	"rollup_verdicts":   "the report's rollups (its tendencies and verify verdicts), built by ginlog verify from the other tables",
}

// Dimensions are the tables the dataset adds, written from the database's
// ENUM types: cards (the 52 cards in the gin package's order) and enums
// (every ENUM's values with their order).
var Dimensions = []string{"cards", "enums"}

// Column is a column of a dataset table.
type Column struct {
	Name     string `json:"name"`
	Type     string `json:"type"`               // its DuckDB type in the dataset: BIGINT, VARCHAR, VARCHAR[], ...
	Database string `json:"database,omitempty"` // its type in the database, when the dataset changes it
	Comment  string `json:"comment,omitempty"`  // from the DDL
}

// Table is a table of the dataset.
type Table struct {
	Name    string   `json:"name"`
	Key     Key      `json:"key"`
	Comment string   `json:"comment,omitempty"`
	Columns []Column `json:"columns"` // in the database's order, partition columns included
}

// Partitioned reports whether the table's files are partitioned.
func (t *Table) Partitioned() bool { return t.Key != Unpartitioned }

// DataColumns returns the columns its files hold: all but the partition
// columns.
func (t *Table) DataColumns() []Column {
	if !t.Partitioned() {
		return t.Columns
	}
	var out []Column
	for _, c := range t.Columns {
		if c.Name != SourceColumn && c.Name != MonthColumn {
			out = append(out, c)
		}
	}
	return out
}

// datasetType returns the type a database column of type dbType has in
// the dataset: enums become VARCHAR, lists of enums VARCHAR[], and UBIGINT
// (the 52-bit hand masks) BIGINT, which every engine reads.
func datasetType(dbType string, enums []string) string {
	base, list := strings.CutSuffix(dbType, "[]")
	switch {
	case slices.Contains(enums, base) && list:
		return "VARCHAR[]"
	case slices.Contains(enums, base):
		return "VARCHAR"
	case dbType == "UBIGINT":
		return "BIGINT"
	}
	return dbType
}

// escapePartition escapes a partition value as Hive does
// (FileUtils.escapePathName, which Spark and Trino share): control
// characters and "#%'*/:=?\\{[]^ and DEL become %XX. A value that a
// reader would take for a missing one (NULL, as DuckDB reads it, or the
// default partition's name) has its first character escaped too: readers
// compare the raw name before they unescape it. A value too long for a
// file name is cut (partitionValue).
func escapePartition(v string) string {
	var b strings.Builder
	reserved := strings.EqualFold(v, "null") || v == NullPartition
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte("\"#%'*/:=?\\{[]^", c) >= 0 || i == 0 && reserved {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// MaxPartitionValue is the longest escaped partition value a folder name
// holds: a longer one is cut and marked with a hash of the whole value
// (partitionValue), so that source=VALUE stays well within the 255 bytes
// file systems allow a name.
const MaxPartitionValue = 160

// partitionValue returns the escaped value of a partition folder's name:
// escapePartition(v), or, when that is longer than MaxPartitionValue, its
// first bytes (never part of a %XX escape or of a UTF-8 character), '~'
// and the first 16 hex digits of the SHA-256 of v, MaxPartitionValue bytes
// at most.
func partitionValue(v string) string {
	s := escapePartition(v)
	if len(s) <= MaxPartitionValue {
		return s
	}
	h := sha256.Sum256([]byte(v))
	suffix := "~" + hex.EncodeToString(h[:8])
	cut := MaxPartitionValue - len(suffix)
	for cut > 0 && (!utf8.RuneStart(s[cut]) || s[cut-1] == '%' || cut >= 2 && s[cut-2] == '%') {
		cut--
	}
	return s[:cut] + suffix
}

// partitionDir returns the directory of a partition under its table.
func partitionDir(source *string, month string) string {
	s := NullPartition
	if source != nil {
		s = partitionValue(*source)
	}
	return SourceColumn + "=" + s + "/" + MonthColumn + "=" + month
}

// ErrNotDataset reports a directory that is not a ginlog dataset.
var ErrNotDataset = errors.New("not a ginlog dataset")

// ErrChanged reports a database that changed rows an earlier export wrote
// (games removed or retagged, verified again with other results): an
// incremental export cannot add that, a rebuild rewrites the dataset.
var ErrChanged = errors.New("the database changed what the dataset holds")
