package train

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testgames"
	"github.com/ginlog/ginlog/sim"
)

// The benchmarks' corpora; docs/evaluation.md's figures pass larger ones, e.g.
// go test -run XXX -bench Fit -benchtime 1x ./model/infer/train -args -infer.games 100000
var (
	benchGames     = flag.Int("infer.games", 2000, "BenchmarkFit: games to fit on")
	benchPlayers   = flag.String("infer.players", "simple,simple", "BenchmarkFit: the two players of the corpus")
	benchTrain     = flag.Int("infer.train", 1000, "BenchmarkEvaluate: training games per opponent")
	benchTest      = flag.Int("infer.test", 300, "BenchmarkEvaluate: held-out games per opponent")
	benchViewer    = flag.String("infer.viewer", "simple", "BenchmarkEvaluate: the logged player")
	benchOpponents = flag.String("infer.opponents", "random,simple,meldable,memory", "BenchmarkEvaluate: the opponents, comma-separated (tuned:default too)")
)

// peakRSS returns the process's peak resident set so far, in MiB.
func peakRSS(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return float64(ru.Maxrss) / 1024 // kilobytes on Linux
}

// BenchmarkFit measures fitting on a stream of simulated games: the
// reference is the simulation alone, ranged over in the same run; the
// fit ranges over the same games, simulated while it steps. Run one of
// the two alone (-bench Fit/fit) for the fit's own peak RSS.
func BenchmarkFit(b *testing.B) {
	names := strings.Split(*benchPlayers, ",")
	if len(names) != 2 {
		b.Fatalf("-infer.players %q: want two names", *benchPlayers)
	}
	cfg := sim.Config{Players: [2]sim.Entrant{entrant(b, names[0]), entrant(b, names[1])}, Games: *benchGames, Seed: 21}
	ctx := context.Background()
	b.Run("simulate", func(b *testing.B) {
		for b.Loop() {
			n := 0
			for _, err := range testgames.Simulated(ctx, cfg) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
		b.ReportMetric(float64(cfg.Games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		b.ReportMetric(peakRSS(b), "peak-MiB")
	})
	b.Run("fit", func(b *testing.B) {
		var sum Summary
		for b.Loop() {
			var err error
			if _, sum, err = Fit(ctx, testgames.Simulated(ctx, cfg), Options{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(cfg.Games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		b.ReportMetric(peakRSS(b), "peak-MiB")
		b.Logf("%+v", sum)
	})
}

// BenchmarkEvaluate fits the model on games against each opponent and
// evaluates it on held-out games (other deals), printing the evaluation as
// Markdown tables on stdout (the benchmark log would cut them short): the
// docs/evaluation.md's figure comes from it, e.g.
// go test -run XXX -bench Evaluate -benchtime 1x ./model/infer/train -args -infer.train 20000 -infer.test 2000
func BenchmarkEvaluate(b *testing.B) {
	ctx := context.Background()
	for _, opp := range strings.Split(*benchOpponents, ",") {
		b.Run(opp, func(b *testing.B) {
			for b.Loop() {
				start := time.Now()
				p, sum, err := Fit(ctx, corpus(b, *benchViewer, opp, *benchTrain, 1), Options{})
				if err != nil {
					b.Fatal(err)
				}
				fitted := time.Since(start)
				e, err := Evaluate(ctx, p, corpus(b, *benchViewer, opp, *benchTest, 2), TargetOpp)
				if err != nil {
					b.Fatal(err)
				}
				fmt.Printf("\n%s vs %s: fitted on %d games (%d decisions, %d steps, shrink %.1f) in %.1f s, with the games simulated\n\n%s\n",
					*benchViewer, opp, sum.Games, sum.Decisions, sum.Steps, sum.Shrink, fitted.Seconds(), markdown(e))
			}
		})
	}
}

// markdown renders an evaluation as Markdown tables.
func markdown(e *Evaluation) string {
	var s strings.Builder
	fmt.Fprintf(&s, "held out: %d games, %d decisions, %d unseen cards scored\n\n", e.Games, e.Decisions, e.Cards)
	s.WriteString("| stock left | decisions | log loss model | uniform | filter | Brier model | uniform | filter |\n|---|---|---|---|---|---|---|---|\n")
	for _, ph := range append(e.Phases[:], e.All) {
		sc := ph.Scores
		fmt.Fprintf(&s, "| %s | %d | **%.4f** | %.4f | %.4f | **%.4f** | %.4f | %.4f |\n", ph.Phase, ph.Decisions,
			sc[Model].LogLoss, sc[Uniform].LogLoss, sc[Filter].LogLoss, sc[Model].Brier, sc[Uniform].Brier, sc[Filter].Brier)
	}
	s.WriteString("\n| gain over | log loss | 95% interval | relative | Brier | 95% interval |\n|---|---|---|---|---|---|\n")
	for _, b := range []Predictor{Uniform, Filter} {
		g := e.Gains[b]
		fmt.Fprintf(&s, "| %v | %+.4f | %+.4f to %+.4f | %+.1f%% | %+.4f | %+.4f to %+.4f |\n", b, g.LogLoss, g.LogLossLow, g.LogLossHigh,
			100*g.Relative, g.Brier, g.BrierLow, g.BrierHigh)
	}
	s.WriteString("\n| predicted | cards | model: mean predicted | observed | filter: cards | mean predicted | observed |\n|---|---|---|---|---|---|---|\n")
	for i, bin := range e.Calibration[Model] {
		f := e.Calibration[Filter][i]
		fmt.Fprintf(&s, "| %.1f-%.1f | %d | %.3f | %.3f | %d | %.3f | %.3f |\n", bin.Low, bin.High, bin.Cards, bin.Predicted, bin.Observed, f.Cards, f.Predicted, f.Observed)
	}
	return s.String()
}
