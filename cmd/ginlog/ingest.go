package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

type ingestOptions struct {
	ingest.Options
	format   render.Format
	noVerify bool
	verbose  bool
}

func newIngestCmd(a *app) *cobra.Command {
	var (
		opts   ingestOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Import tournament logs into the database",
		Long:  ingestLong(),
		Example: `  ginlog ingest logs/
  ginlog ingest ~/Downloads/games.zip --opponent bot7 --source ladder-week-3
  ginlog ingest 'logs/16047*.csv' --format json
  ginlog ingest hearts-logs/ --game hearts
  ginlog watch ~/Downloads --opponent bot7          # keep importing what arrives`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("ingest needs at least one PATH")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format, render.Text, render.JSON); err != nil {
				return err
			}
			for _, label := range []struct{ flag, value string }{{"--source", opts.Source}, {"--opponent", opts.Opponent}} {
				if err := checkLabel(label.flag, label.value); err != nil {
					return err
				}
			}
			if opts.Game != "" {
				if err := checkKind(opts.Game, ingest.GameKinds()...); err != nil {
					return err
				}
			}
			opts.Paths = args
			return runIngest(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Opponent, "opponent", "", "tag the games of this import with the opponent's name")
	f.StringVar(&opts.Source, "source", "", "tag the games of this import with a source label")
	f.IntVar(&opts.Batch, "batch", 0, "games per transaction (default: about 368,640 plays, three DuckDB row groups)")
	f.BoolVar(&opts.noVerify, "no-verify", false, "do not replay the games (run ginlog verify later)")
	f.BoolVarP(&opts.verbose, "verbose", "v", false, "name every file skipped, and why")
	formatFlag(cmd, &format, "summary format", render.Text, render.JSON)
	gameKindFlag(cmd, &opts.Game, "", "read every file as this game's logs: "+strings.Join(ingest.GameKinds(), " or ")+" (default: detect each file)", ingest.GameKinds()...)
	a.completeTags(cmd)
	return cmd
}

// ingestLong is ingest's long help, with the Hearts search's budgets.
func ingestLong() string {
	return `Ingest imports the logs a tournament server gives its players. PATH may be
a log file, a directory (searched recursively), a glob pattern or a .zip
archive. Each <ts>.csv turn file is paired with its <ts>-score.csv, and a
browser's renamed second downloads (<ts> (1).csv) by their copy number.

Every row is checked against the log format; each defect is reported as
file:line:column: code: message, on stderr and in the import_errors table,
and rejects its game only: the rest of the batch loads. A game is loaded
whole or not at all. Importing the same logs again changes nothing, tags
included (ginlog tag changes them); the same game logged by the other
player is linked to the first (mirror_of) and counted once. A game read
before its files were whole (its start) is replaced by the whole game when
that is imported, and changes nothing when imported after it. An import
that loads no game removes the database file it created (its errors on
stderr are then their only record). Each Gin game is verified as it
loads, its verdicts stored in the transaction that loads it, so that an
interrupted import leaves no Gin game unverified; then every other game
not verified yet is (Hearts games, and those of an import made with
--no-verify). --no-verify skips both.

Hearts logs (the FIT2102 Hearts framework's <group>/<player>/<stamp>.csv,
one row per hand) are detected by their rows, or forced with --game
hearts: the sibling player folders of a group are one game's views, an
early version's games span several stamps, and a game may lack some
players' files. Their trick order is recovered when they are verified.

` + heartsBudgetHelp() + `

Only regular files are read, each folder once however links lead to it,
and a file (or a zip entry, decompressed) of at most 16 MiB; a pipe,
device, unreadable folder, damaged archive or name that is not UTF-8 is a
located error for that input only. Files that are not logs are skipped:
--verbose names each (the JSON summary always does).

Exit status 3 means some games or files were rejected.`
}

func runIngest(ctx context.Context, a *app, opts ingestOptions) (err error) {
	fresh := a.dbIsNew()
	db, err := a.openDB(ctx)
	if err != nil {
		return err
	}
	errs := 0 // the defects reported on stderr
	defer func() { err = errors.Join(err, a.closeIngestDB(db, fresh, errs)) }()
	var bar *progress.Bar
	opts.OnTotal = func(n int) {
		if bar == nil {
			bar = progress.New(a.err, "games", n, a.isTerminal(a.err))
		}
		bar.SetTotal(n)
	}
	opts.OnGame = func() { bar.Add(1) }
	opts.OnError = func(e *logfile.FileError) {
		bar.Done()
		fmt.Fprintln(a.err, e)
		errs++
	}
	opts.Verify = !opts.noVerify
	sum, err := ingest.Run(ctx, db.DB, opts.Options)
	bar.Done()
	if errors.Is(err, ingest.ErrNoSuchPath) {
		return &usageError{err: err}
	}
	if err != nil {
		return err
	}
	if opts.verbose {
		for _, s := range sum.SkippedFiles {
			fmt.Fprintf(a.err, "skipped %s: %s\n", s.Path, s.Reason)
		}
		if more := sum.Skipped - len(sum.SkippedFiles); more > 0 {
			fmt.Fprintf(a.err, "skipped %s more, not named\n", plural(more, "other file"))
		}
	}
	// Every game not verified yet, not only this import's: the games an
	// interrupted import committed are verified by the next.
	var ver verified
	if !opts.noVerify {
		if ver, err = verifyAll(ctx, a, db.DB, store.Selection{}); err != nil {
			return err
		}
		ver.gin = withLoaded(ver.gin, sum)
		if ver.gin.Games == 0 {
			ver.gin = nil
		}
		if ver.hearts.Games == 0 {
			ver.hearts = nil
		}
	}
	if err := writeIngestSummary(a, opts.format, sum, ver, opts.Options); err != nil {
		return err
	}
	var problems []string
	if sum.Rejected > 0 {
		problems = append(problems, fmt.Sprintf("%d of %s rejected; see the errors above or the import_errors table", sum.Rejected, plural(sum.Rejected+sum.New+sum.Mirrors+sum.Duplicates+sum.Partial, "game")))
	}
	if sum.BadFiles > 0 {
		problems = append(problems, fmt.Sprintf("%s or %s could not be read as logs; see the errors above", plural(sum.BadFiles, "file"), verb(sum.BadFiles, "folder", "folders")))
	}
	if n, games := ver.problems(); n > 0 {
		problems = append(problems, fmt.Sprintf("%s %s the rules; see ginlog verify and the violations and hearts_deviations tables", plural(games, "game"), verb(games, "breaks", "break")))
	}
	if p := ver.unchecked(); p != "" {
		problems = append(problems, p)
	}
	if len(problems) > 0 {
		return &rejectedError{strings.Join(problems, "; ")}
	}
	return nil
}

// withLoaded adds to the summary of verify's pass the games the import
// verified as it loaded them: the verdicts of every game verified, in the
// time from the import's start to the end of the pass.
func withLoaded(pass *replay.Summary, sum *ingest.Summary) *replay.Summary {
	if sum.Verified == nil {
		return pass
	}
	all := replay.NewSummary()
	all.Merge(sum.Verified)
	all.Merge(pass)
	all.Seconds = sum.Seconds + pass.Seconds
	all.GamesPerS = float64(all.Games) / max(all.Seconds, 1e-9)
	return all
}

func writeIngestSummary(a *app, format render.Format, s *ingest.Summary, ver verified, opts ingest.Options) error {
	if format == render.JSON {
		return render.WriteJSON(a.out, struct {
			*ingest.Summary
			Verify       *replay.Summary `json:"verify,omitempty"`
			VerifyHearts *logs.Summary   `json:"verify_hearts,omitempty"`
		}{s, ver.gin, ver.hearts})
	}
	skipped := ""
	if s.Skipped > 0 {
		skipped = "; --verbose names them"
	}
	bad := ""
	if s.BadFiles > 0 {
		bad = fmt.Sprintf(", %d rejected on their own", s.BadFiles)
	}
	hands := ""
	if s.Hands > 0 {
		hands = ", " + plural(s.Hands, "Hearts hand")
	}
	_, err := fmt.Fprintf(a.out, `import %d: %s%s (%s skipped%s)
games: %d new, %d duplicate, %d mirror, %d rejected
%s%sloaded: %s, %s%s; %s
%.2f s, %.0f games/s
`, s.ImportID, plural(s.Files, "file"), bad, plural(s.Skipped, "other file"), skipped, s.New, s.Duplicates, s.Mirrors, s.Rejected, partial(s), tagsKept(s, opts),
		plural(s.Rounds, "round"), plural(s.Plays, "play"), hands, plural(s.Errors, "error"), s.Seconds, s.GamesPerS)
	if err != nil || ver.gin == nil && ver.hearts == nil {
		return err
	}
	fmt.Fprintln(a.out)
	return writeVerified(a, ver, nil, nil)
}

// partial says, as lines, which games were found read before their files
// were whole: those replaced by their complete version, and those whose
// complete version was already loaded; "" when none were.
func partial(s *ingest.Summary) string {
	var b strings.Builder
	switch s.Replaced {
	case 0:
	case 1:
		b.WriteString("1 game replaced by its complete version\n")
	default:
		fmt.Fprintf(&b, "%d games replaced by their complete versions\n", s.Replaced)
	}
	switch s.Partial {
	case 0:
	case 1:
		b.WriteString("1 game already loaded complete: its files hold only its start\n")
	default:
		fmt.Fprintf(&b, "%d games already loaded complete: their files hold only their start\n", s.Partial)
	}
	return b.String()
}

// tagsKept says, as a line, that duplicates kept tags other than the ones
// the import was given, and how to change them; "" when none did.
func tagsKept(s *ingest.Summary, opts ingest.Options) string {
	if s.TagsKept == 0 {
		return ""
	}
	var flags []string
	if opts.Opponent != "" {
		flags = append(flags, "--set-opponent "+selection.ShellWord(opts.Opponent))
	}
	if opts.Source != "" {
		flags = append(flags, "--set-source "+selection.ShellWord(opts.Source))
	}
	n := fmt.Sprintf("%d duplicates kept their tags", s.TagsKept)
	if s.TagsKept == 1 {
		n = "1 duplicate kept its tags"
	}
	return fmt.Sprintf("%s; use ginlog tag to change them: ginlog tag --import %d %s\n", n, s.ImportID, strings.Join(flags, " "))
}

// dbIsNew reports whether the database file does not exist yet: opening
// it will create it.
func (a *app) dbIsNew() bool {
	path := a.dbPath()
	if path == schema.MemoryPath {
		return false
	}
	_, err := os.Lstat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// closeIngestDB closes the database of an import. A database the import
// created that holds no game (a bad path, every game rejected, every file
// rejected for its name, no logs found, an interruption before the first
// batch) is removed rather than left behind empty: the errors printed on
// stderr (errs of them) are then their only record, and it says so. A
// database that was there keeps the import and its errors.
func (a *app) closeIngestDB(db *schema.DB, fresh bool, errs int) error {
	var games int64 = -1
	if fresh {
		// Counted even after an interruption: the import's context may be
		// cancelled.
		n, err := ingest.CountGames(context.Background(), db.DB)
		if err == nil {
			games = n
		}
	}
	if err := db.Close(); err != nil {
		return err
	}
	if games != 0 {
		return nil
	}
	for _, p := range []string{db.Path, db.Path + ".wal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove the empty database this import created: %w", err)
		}
	}
	fmt.Fprintf(a.err, "ginlog: no game was loaded: removed %s, which this import had created\n", db.Path)
	if errs > 0 {
		fmt.Fprintf(a.err, "ginlog: the %s above %s no other record: the import_errors table went with the database\n", plural(errs, "error"), verb(errs, "has", "have"))
	}
	return nil
}
