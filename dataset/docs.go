package dataset

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/ginlog/ginlog/dialect"
)

// The files an export writes beside the tables.
const (
	SchemaDocName = "_schema.md"
	SparkName     = "_spark.sql"
	TrinoName     = "_trino.sql"
)

// writeDocs writes the dataset's description and the statements that
// register it in Spark SQL and Trino.
func (e *exporter) writeDocs(m *Manifest) error {
	spark, err := SparkDDL(m, e.dir)
	if err != nil {
		return err
	}
	trino, err := TrinoDDL(m, e.dir)
	if err != nil {
		return err
	}
	for name, text := range map[string]string{SchemaDocName: SchemaDoc(m), SparkName: spark, TrinoName: trino} {
		if err := writeFile(e.dir, name, []byte(text)); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return nil
}

// SchemaDoc returns the dataset's _schema.md: its layout, conventions,
// and every table and column with the DDL's comment.
func SchemaDoc(m *Manifest) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# A ginlog dataset

Written by ginlog export-data from a ginlog database (schema version %d);
generated, do not edit. Every table of the database is here as Apache
Parquet files (ZSTD), partitioned Hive style:

    TABLE/source=SOURCE/import_month=YYYY-MM/part-NNNNN.parquet

- source is the games' --source label (the import's for imports,
  import_files and import_errors); a missing label is %s, and
  characters a path cannot hold are escaped as %%XX, as Hive, Spark and
  Trino escape them; a label longer than %d bytes so escaped is cut
  there and ends in '~' and 16 hex digits of its SHA-256, which is what
  the source column then holds. import_month is the month the import
  started (UTC). Both are in the paths only, not in the files; read them
  as strings.
- Export NNNNN wrote one file per table and partition, holding the rows of
  the imports it added: an export only adds files, and one with nothing
  new adds none. An import is exported once all its games are verified
  (by ginlog verify: Gin Rummy games in game_checks, Hearts games in
  hearts_checks).
  _manifest.json lists the exports, their imports and files.
- cards and enums are dimensions, one file each, without partitions.
- %s and %s register the tables in Spark SQL (temporary views) and in
  Trino (a Hive catalog).

## Conventions

- The database's ENUMs are plain strings here: a card is its name in the
  log notation ('SA', 'H10'), a side 'you' or 'opp', a call 'Drop',
  'Knock' or 'Gin', a relation 'meld', 'combo' or 'none', a verify status
  'exact', 'explained' or 'impossible', a game's kind 'gin' or 'hearts',
  a Hearts framework version and order method as enums lists them
  (hearts_games.version, hearts_checks.method). Their order is not the strings'
  order: enums gives each value's code, and cards the card's code (0-51,
  suit S, C, D, H then rank A..K), suit, rank and points. Order cards by
  joining cards on card, not by the string.
- Card lists (plays.hand, round_checks.cards_you, cards_opp) are lists of
  those strings.
- Hand masks (plays.hand_mask, round_checks.final_*, melded_*) are signed
  64-bit integers (the database's UBIGINT: they use 52 bits), with bit
  cards.code set for each card held: mask %% (2 * bit) >= bit tests a card
  in any engine.
- Timestamps are without a time zone, in UTC, to the microsecond.
- "you" is the logged player (the owner of the logs), "opp" its opponent.
- A Hearts game is a games row of kind 'hearts' whose Gin Rummy columns
  (you_total, opp_total, winner) are NULL; its rows are in game_players,
  game_files and the hearts_ tables. Hearts cards use the same cards table
  (the queries order a Hearts suit from 2 up to the ace).

`, m.SchemaVersion, NullPartition, MaxPartitionValue, SparkName, TrinoName)
	for _, t := range m.Tables {
		writeTableDoc(&b, t)
	}
	return b.String()
}

// writeTableDoc writes the section of _schema.md on t: its comment and a
// row per column, with the column's type in the database.
func writeTableDoc(b *strings.Builder, t Table) {
	fmt.Fprintf(b, "## %s\n\n", t.Name)
	if t.Comment != "" {
		fmt.Fprintf(b, "%s\n\n", t.Comment)
	}
	b.WriteString("| column | type | in the database | description |\n|---|---|---|---|\n")
	for _, c := range t.Columns {
		db := c.Database
		switch {
		case db == "":
			db = "same"
		case strings.HasPrefix(c.Type, "VARCHAR"):
			db = "ENUM " + db
		}
		if c.Name == SourceColumn || c.Name == MonthColumn {
			db = "partition"
			if c.Name == SourceColumn && t.Name == "games" || c.Name == SourceColumn && t.Name == "imports" {
				db = "VARCHAR; a partition here"
			}
		}
		if !t.Partitioned() {
			db = "(dimension)"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", c.Name, c.Type, db, strings.ReplaceAll(c.Comment, "|", `\|`))
	}
	b.WriteString("\n")
}

// SparkDDL returns the Spark SQL statements that register the dataset in
// dir as temporary views, one per table, with their columns' types: run
// them with spark-sql -i. A dir with a control character is refused
// (ErrPath).
func SparkDDL(m *Manifest, dir string) (string, error) {
	if err := checkDDLPath(dir); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-- Spark SQL (3.4 or later): the ginlog dataset at %s as temporary views.\n", dir)
	b.WriteString("-- spark-sql -i _spark.sql -e \"$(ginlog query summary --dialect spark --print-sql)\"\n")
	b.WriteString("-- Generated by ginlog export-data; the partitions are found when a view is read.\n")
	for _, t := range m.Tables {
		cols, err := columnList(dialect.Spark, t.Columns, " ")
		if err != nil {
			return "", fmt.Errorf("table %s: %w", t.Name, err)
		}
		view, err := statement("spark-view.sql", map[string]any{
			"Name": t.Name, "Columns": cols, "Path": dialect.Spark.String(filepath.Join(dir, t.Name)),
		})
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n%s\n", view)
	}
	return b.String(), nil
}

// TrinoDDL returns the Trino statements that register the dataset in dir
// as external tables of the schema ginlog in a Hive catalog named hive,
// and find their partitions: run them again after each export. A dir
// with a control character is refused (ErrPath); the tables' locations
// are percent-encoded file: URIs.
func TrinoDDL(m *Manifest, dir string) (string, error) {
	if err := checkDDLPath(dir); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-- Trino: the ginlog dataset at %s as external tables in hive.ginlog\n", dir)
	b.WriteString("-- (a catalog with connector.name=hive that reads local files; rename hive and ginlog as needed).\n")
	b.WriteString("-- Generated by ginlog export-data; run it again after each export to find the new partitions.\n")
	create, err := statement("trino-schema.sql", nil)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "\n%s\n", create)
	for _, t := range m.Tables {
		cols, err := columnList(dialect.Trino, t.Columns, " ")
		if err != nil {
			return "", fmt.Errorf("table %s: %w", t.Name, err)
		}
		table, err := statement("trino-table.sql", map[string]any{
			"Name": t.Name, "Columns": cols, "Partitioned": t.Partitioned(),
			"Location":     dialect.Trino.String(fileURI(filepath.Join(dir, t.Name))),
			"SourceColumn": SourceColumn, "MonthColumn": MonthColumn,
		})
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n%s\n", table)
	}
	return b.String(), nil
}

// checkDDLPath refuses a dataset path with a control character: a
// newline would start a line of its own in the statements.
func checkDDLPath(dir string) error {
	if strings.ContainsFunc(dir, unicode.IsControl) {
		return fmt.Errorf("dataset %q: %w: it may not contain a control character", dir, ErrPath)
	}
	return nil
}

// fileURI returns the file: URI of an absolute path, percent-encoded
// (spaces, '#', '%', '?' and the like).
func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

// columnList returns the columns of a table definition: the data columns,
// then the partition columns (last, as Trino requires).
func columnList(d dialect.Dialect, cols []Column, sep string) (string, error) {
	var data, parts []string
	for _, c := range cols {
		typ, err := d.Type(c.Type)
		if err != nil {
			return "", err
		}
		def := d.Ident(c.Name) + sep + typ
		if c.Name == SourceColumn || c.Name == MonthColumn {
			parts = append(parts, def)
			continue
		}
		data = append(data, def)
	}
	return strings.Join(append(data, parts...), ",\n  "), nil
}
