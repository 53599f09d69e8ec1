package logs

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/logfile"
)

// Detect reports whether line, the first line of a lone <stamp>.csv, is a
// Hearts row: four plain fields, then the tricks in double quotes (a Gin
// Rummy row never holds a quote). A row with a quote is taken for a Hearts
// row whatever else is wrong with it, so that its defects are reported as
// a Hearts file's.
func Detect(line []byte) bool {
	return bytes.IndexByte(line, '"') >= 0
}

// Source is a log file for Stream: its name, [group/]player/stamp.csv,
// slash-separated, as its errors give it; and how to read it, which
// returns its bytes or the located defect of a file that could not be
// read.
type Source struct {
	Name string
	Read func() ([]byte, *logfile.FileError)
}

// Stream reads files and groups them into games, as ReadFS does, and
// passes each game to yield in a fixed order (by group, then stamp). It
// parses the files on workers goroutines (0: one per CPU), holding a
// bounded window of them, and groups them stamp by stamp, so that memory
// does not grow with the number of files. It stops at the first error of
// yield or when ctx is done. A file that cannot be read is a file whose
// only error is its defect, and rejects its game.
func Stream(ctx context.Context, files []Source, workers int, yield func(*Game) error) error {
	type named struct {
		file          Source
		group, player string
		stamp         int64
	}
	list := make([]named, len(files))
	for i, f := range files {
		list[i].file = f
		list[i].group, list[i].player, list[i].stamp, _ = SplitName(f.Name)
	}
	slices.SortStableFunc(list, func(a, b named) int {
		return cmp.Or(strings.Compare(a.group, b.group), cmp.Compare(a.stamp, b.stamp), strings.Compare(a.player, b.player))
	})
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	parsed := ordered(ctx, len(list), workers, func(i int) *File { return readSource(list[i].file) })
	var gr Grouper
	var stamp []*File
	emit := func(games []*Game) error {
		for _, g := range games {
			if err := yield(g); err != nil {
				return err
			}
		}
		return nil
	}
	for f := range parsed {
		if len(stamp) > 0 && !SameStamp(stamp[0], f) {
			if err := emit(gr.Add(stamp)); err != nil {
				return err
			}
			stamp = stamp[:0]
		}
		stamp = append(stamp, f)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(stamp) > 0 {
		if err := emit(gr.Add(stamp)); err != nil {
			return err
		}
	}
	return emit(gr.Flush())
}

// readSource reads and parses one file; a file that cannot be read is a
// file whose only row is its error, and whose SHA256 is that of no bytes.
func readSource(s Source) *File {
	data, e := s.Read()
	if e != nil {
		f := unreadable(s.Name, e)
		sum := sha256.Sum256(nil)
		f.SHA256 = hex.EncodeToString(sum[:])
		return f
	}
	return ParseFile(s.Name, data)
}

// ordered runs work(i) for i in [0, n) on workers goroutines and yields
// the results in order, holding a bounded window of them. It stops early
// when ctx is done.
func ordered[T any](ctx context.Context, n, workers int, work func(i int) T) <-chan T {
	workers = max(workers, 1)
	type job struct {
		i   int
		out chan T
	}
	jobs := make(chan job)
	queue := make(chan chan T, 4*workers+16)
	for range workers {
		go func() {
			for j := range jobs {
				j.out <- work(j.i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		defer close(queue)
		for i := range n {
			out := make(chan T, 1)
			select {
			case queue <- out:
			case <-ctx.Done():
				return
			}
			jobs <- job{i, out}
		}
	}()
	results := make(chan T)
	go func() {
		defer close(results)
		for out := range queue {
			r := <-out
			select {
			case results <- r:
			case <-ctx.Done():
				for range queue { // let the feeder finish
				}
				return
			}
		}
	}()
	return results
}
