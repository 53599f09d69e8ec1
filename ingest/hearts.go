package ingest

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/schema"
)

// heartsFormat reads the FIT2102 Hearts logs (package hearts/logs): the
// files <group>/<player>/<stamp>.csv, sibling player folders holding one
// game's views. Earlier-version games span several stamps, and a stamp may
// hold the end of one game and the start of the next: such a file belongs
// to both games (game_files), and import_files records it once, with the
// first.
type heartsFormat struct{}

// Kind implements Format.
func (heartsFormat) Kind() string { return schema.KindHearts }

// Detect implements Format: a Hearts row is four plain fields, then the
// tricks in double quotes, and a Gin row never holds a quote. A row with a
// quote is taken for a Hearts row whatever else is wrong with it, so that
// its defects are reported as a Hearts file's.
func (heartsFormat) Detect(line []byte) bool {
	return bytes.IndexByte(line, '"') >= 0
}

// CodeTooManyHands is the defect code of a Hearts game longer than
// MaxHeartsHands hands. The Hearts files' other codes are hearts/logs'.
const CodeTooManyHands = "too-many-hands"

// MaxHeartsHands is the most hands a Hearts game may have (games.rounds
// is a SMALLINT). The real logs' longest game has 14,198 hands, played to
// a limit of 100,000.
const MaxHeartsHands = 30000

// Read implements Format. It parses the files on workers goroutines,
// holding a bounded window of them, and groups them stamp by stamp, so
// that memory does not grow with the number of files.
func (heartsFormat) Read(ctx context.Context, files []LogFile, workers int, yield func(FormatGame) error) error {
	type named struct {
		file          LogFile
		group, player string
		stamp         int64
	}
	list := make([]named, len(files))
	for i, f := range files {
		list[i].file = f
		list[i].group, list[i].player, list[i].stamp, _ = logs.SplitName(f.Name)
	}
	slices.SortStableFunc(list, func(a, b named) int {
		return cmp.Or(strings.Compare(a.group, b.group), cmp.Compare(a.stamp, b.stamp), strings.Compare(a.player, b.player))
	})
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	parsed := ordered(ctx, len(list), workers, func(i int) *logs.File { return parseHearts(list[i].file) })
	var gr logs.Grouper
	var stamp []*logs.File
	emit := func(games []*logs.Game) error {
		for _, g := range games {
			if err := yield(newHeartsGame(g)); err != nil {
				return err
			}
		}
		return nil
	}
	for f := range parsed {
		if len(stamp) > 0 && !logs.SameStamp(stamp[0], f) {
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

// parseHearts reads and parses one file; a file that cannot be read is a
// file whose only row is its error.
func parseHearts(f LogFile) *logs.File {
	data, err := f.Read()
	if err != nil {
		hf := &logs.File{Name: f.Name, Pos: -1, Errors: []*logfile.FileError{readFailure(f.Name, err)}}
		sum := sha256.Sum256(nil)
		hf.SHA256 = hex.EncodeToString(sum[:])
		hf.Group, hf.Player, hf.Stamp, _ = logs.SplitName(f.Name)
		return hf
	}
	return logs.ParseFile(f.Name, data)
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

// heartsGame is a game of Hearts logs, as a FormatGame.
type heartsGame struct {
	g      *logs.Game
	errors []*logfile.FileError
}

func newHeartsGame(g *logs.Game) *heartsGame {
	hg := &heartsGame{g: g, errors: slices.Clip(g.Errors)}
	if len(g.Errors) == 0 && len(g.Hands) > MaxHeartsHands {
		f, row := g.Hands[MaxHeartsHands].Locate(0)
		hg.errors = append(hg.errors, &logfile.FileError{File: f.Name, Line: int(row.Line), Code: CodeTooManyHands,
			Msg: fmt.Sprintf("the game goes on past %d hands, the most a game may have", MaxHeartsHands)})
	}
	return hg
}

// Stamp implements FormatGame.
func (hg *heartsGame) Stamp() int64 {
	if len(hg.g.Stamps) == 0 {
		return 0
	}
	return hg.g.Stamps[0].Time
}

// Size implements FormatGame: hands and cards.
func (hg *heartsGame) Size() (rounds, plays int) {
	return len(hg.g.Hands), len(hg.g.Hands) * gin.NumCards
}

// Errors implements FormatGame.
func (hg *heartsGame) Errors() []*logfile.FileError { return hg.errors }

// Files implements FormatGame.
func (hg *heartsGame) Files() []File {
	var out []File
	for _, f := range hg.g.Files() {
		out = append(out, File{Name: f.Name, SHA256: f.SHA256, Bytes: f.Bytes})
	}
	return out
}

// Hashes implements FormatGame. The canonical hash covers what every
// view of the game shares: the number of players and each hand's first
// field and cards. The content hash adds what this set of files tells:
// the players' ids and which of them logged which scores.
func (hg *heartsGame) Hashes() (content, canonical string) {
	g := hg.g
	h := sha256.New()
	buf := make([]byte, 0, 2+gin.NumCards)
	buf = append(buf, "hearts\x00"...)
	buf = append(buf, byte(g.Players))
	h.Write(buf)
	for i := range g.Hands {
		hand := &g.Hands[i]
		buf = append(buf[:0], byte(hand.First))
		for _, c := range hand.Cards {
			buf = append(buf, byte(c))
		}
		h.Write(buf)
	}
	canon := h.Sum(nil)
	h.Reset()
	h.Write(canon)
	for _, id := range g.IDs[:g.Players] {
		h.Write(binary.AppendUvarint(nil, uint64(len(id))))
		h.Write([]byte(id))
	}
	for i := range g.Hands {
		hand := &g.Hands[i]
		buf = buf[:0]
		for p := range g.Players {
			if hand.Logged[p] {
				buf = append(buf, 1, byte(hand.Score[p]))
			} else {
				buf = append(buf, 0, 0)
			}
		}
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil)), hex.EncodeToString(canon)
}

// Store implements FormatGame: hearts_games, game_players, game_files,
// hearts_hands and hearts_scores.
func (hg *heartsGame) Store(r *Rows, id int64) error {
	g := hg.g
	first := int8(g.Hands[0].First)
	if err := r.Append("hearts_games", id, int8(g.Players), g.Version.String(), g.Group, int32(len(g.Stamps)), first); err != nil {
		return err
	}
	for p := range g.Players {
		var pid any
		if g.IDs[p] != "" {
			pid = g.IDs[p]
		}
		if err := r.Append("game_players", id, int8(p), pid, g.IDs[p] != ""); err != nil {
			return err
		}
	}
	for _, s := range g.Stamps {
		for p, f := range s.Files {
			if f == nil {
				continue
			}
			if err := r.Append("game_files", id, s.Time, int8(p), f.Name, f.SHA256); err != nil {
				return err
			}
		}
	}
	cards := make([]any, gin.NumCards)
	for i := range g.Hands {
		h := &g.Hands[i]
		for k, c := range h.Cards {
			cards[k] = schema.CardValues[c]
		}
		hand := int32(i + 1)
		if err := r.Append("hearts_hands", id, hand, h.Stamp.Time, int32(h.Row), int8(h.First), cards); err != nil {
			return err
		}
		for p := range g.Players {
			if !h.Logged[p] {
				continue
			}
			row := &h.Stamp.Files[p].Rows[h.Row]
			if err := r.Append("hearts_scores", id, hand, int8(p), int16(h.Score[p]), row.Line, int16(row.ScoreCol), int16(row.CardCol[0])); err != nil {
				return err
			}
		}
	}
	return nil
}
