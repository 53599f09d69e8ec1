package logs

import (
	"bytes"
	"testing"
)

// fuzzSeeds are files of both player counts, sound and broken.
var fuzzSeeds = []string{
	"100,0,0,2,\"C5,C4,C10,C2;S3,S4,S2,S5;C6,C8,CK,C3;DJ,D10,D2,DQ;S10,S8,SJ,S6;D8,D5,D9,DA;HK,C9,CA,C7;H4,H6,H5,H3;D7,D4,DK,HA;H2,HJ,H8,H7;HQ,S7,SQ,S9;D6,SK,H9,H10;D3,CJ,SA,CQ\"\r\n",
	"100,1,8,0,\"C2,C3;C4,C5;C6,C7;C8,C9;C10,CJ;CQ,CK;CA,D2;D3,D4;D5,D6;D7,D8;D9,D10;DJ,DQ;DK,DA;S2,S3;S4,S5;S6,S7;S8,S9;S10,SJ;SQ,SK;SA,H2;H3,H4;H5,H6;H7,H8;H9,H10;HJ,HQ;HK,HA\"\n",
	"100,0,0,2,\"C5,C4\"\n",
	"100,x,0,2,\"C5\"\n\n\n",
	"\xef\xbb\xbf100,0,27,9,\"X1,C4;;\"",
	"",
}

// FuzzVerify reads two fuzzed files as sibling views of one stamp and
// verifies what groups: nothing panics, and every deviation is located in
// a file of its game, at a hand of it.
func FuzzVerify(f *testing.F) {
	for _, a := range fuzzSeeds[:2] {
		f.Add([]byte(a), []byte(bytes.Replace([]byte(a), []byte("100,0,0,"), []byte("100,1,0,"), 1)))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		games := Group([]*File{ParseFile("g/p1/100.csv", a), ParseFile("g/p2/100.csv", b)})
		for _, g := range games {
			rep := Verify(g)
			names := map[string]bool{}
			for _, file := range g.Files() {
				names[file.Name] = true
			}
			for _, d := range rep.Deviations {
				if !names[d.File] || d.Hand < 1 || d.Hand > len(g.Hands) || d.Line < 1 || d.Code == "" {
					t.Fatalf("deviation %+v outside its game's files %v", d, names)
				}
			}
			if len(g.Errors) > 0 && rep.Method != MethodNone {
				t.Fatalf("a rejected game read by %v", rep.Method)
			}
		}
	})
}
