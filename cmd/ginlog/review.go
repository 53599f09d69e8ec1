package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/progress"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

// fittedWeights is the weights file review reads when --weights names
// none: fit's default --out, in the working directory.
const fittedWeights = "weights.json"

type reviewOptions struct {
	filters selection.Filters
	side    gin.Seat
	weights string // a file, players.DefaultWeights, or "" for fittedWeights if present, else the defaults
	deals   int
	leaks   int
	show    int
	format  render.Format
	workers int // games reviewed at once (0: one per CPU)
}

func newReviewCmd(a *app) *cobra.Command {
	var (
		opts   reviewOptions
		ff     filterFlags
		who    string
		format string
	)
	cmd := &cobra.Command{
		Use:     "review",
		Short:   "Judge every decision of your own play in points, and rank your leaks",
		Long:    reviewLong,
		Example: reviewExample,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			switch who {
			case "you":
				opts.side = gin.You
			case "opp":
				opts.side = gin.Opp
			default:
				return oneOf("--who", "", who, "you", "opp")
			}
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			if opts.deals < 1 {
				return usagef("--deals: want 1 or more, got %d", opts.deals)
			}
			if opts.leaks < 0 || opts.show < 0 {
				return usagef("--leaks and --show: want 0 or more")
			}
			return runReview(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&who, "who", "you", "whose decisions: you (the logged player) or opp")
	mustComplete(cmd, "who", fixedCompletion("you", "opp"))
	f.StringVar(&opts.weights, "weights", "", "the evaluator's weights file (default: "+fittedWeights+" when present, else the default weights, \""+players.DefaultWeights+"\")")
	f.IntVar(&opts.deals, "deals", tuned.DefaultRolloutConfig.Samples, "the deals each move is played out on: fewer is faster and noisier")
	f.IntVar(&opts.leaks, "leaks", 10, "list this many leaks")
	f.IntVarP(&opts.show, "show", "n", 10, "list this many of the biggest mistakes")
	formatFlag(cmd, &format, "output format")
	ff.register(a, cmd, 0)
	return cmd
}

const reviewLong = `Review judges every decision the chosen side (--who, you by default) made
in the selected games, as a chess game review does: whether to take the
face-up card, the discard, and the call (knock, Gin or play on) when more
than one was legal. Each is judged from the player's own view at that
moment (its hand, the cards it has seen, what its opponent's plays say
of its hand; never the hidden cards the log reveals) by the rollout
player's evaluation: every legal move played out on the same deals
(--deals), its value the expected net points of the round. The loss of a
decision is what the best move was worth above the one played, both valued
again on deals of their own (the best of many noisy values looks better
than it is), and counted when beyond twice its standard error.

A decision is an inaccuracy from 1 point lost, a mistake from 3, a
blunder from 6: below a point, a loss is within the evaluator's noise; a
point is a card's worth of deadwood for a round; 6 is a typical knock's
margin. A game's accuracy is the share of its decisions that lost less
than a point; the least accurate games close the output (--show of them).

Leaks are the losses grouped by what was played in which situation (the
face-up card's relation to the hand and the phase of the round for a
draw, the card's place in the hand and the deadwood within reach for a
discard, the best call available for a call), ranked by points lost a
game, each with how often it lost (a 95% Wilson interval), its points a
game (a 95% interval with the games as clusters), and its three worst
instances: ginlog show GAME --round R takes you there, the reviewed
decisions marked in place (?! inaccuracy, ? mistake, ?? blunder). ginlog
report opens with the biggest leaks of the review stored.

A game that breaks a rule is reviewed up to its first violation, and the
output says so. The values are stored in the database (review_decisions),
keyed by the evaluator (the weights file's SHA-256 and --deals): a second
review of the same games with the same weights asks the evaluator nothing.
Judging takes milliseconds a decision, on every core; a progress bar with
an estimate of the time left shows on a terminal. Review judges Gin games
only. Exit status 5 means the filters select no game.`

const reviewExample = `  ginlog review
  ginlog review --opponent bot7 --since 2026-11-01
  ginlog review --game-id 12 --show 20
  ginlog review --who opp --weights weights.json --format json
  ginlog show 12 --round 3`

func runReview(ctx context.Context, a *app, opts reviewOptions) error {
	w, name, err := reviewWeights(opts.weights)
	if err != nil {
		return err
	}
	cfg := tuned.DefaultRolloutConfig
	cfg.Samples, cfg.Pool = opts.deals, 4*opts.deals
	judge, err := tuned.NewJudge(w, cfg)
	if err != nil {
		return usagef("--weights %s: %v", name, err)
	}
	key, err := evaluatorKey(opts.weights, w, name, opts.deals)
	if err != nil {
		return err
	}
	db, err := a.openDB(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	games, err := reviewGames(ctx, db, opts.filters)
	if err != nil {
		return err
	}
	stored, err := storedReview(ctx, db, key, opts.side, games)
	if err != nil {
		return err
	}
	bar := progress.New(a.err, "games", len(games), a.isTerminal(a.err))
	reviews, err := review.Run(ctx, games, review.Options{
		Side: opts.side, Stored: stored, Workers: opts.workers,
		Evaluator: func() review.Evaluator { return judge.Fresh() },
		Done:      func(*review.Game) { bar.Add(1) },
	})
	bar.Done()
	if err != nil {
		return err
	}
	if err := saveReview(ctx, db, key, opts.side, reviews); err != nil {
		return err
	}
	rep := review.Summarise(reviews, opts.show)
	return writeReview(a, opts, name, rep, reviews)
}

// reviewWeights reads the evaluator's weights: --weights, else the fitted
// weights file when present, else the defaults; name says which.
func reviewWeights(path string) (*model.Weights, string, error) {
	if path == "" {
		path = players.DefaultWeights
		if fi, err := os.Stat(fittedWeights); err == nil && fi.Mode().IsRegular() {
			path = fittedWeights
		}
	}
	w, err := players.LoadWeights(path)
	if err != nil {
		return nil, "", usagef("--weights: %v", err)
	}
	return w, path, nil
}

// evaluatorKey names the evaluator in review_decisions: the SHA-256 of
// the weights file's bytes (of the defaults as saved, prefixed default:)
// and the deals.
func evaluatorKey(flag string, w *model.Weights, name string, deals int) (string, error) {
	var b []byte
	prefix := ""
	if name == players.DefaultWeights {
		var buf bytes.Buffer
		if err := w.Save(&buf); err != nil {
			return "", err
		}
		b, prefix = buf.Bytes(), "default:"
	} else {
		var err error
		if b, err = os.ReadFile(name); err != nil {
			return "", usagef("--weights: %v", err)
		}
	}
	sum := sha256.Sum256(b)
	return fmt.Sprintf("%s%s/deals=%d%s", prefix, hex.EncodeToString(sum[:]), deals, review.JudgeSuffix()), nil
}

// reviewGames reads the Gin games the filters select; a Hearts game named
// by --game, or a database of Hearts games only, is refused in one line.
func reviewGames(ctx context.Context, db *schema.DB, f selection.Filters) ([]*replay.Game, error) {
	if f.Game != 0 {
		if kind, err := store.GameKind(ctx, db.DB, f.Game); err == nil && kind == schema.KindHearts {
			return nil, usagef("--game-id %d is a Hearts game: review judges Gin games only", f.Game)
		}
	}
	var games []*replay.Game
	for g, err := range store.Games(ctx, db.DB, store.Filter{Filters: f}) {
		if err != nil {
			if errors.Is(err, selection.ErrNoGames) && holdsHearts(ctx, db) {
				return nil, fmt.Errorf("review judges Gin games only, and the filters select none: %w", err)
			}
			return nil, err
		}
		games = append(games, g)
	}
	return games, nil
}

// storedReview reads the values stored for the games by evaluator key.
func storedReview(ctx context.Context, db *schema.DB, key string, side gin.Seat, games []*replay.Game) (map[review.Key]review.Value, error) {
	ids := make([]int64, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	rows, err := store.LoadReviews(ctx, db.DB, key, side, ids)
	if err != nil {
		return nil, err
	}
	out, _ := review.Stored(rows)
	return out, nil
}

// saveReview stores the decisions of the games the evaluator judged.
func saveReview(ctx context.Context, db *schema.DB, key string, side gin.Seat, reviews []*review.Game) error {
	ids, rows := review.Rows(reviews)
	return store.SaveReviews(ctx, db.DB, key, side, ids, rows)
}

// reviewReport is the JSON form of a review.
type reviewReport struct {
	Side       string             `json:"side"`
	Weights    string             `json:"weights"`
	Deals      int                `json:"deals"`
	Games      int                `json:"games"`
	Decisions  int                `json:"decisions"`
	Accuracy   float64            `json:"accuracy"`
	Classes    map[string]int     `json:"classes"`
	LostAGame  float64            `json:"points_lost_a_game"`
	WinAGame   float64            `json:"win_chance_lost_a_game"`
	ByKind     []reviewKind       `json:"by_kind"`
	Truncated  []reviewTruncation `json:"reviewed_to_first_violation"`
	Leaks      []reviewLeak       `json:"leaks"`
	Mistakes   []reviewDecision   `json:"biggest_mistakes"`
	GameScores []reviewGame       `json:"by_game"`
}

type reviewKind struct {
	Kind      string  `json:"decision"`
	Decisions int     `json:"decisions"`
	LostAGame float64 `json:"points_lost_a_game"`
}

type reviewTruncation struct {
	Game  int64  `json:"game"`
	Round int    `json:"round"`
	Ply   int    `json:"ply"`
	Code  string `json:"code"`
}

type reviewLeak struct {
	Rank        int              `json:"rank"`
	Kind        string           `json:"decision"`
	Action      string           `json:"played"`
	Situation   string           `json:"situation"`
	Decisions   int              `json:"times"`
	Losses      int              `json:"losses"`
	Rate        float64          `json:"rate"`
	RateLo      float64          `json:"rate_lo"`
	RateHi      float64          `json:"rate_hi"`
	PerGame     float64          `json:"points_a_game"`
	Lo          float64          `json:"points_a_game_lo"`
	Hi          float64          `json:"points_a_game_hi"`
	Explanation string           `json:"explanation"`
	Worst       []reviewDecision `json:"worst"`
}

type reviewDecision struct {
	Game   int64   `json:"game"`
	Round  int     `json:"round"`
	Ply    int     `json:"ply"`
	Kind   string  `json:"decision"`
	Played string  `json:"played"`
	Best   string  `json:"best"`
	Lost   float64 `json:"points_lost"`
	SE     float64 `json:"se"`
	Class  string  `json:"class"`
}

type reviewGame struct {
	Game      int64   `json:"game"`
	Decisions int     `json:"decisions"`
	Accuracy  float64 `json:"accuracy"`
	Lost      float64 `json:"points_lost"`
}

func reviewDecisionOf(d *review.Decision) reviewDecision {
	return reviewDecision{d.Game, d.Round, d.Ply, d.Kind.String(), d.Played, d.Best, d.Loss(), d.SE, d.Class().String()}
}

// reviewDoc builds the JSON form of a review.
func reviewDoc(opts reviewOptions, weights string, rep *review.Report, games []*review.Game) reviewReport {
	doc := reviewReport{Side: opts.side.String(), Weights: weights, Deals: opts.deals, Games: rep.Games, Decisions: rep.Decisions,
		Accuracy: rep.Accuracy(), Classes: map[string]int{}, LostAGame: rep.PerGame(rep.Lost), WinAGame: rep.PerGame(rep.WinLost),
		Truncated: []reviewTruncation{}, Leaks: []reviewLeak{}, Mistakes: []reviewDecision{}, GameScores: []reviewGame{}}
	for c := review.ClassInaccuracy; c < review.NumClasses; c++ {
		doc.Classes[c.String()] = rep.Classes[c]
	}
	for k := range review.NumKinds {
		doc.ByKind = append(doc.ByKind, reviewKind{k.String(), rep.ByKind[k].Decisions, rep.PerGame(rep.ByKind[k].Lost)})
	}
	for _, t := range rep.Truncated {
		doc.Truncated = append(doc.Truncated, reviewTruncation{t.Game, t.Violation.Round, t.Violation.Ply, t.Violation.Code})
	}
	who := review.Who(opts.side)
	for i, l := range rep.Leaks[:min(opts.leaks, len(rep.Leaks))] {
		rl := reviewLeak{Rank: i + 1, Kind: l.Kind.String(), Action: l.Action, Situation: l.Context, Decisions: l.Decisions,
			Losses: l.Losses, Rate: l.Rate(), RateLo: l.RateLo, RateHi: l.RateHi, PerGame: l.PerGame, Lo: l.Lo, Hi: l.Hi,
			Explanation: l.Explain(who)}
		for j := range l.Worst {
			rl.Worst = append(rl.Worst, reviewDecisionOf(&l.Worst[j]))
		}
		doc.Leaks = append(doc.Leaks, rl)
	}
	for i := range rep.Worst {
		doc.Mistakes = append(doc.Mistakes, reviewDecisionOf(&rep.Worst[i]))
	}
	for _, g := range games {
		lost := 0.0
		for i := range g.Decisions {
			lost += g.Decisions[i].Loss()
		}
		doc.GameScores = append(doc.GameScores, reviewGame{g.ID, len(g.Decisions), g.Accuracy(), lost})
	}
	return doc
}

// writeReview prints a review: the summary, the leaks, the biggest
// mistakes; in JSON one document, in CSV and Markdown three tables.
func writeReview(a *app, opts reviewOptions, weights string, rep *review.Report, games []*review.Game) error {
	judged, read := 0, rep.Decisions
	for _, g := range games {
		judged += g.Evaluated
		if g.Evaluated > 0 {
			read -= len(g.Decisions)
		}
	}
	fmt.Fprintf(a.err, "review: %s judged now, %s read from the database\n", plural(judged, "judgement"), plural(read, "decision"))
	doc := reviewDoc(opts, weights, rep, games)
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, doc)
	}
	leaks := &render.Table{Columns: []render.Column{{Name: "rank"}, {Name: "decision"}, {Name: "played"}, {Name: "situation"},
		{Name: "times"}, {Name: "losses"}, {Name: "rate", Format: "%.2f"}, {Name: "points a game", Format: "%.2f"},
		{Name: "95% interval"}, {Name: "worst (game/round/ply)"}}}
	for _, l := range doc.Leaks {
		leaks.Append(l.Rank, l.Kind, l.Action, l.Situation, l.Decisions, l.Losses, l.Rate, l.PerGame,
			fmt.Sprintf("%.2f-%.2f", l.Lo, l.Hi), worstText(l.Worst))
	}
	mistakes := &render.Table{Columns: []render.Column{{Name: "game"}, {Name: "round"}, {Name: "ply"}, {Name: "decision"},
		{Name: "played"}, {Name: "best"}, {Name: "points lost", Format: "%.1f"}, {Name: "se", Format: "%.1f"}, {Name: "class"}}}
	for _, d := range doc.Mistakes {
		mistakes.Append(d.Game, d.Round, d.Ply, d.Kind, d.Played, d.Best, d.Lost, d.SE, d.Class)
	}
	worstGames := leastAccurate(doc.GameScores, opts.show)
	if opts.format == render.Text {
		return writeReviewText(a, &doc, leaks, mistakes, worstGames)
	}
	summary := &render.Table{Columns: []render.Column{{Name: "side"}, {Name: "games"}, {Name: "decisions"},
		{Name: "accuracy", Format: "%.4f"}, {Name: "inaccuracies"}, {Name: "mistakes"}, {Name: "blunders"},
		{Name: "points lost a game", Format: "%.2f"}, {Name: "reviewed to a violation"}}}
	summary.Append(doc.Side, doc.Games, doc.Decisions, doc.Accuracy, doc.Classes["inaccuracy"], doc.Classes["mistake"],
		doc.Classes["blunder"], doc.LostAGame, len(doc.Truncated))
	layout := a.layout(a.out)
	tables := []*render.Table{summary, leaks, mistakes}
	if worstGames != nil {
		tables = append(tables, worstGames)
	}
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(a.out)
		}
		if err := render.Write(a.out, opts.format, t, layout); err != nil {
			return err
		}
	}
	return nil
}

// worstText lists a leak's worst decisions as game/round/ply.
func worstText(ds []reviewDecision) string {
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%d/%d/%d", d.Game, d.Round, d.Ply)
	}
	return s
}

// writeReviewText prints a review as text: the summary in words, each
// leak explained, and the tables.
// leastAccurate is the table of the n least accurate games, the most
// points lost first among equals; nil for a review of one game.
func leastAccurate(games []reviewGame, n int) *render.Table {
	if len(games) < 2 || n == 0 {
		return nil
	}
	games = slices.Clone(games)
	slices.SortStableFunc(games, func(a, b reviewGame) int {
		return cmp.Or(cmp.Compare(a.Accuracy, b.Accuracy), cmp.Compare(b.Lost, a.Lost), cmp.Compare(a.Game, b.Game))
	})
	t := &render.Table{Columns: []render.Column{{Name: "game"}, {Name: "decisions"}, {Name: "accuracy", Format: "%.3f"},
		{Name: "points lost", Format: "%.1f"}}}
	for _, g := range games[:min(n, len(games))] {
		t.Append(g.Game, g.Decisions, g.Accuracy, g.Lost)
	}
	return t
}

func writeReviewText(a *app, doc *reviewReport, leaks, mistakes, worstGames *render.Table) error {
	w := a.out
	weights := "the default weights"
	if doc.Weights != players.DefaultWeights {
		weights = doc.Weights
	}
	fmt.Fprintf(w, "reviewed %s as %s with %s (%d deals a move): %s, accuracy %.1f%%\n",
		plural(doc.Games, "game"), doc.Side, weights, doc.Deals, plural(doc.Decisions, "decision"), 100*doc.Accuracy)
	inaccuracies := fmt.Sprintf("%d inaccuracies", doc.Classes["inaccuracy"])
	if doc.Classes["inaccuracy"] == 1 {
		inaccuracies = "1 inaccuracy"
	}
	fmt.Fprintf(w, "%s, %s, %s; %.2f points lost a game (", inaccuracies,
		plural(doc.Classes["mistake"], "mistake"), plural(doc.Classes["blunder"], "blunder"), doc.LostAGame)
	for i, k := range doc.ByKind {
		if i > 0 {
			fmt.Fprint(w, ", ")
		}
		fmt.Fprintf(w, "%s %.2f", k.Kind, k.LostAGame)
	}
	fmt.Fprintf(w, "); %.3f of a game's win chance lost a game\n", doc.WinAGame)
	for _, t := range doc.Truncated {
		fmt.Fprintf(w, "game %d reviewed up to its first violation, round %d ply %d: %s\n", t.Game, t.Round, t.Ply, t.Code)
	}
	if len(doc.Leaks) == 0 {
		fmt.Fprintln(w, "\nno leaks: no decision lost points")
	} else {
		fmt.Fprintln(w, "\nleaks, the most points lost a game first:")
		for _, l := range doc.Leaks {
			fmt.Fprintf(w, "%2d. %s (95%%: %.2f to %.2f)\n", l.Rank, l.Explanation, l.Lo, l.Hi)
		}
		fmt.Fprintln(w)
		if err := render.Write(w, render.Text, leaks, a.layout(w)); err != nil {
			return err
		}
	}
	if len(doc.Mistakes) > 0 {
		fmt.Fprintln(w, "\nbiggest mistakes (ginlog show GAME --round R shows one):")
		if err := render.Write(w, render.Text, mistakes, a.layout(w)); err != nil {
			return err
		}
	}
	if worstGames == nil {
		return nil
	}
	fmt.Fprintln(w, "\ngames, the least accurate first (ginlog review --game-id N reviews one):")
	return render.Write(w, render.Text, worstGames, a.layout(w))
}
