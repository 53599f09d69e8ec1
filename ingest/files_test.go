package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
)

func TestRejectedAndKnownFiles(t *testing.T) {
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Random[:2]...)
	testlogs.Write(t, dir, "5.csv", []byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;X8,0,S4,S7,CK\r\n"))
	testlogs.Write(t, dir, "5-score.csv", []byte("1,0,16,Knock,0\r\n"))
	testlogs.Write(t, dir, "6.csv", []byte("1,0,16,Knock,0\r\n"))
	db := openDB(t, "")
	s, _ := run(t, db.DB, dir)
	if n, err := CountGames(context.Background(), db.DB); err != nil || n != 2 {
		t.Errorf("CountGames = %d, %v; want 2", n, err)
	}
	got, err := RejectedFiles(context.Background(), db.DB, s.ImportID)
	want := []string{filepath.Join(dir, "5-score.csv"), filepath.Join(dir, "5.csv"), filepath.Join(dir, "6.csv")}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("RejectedFiles = %q, %v; want %q", got, err, want)
	}
	if got, err := RejectedFiles(context.Background(), db.DB, s.ImportID+1); err != nil || len(got) != 0 {
		t.Errorf("RejectedFiles of no import = %q, %v", got, err)
	}
	digest := func(b []byte) string { d := sha256.Sum256(b); return hex.EncodeToString(d[:]) }
	turns, scores := testlogs.Read(t, testlogs.Random[0])
	other, _ := testlogs.Read(t, testlogs.Random[3])
	known, err := KnownFiles(context.Background(), db.DB, []string{digest(turns), digest(scores), digest(other),
		digest([]byte("1,0,16,Knock,0\r\n"))})
	if err != nil || len(known) != 2 || !known[digest(turns)] || !known[digest(scores)] {
		t.Errorf("KnownFiles = %v, %v; want the first two only (a rejected file's game is not held)", known, err)
	}
}
