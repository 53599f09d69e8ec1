package external

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
)

// twin is the test bot's strategy in-process: draw from the stock, discard
// the first card of the hand, never call, declare no meld.
type twin struct{ decisions *int }

func (t twin) Draw(*gin.View) gin.Pile { *t.decisions++; return gin.StockPile }
func (t twin) Discard(v *gin.View, _ gin.Card) (gin.Card, gin.Call) {
	*t.decisions++
	return v.Hand[0], gin.Drop
}
func (t twin) Declare(*gin.View) []gin.Meld { *t.decisions++; return nil }

// counted counts the decisions of a player.
type counted struct {
	gin.Player
	decisions *int
}

func (c counted) Draw(v *gin.View) gin.Pile { *c.decisions++; return c.Player.Draw(v) }
func (c counted) Discard(v *gin.View, d gin.Card) (gin.Card, gin.Call) {
	*c.decisions++
	return c.Player.Discard(v, d)
}
func (c counted) Declare(v *gin.View) []gin.Meld { *c.decisions++; return c.Player.Declare(v) }

// TestTwinPlaysAlike: the bot over the protocol and its twin in-process
// play the same games, card for card, so the logs of an external player
// are those of any player.
func TestTwinPlaysAlike(t *testing.T) {
	pl := newPool(t, Options{Command: []string{botPath}})
	var n int
	for g := range 10 {
		var recs [2]gin.GameRecord
		for i, mk := range []func() gin.Player{
			func() gin.Player { return twin{&n} },
			func() gin.Player {
				p := pl.Player()
				if err := p.StartGame(g, 1, 0); err != nil {
					t.Fatal(err)
				}
				return p
			},
		} {
			rng := rand.New(rand.NewPCG(9, uint64(g)))
			simple, err := bots.New("simple", rng)
			if err != nil {
				t.Fatal(err)
			}
			p := mk()
			if recs[i], err = gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{p, simple}); err != nil {
				t.Fatal(err)
			}
			if e, ok := p.(*Player); ok {
				if err := e.EndGame(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !reflect.DeepEqual(recs[0], recs[1]) {
			t.Fatalf("game %d differs between the twin and the bot", g)
		}
	}
}

// BenchmarkProtocolOverhead plays the same games with the test bot over
// the protocol and with its twin in-process, against the twin, and reports
// both rates of decisions, the ratio and the cost of one exchange.
func BenchmarkProtocolOverhead(b *testing.B) {
	pl := newPool(b, Options{Command: []string{botPath}})
	var inProc, exec time.Duration
	var nIn, nExec, opp int
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		rng := rand.New(rand.NewPCG(1, uint64(i)))
		if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{twin{&nIn}, twin{&opp}}); err != nil {
			b.Fatal(err)
		}
		inProc += time.Since(start)
		start = time.Now()
		p := pl.Player()
		if err := p.StartGame(i, 1, 0); err != nil {
			b.Fatal(err)
		}
		rng = rand.New(rand.NewPCG(1, uint64(i)))
		if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{counted{p, &nExec}, twin{&opp}}); err != nil {
			b.Fatal(err)
		}
		if err := p.EndGame(); err != nil {
			b.Fatal(err)
		}
		exec += time.Since(start)
	}
	inRate := float64(nIn) / inProc.Seconds()
	execRate := float64(nExec) / exec.Seconds()
	b.ReportMetric(inRate, "inproc-decisions/s")
	b.ReportMetric(execRate, "exec-decisions/s")
	b.ReportMetric(inRate/execRate, "slowdown-x")
	b.ReportMetric((exec-inProc).Seconds()*1e6/float64(nExec), "us-overhead/decision")
}
