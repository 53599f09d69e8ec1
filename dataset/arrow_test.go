package dataset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdataset"
	"github.com/ginlog/ginlog/schema"
)

// arrowTypes are the Arrow types a reader of the files must see for the
// dataset's column types.
var arrowTypes = map[string]string{
	"BOOLEAN":   "bool",
	"TINYINT":   "int8",
	"SMALLINT":  "int16",
	"INTEGER":   "int32",
	"BIGINT":    "int64",
	"VARCHAR":   "utf8",
	"VARCHAR[]": "list<element: utf8, nullable>",
	"TIMESTAMP": "timestamp[us]",
}

// readTable reads every file of a dataset table with Apache Arrow's Go
// Parquet reader, checking each file's columns and compression, and
// returns the table's rows (values as Arrow renders them) in file order.
func readTable(t *testing.T, dir string, table *dataset.Table) [][]string {
	t.Helper()
	files, err := dataset.Files(dir, table)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, path := range files {
		pf, err := file.OpenParquetFile(path, false)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer pf.Close()
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 4096}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		sch, err := fr.Schema()
		if err != nil {
			t.Fatal(err)
		}
		cols := table.DataColumns()
		if sch.NumFields() != len(cols) {
			t.Fatalf("%s: %d columns, want %d (%v)", path, sch.NumFields(), len(cols), sch)
		}
		for i, c := range cols {
			f := sch.Field(i)
			if f.Name != c.Name || f.Type.String() != arrowTypes[c.Type] {
				t.Errorf("%s column %d: %s %s, want %s %s", path, i, f.Name, f.Type, c.Name, arrowTypes[c.Type])
			}
		}
		for rg := 0; rg < pf.NumRowGroups(); rg++ {
			meta := pf.MetaData().RowGroup(rg)
			for i := range cols {
				cc, err := meta.ColumnChunk(i)
				if err != nil {
					t.Fatal(err)
				}
				if cc.Compression() != compress.Codecs.Zstd {
					t.Errorf("%s column %s: compression %v, want ZSTD", path, cols[i].Name, cc.Compression())
				}
			}
		}
		tbl, err := fr.ReadTable(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if tbl.NumRows() != pf.NumRows() {
			t.Errorf("%s: read %d rows, the footer says %d", path, tbl.NumRows(), pf.NumRows())
		}
		rr := array.NewTableReader(tbl, 4096)
		for rr.Next() {
			rec := rr.RecordBatch()
			for r := 0; r < int(rec.NumRows()); r++ {
				row := make([]string, rec.NumCols())
				for c := range row {
					row[c] = valueString(rec.Column(c), r)
				}
				rows = append(rows, row)
			}
		}
		rr.Release()
		tbl.Release()
	}
	return rows
}

// valueString renders one value of an Arrow array.
func valueString(a arrow.Array, i int) string {
	if a.IsNull(i) {
		return "NULL"
	}
	if l, ok := a.(*array.List); ok {
		start, end := l.ValueOffsets(i)
		var out []string
		for j := start; j < end; j++ {
			out = append(out, valueString(l.ListValues(), int(j)))
		}
		return fmt.Sprint(out)
	}
	return a.ValueStr(i)
}

// TestArrowReadsTheFiles reads the dataset back with an independent
// reader, Apache Arrow's: row counts against the database, every
// column's name and type, and the values of plays, round_checks and
// cards.
func TestArrowReadsTheFiles(t *testing.T) {
	tmp := t.TempDir()
	dbPath := filepath.Join(tmp, "ginlog.duckdb")
	testdataset.Database(t, dbPath, false, ingest.Options{Paths: []string{testdataset.Sample}, Source: "s1"})
	dir := testdataset.Export(t, dbPath)
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	db, err := schema.OpenReadOnly(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	read := map[string][][]string{}
	for i := range m.Tables {
		table := &m.Tables[i]
		t.Run(table.Name, func(t *testing.T) {
			rows := readTable(t, dir, table)
			read[table.Name] = rows
			if !table.Partitioned() {
				return
			}
			if want := count(t, db.DB, "SELECT count(*) FROM "+table.Name); int64(len(rows)) != want {
				t.Errorf("%d rows read, the database has %d", len(rows), want)
			}
		})
	}
	// plays: every row, against the database's.
	dbRows, err := db.Query(`SELECT game_id, round, ply, actor::VARCHAR, hand::VARCHAR[]::VARCHAR, hand_mask, top::VARCHAR, from_discard
		FROM plays ORDER BY game_id, round, ply`)
	if err != nil {
		t.Fatal(err)
	}
	defer dbRows.Close()
	plays := read["plays"]
	i := 0
	for ; dbRows.Next(); i++ {
		var id, round, ply int64
		var actor, hand, top string
		var mask uint64
		var taken bool
		if err := dbRows.Scan(&id, &round, &ply, &actor, &hand, &mask, &top, &taken); err != nil {
			t.Fatal(err)
		}
		if i >= len(plays) {
			break
		}
		got := plays[i]
		// game_id round ply actor hand hand_mask top drawn from_discard discarded
		want := []string{fmt.Sprint(id), fmt.Sprint(round), fmt.Sprint(ply), actor, "", fmt.Sprint(mask), top, "", fmt.Sprint(taken), ""}
		want[4], want[7], want[9] = got[4], got[7], got[9]
		if !slices.Equal(got, want) {
			t.Fatalf("play %d: Arrow reads %q, the database has %q", i, got, want)
		}
		h, err := gin.ParseHand(got[4][1 : len(got[4])-1])
		if err != nil || fmt.Sprintf("[%s]", hand[1:len(hand)-1]) != fmt.Sprintf("[%s]", joinComma(got[4])) || uint64(h) != mask {
			t.Fatalf("play %d: hand %s (mask %d) against the database's %s (%d): %v", i, got[4], h, hand, mask, err)
		}
	}
	if err := dbRows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(plays) {
		t.Errorf("%d plays read, %d in the database", len(plays), i)
	}
	// cards: the gin package's cards, in order.
	cards := read["cards"]
	if len(cards) != gin.NumCards {
		t.Fatalf("%d cards", len(cards))
	}
	for c := range gin.Card(gin.NumCards) {
		want := []string{c.String(), fmt.Sprint(int(c)), c.Suit().String(), fmt.Sprint(int(c.Suit())), c.Rank().String(),
			fmt.Sprint(int(c.Rank())), fmt.Sprint(c.Points()), fmt.Sprint(uint64(1) << c)}
		if !slices.Equal(cards[c], want) {
			t.Errorf("card %d: %q, want %q", c, cards[c], want)
		}
	}
}

// joinComma turns Arrow's rendering of a list, "[SA S2]", into the
// database's, "SA, S2".
func joinComma(list string) string {
	var b []byte
	for i := 1; i < len(list)-1; i++ {
		if list[i] == ' ' {
			b = append(b, ',', ' ')
			continue
		}
		b = append(b, list[i])
	}
	return string(b)
}
