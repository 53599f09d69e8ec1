package ingest

import (
	"context"
	"fmt"
	"slices"

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

// Detect implements Format (hearts/logs' Detect).
func (heartsFormat) Detect(line []byte) bool { return logs.Detect(line) }

// CodeTooManyHands is the defect code of a Hearts game longer than
// MaxHeartsHands hands. The Hearts files' other codes are hearts/logs'.
const CodeTooManyHands = "too-many-hands"

// MaxHeartsHands is the most hands a Hearts game may have (games.rounds
// is a SMALLINT). The real logs' longest game has 14,198 hands, played to
// a limit of 100,000.
const MaxHeartsHands = 30000

// Read implements Format: hearts/logs' Stream reads the files into games.
func (heartsFormat) Read(ctx context.Context, files []LogFile, workers int, yield func(FormatGame) error) error {
	sources := make([]logs.Source, len(files))
	for i, f := range files {
		sources[i] = logs.Source{Name: f.Name, Read: func() ([]byte, *logfile.FileError) {
			data, err := f.Read()
			if err != nil {
				return nil, readFailure(f.Name, err)
			}
			return data, nil
		}}
	}
	return logs.Stream(ctx, sources, workers, func(g *logs.Game) error { return yield(newHeartsGame(g)) })
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

// Hashes implements FormatGame (hearts/logs' Game.Hashes).
func (hg *heartsGame) Hashes() (content, canonical string) { return hg.g.Hashes() }

// Store implements FormatGame: hearts_games, game_players, game_files,
// hearts_hands and hearts_scores. The game's origin and its players'
// names are r's (Origin).
func (hg *heartsGame) Store(r *Rows, id int64) error {
	g := hg.g
	first := int8(g.Hands[0].First)
	origin := r.names.origin(g.Group)
	if err := r.Append("hearts_games", id, int8(g.Players), g.Version.String(), g.Group, int32(len(g.Stamps)), first, origin); err != nil {
		return err
	}
	for p := range g.Players {
		var pid, player any
		if g.IDs[p] != "" {
			pid, player = g.IDs[p], r.names.player(origin, g.IDs[p])
		}
		if err := r.Append("game_players", id, int8(p), pid, g.IDs[p] != "", player); err != nil {
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
