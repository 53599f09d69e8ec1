package logs

import (
	"testing"

	"github.com/ginlog/ginlog/logfile"
)

// FuzzParseTurns checks that a turn file never panics the parser, that
// every error is located, and that every play kept is numbered.
func FuzzParseTurns(f *testing.F) {
	f.Add([]byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8,0,S4,S7,CK\r\n"))
	f.Add([]byte("\xef\xbb\xbf1,S7;;,0,S4\n\n\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &fileParser{logfile.Reader{File: "x.csv", MaxLine: MaxLine}}
		plays := p.turns(data)
		for _, e := range p.Errors {
			if e.Line < 1 || e.Code == "" || e.Msg == "" {
				t.Fatalf("error without a line, code or message: %+v", e)
			}
		}
		for _, pl := range plays {
			if pl.Line < 1 || pl.Round < 1 || pl.Round > MaxRounds {
				t.Fatalf("play %+v", pl)
			}
		}
	})
}

// FuzzParseScores checks that a score file never panics the parser, and
// that every error is located.
func FuzzParseScores(f *testing.F) {
	f.Add([]byte("1,0,16,Knock,0\r\n2,25,0,Gin,1\r\n"))
	f.Add([]byte("1,0,-1,Drop,2\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &fileParser{logfile.Reader{File: "x-score.csv", MaxLine: MaxLine}}
		p.scores(data)
		for _, e := range p.Errors {
			if e.Line < 1 || e.Code == "" || e.Msg == "" {
				t.Fatalf("error without a line, code or message: %+v", e)
			}
		}
	})
}
