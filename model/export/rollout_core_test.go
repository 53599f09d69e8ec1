package export

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testenv"
)

// rolloutCoreModule is rollout/core.hs, shared/random.hs and float.hs as
// a module of their own, under the header the exporter puts before them (the
// framework's modules aside).
func rolloutCoreModule(t testing.TB, imports ...string) string {
	t.Helper()
	head := "module RolloutCore (module RolloutCore) where\n\nimport Data.Bits\nimport Data.Word\nimport Data.List\n"
	for _, m := range imports {
		head += "import " + m + "\n"
	}
	return head + "\n" + string(fragment(t, "rollout", "core.hs")) + "\n" + string(fragment(t, "shared", "random.hs")) +
		"\n" + string(fragment(t, "shared", "float.hs"))
}

// fragment reads a fragment of the Haskell exports.
func fragment(t testing.TB, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRolloutCoreText: the fragments' lines are under 80 columns, and
// their unindented lines are comments, pragmas or definitions of gl names.
func TestRolloutCoreText(t *testing.T) {
	core := string(fragment(t, "rollout", "core.hs")) + string(fragment(t, "shared", "random.hs")) + string(fragment(t, "shared", "float.hs"))
	for n, line := range strings.Split(strings.TrimSuffix(core, "\n"), "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d columns", n+1, len(line))
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(line, "data "), " ")
		if line == "" || line[0] == ' ' || strings.HasPrefix(line, "--") || strings.HasPrefix(line, "{-#") {
			continue
		}
		if !strings.HasPrefix(name, "gl") && !strings.HasPrefix(name, "Gl") {
			t.Errorf("line %d defines %q, not a gl name", n+1, name)
		}
	}
}

// TestRolloutCoreCompiles compiles the fragment both ways, in the
// framework's way with its modules imported as the exporter's header
// imports them (their names unused here).
func TestRolloutCoreCompiles(t *testing.T) {
	for flagsName, flags := range ghcFlags {
		t.Run(flagsName, func(t *testing.T) {
			if flagsName == "plain" {
				testenv.Long(t, "GHC compiles the core with the plain flags, as TestRolloutCore's probe does; -short leaves it to the probe")
			}
			src := rolloutCoreModule(t, "Cards", "Rummy.Types")
			ghcMake(t, map[string]string{"RolloutCore.hs": src}, slices.Concat(flags, []string{"-Wno-unused-imports"}), false)
		})
	}
}

// rolloutCase is a probe request and the answer Go gives.
type rolloutCase struct{ req, want string }

// TestRolloutCore compares the core with gin and math/rand/v2 in one run
// of testdata/RolloutCoreProbe.hs: every answer must be Go's exactly.
func TestRolloutCore(t *testing.T) {
	probeSrc, err := os.ReadFile(filepath.Join("testdata", "RolloutCoreProbe.hs"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"RolloutCore.hs": rolloutCoreModule(t), "RolloutCoreProbe.hs": string(probeSrc)}
	exe := ghcMake(t, files, ghcFlags["plain"], true)
	cases := append(rolloutSolverCases(rand.New(rand.NewPCG(40, 2))), rolloutRandCases(rand.New(rand.NewPCG(41, 3)))...)
	reqs := make([]string, len(cases))
	for i, c := range cases {
		reqs[i] = c.req
	}
	cmd := exec.Command(exe)
	cmd.Stdin = strings.NewReader(strings.Join(reqs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(cases) {
		t.Fatalf("probe: %d answers to %d requests", len(got), len(cases))
	}
	failed := 0
	for i, c := range cases {
		if got[i] != c.want && failed < 20 {
			failed++
			t.Errorf("%s:\n got %s\nwant %s", c.req, got[i], c.want)
		}
	}
}

// hexList writes numbers as the probe does: hexadecimal joined by ','.
func hexList[T ~uint64](xs []T) string {
	if len(xs) == 0 {
		return "-"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatUint(uint64(x), 16)
	}
	return strings.Join(s, ",")
}

// rolloutSolverCases: card values, Neighbours and Combo throughout, and
// Deadwood, BestDiscards (with random forbidden cards) and Arrange of
// random hands of 0 to 12 cards, many rich in melds, and a few of 13 to 20.
func rolloutSolverCases(rng *rand.Rand) []rolloutCase {
	var points []string
	for c := range gin.Card(gin.NumCards) {
		points = append(points, strconv.Itoa(c.Points()))
	}
	cases := []rolloutCase{{"points", strings.Join(points, " ")}}
	for c := range gin.Card(gin.NumCards) {
		for w := -1; w <= 13; w++ {
			cases = append(cases, rolloutCase{fmt.Sprintf("neighbours %d %d", c, w), hexList([]gin.Hand{gin.Neighbours(c, w)})})
		}
	}
	for i := range 4200 {
		n := i % 13
		if i >= 4000 {
			n = 13 + i%8 // the core's other way for hands over 16 cards or 126 points
		}
		h := gin.HandOf(randomHand(rng, n)...)
		forbidden := gin.HandOf(randomHand(rng, rng.IntN(4))...)
		if rng.IntN(3) == 0 {
			forbidden &= h
		}
		c := gin.Card(rng.IntN(gin.NumCards))
		a := gin.Arrange(h)
		melds := make([]gin.Hand, len(a.Melds))
		for j, m := range a.Melds {
			melds[j] = gin.Hand(m)
		}
		cases = append(cases,
			rolloutCase{fmt.Sprintf("deadwood %x", uint64(h)), strconv.Itoa(gin.Deadwood(h))},
			rolloutCase{fmt.Sprintf("discards %x %x", uint64(h), uint64(forbidden)), discardsAnswer(gin.BestDiscards(h, forbidden))},
			rolloutCase{fmt.Sprintf("arrange %x", uint64(h)), hexList(melds) + " " + hexList([]gin.Hand{a.Deadwood})},
			rolloutCase{fmt.Sprintf("combo %x %d", uint64(h), c), map[bool]string{true: "1", false: "0"}[gin.Combo(h, c)]},
		)
	}
	return cases
}

// discardsAnswer writes Discards as the probe does.
func discardsAnswer(d gin.Discards) string {
	best, cards := d.Best()
	after := make([]string, gin.NumCards)
	for c := range gin.Card(gin.NumCards) {
		after[c] = "x"
		if v, ok := d.After(c); ok {
			after[c] = strconv.Itoa(v)
		}
	}
	return fmt.Sprintf("%d %d %x %x %s", d.Whole(), best, uint64(cards), uint64(d.Allowed()), strings.Join(after, ","))
}

// rolloutSeeds are the PCG seeds the generator cases use: edge values
// and random ones.
func rolloutSeeds(rng *rand.Rand) [][2]uint64 {
	seeds := [][2]uint64{{0, 0}, {1, 2}, {math.MaxUint64, math.MaxUint64}, {0, math.MaxUint64}, {1 << 63, 1}}
	for range 45 {
		seeds = append(seeds, [2]uint64{rng.Uint64(), rng.Uint64()})
	}
	return seeds
}

// rolloutBounds are the IntN bounds tried: small, powers of two, and
// large ones where the rejection loop often runs (2^64 mod n near n/3).
var rolloutBounds = []int{1, 2, 3, 5, 7, 10, 11, 31, 32, 33, 52, 64, 100, 1000, 1 << 31, 1<<32 + 1, 1<<40 + 7, 1 << 62, 1<<62 + 1, 3 << 61, 5 << 60, math.MaxInt64 - 24, math.MaxInt64}

// rolloutRandCases: for each seed the first 50 Uint64 and Float64
// values, 50 IntN for each bound, and Shuffle of 0 to 40 elements with
// the next Uint64 after it.
func rolloutRandCases(rng *rand.Rand) []rolloutCase {
	var cases []rolloutCase
	const k = 50
	for _, s := range rolloutSeeds(rng) {
		src := func() *rand.Rand { return rand.New(rand.NewPCG(s[0], s[1])) }
		u, f := src(), src()
		var us, fs []string
		for range k {
			us = append(us, strconv.FormatUint(u.Uint64(), 10))
			fs = append(fs, strconv.FormatUint(math.Float64bits(f.Float64()), 10))
		}
		pre := fmt.Sprintf("%d %d", s[0], s[1])
		cases = append(cases, rolloutCase{"uint64 " + pre + " 50", strings.Join(us, ",")}, rolloutCase{"float64 " + pre + " 50", strings.Join(fs, ",")})
		for _, n := range rolloutBounds {
			r := src()
			var xs []string
			for range k {
				xs = append(xs, strconv.Itoa(r.IntN(n)))
			}
			cases = append(cases, rolloutCase{fmt.Sprintf("intn %s %d %d", pre, n, k), strings.Join(xs, ",")})
		}
		for n := range 41 {
			r := src()
			p := make([]string, n)
			for i := range p {
				p[i] = strconv.Itoa(i)
			}
			r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
			want := "-"
			if n > 0 {
				want = strings.Join(p, ",")
			}
			cases = append(cases, rolloutCase{fmt.Sprintf("shuffle %s %d", pre, n), want + " " + strconv.FormatUint(r.Uint64(), 10)})
		}
	}
	return cases
}
