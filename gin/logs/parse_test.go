package logs

import (
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// TestDecodeCardMatchesParseCard checks the fast decoder against the rules
// engine's parser on every short string of the relevant bytes.
func TestDecodeCardMatchesParseCard(t *testing.T) {
	alphabet := []byte("SCDHTX0123456789AJQKa ")
	var try func(b []byte)
	try = func(b []byte) {
		want, err := gin.ParseCard(string(b))
		got, ok := decodeCard(b)
		if ok != (err == nil) || (ok && got != want) {
			t.Errorf("decodeCard(%q) = %v, %v; ParseCard = %v, %v", b, got, ok, want, err)
		}
		if len(b) == 3 {
			return
		}
		for _, c := range alphabet {
			try(append(b, c))
		}
	}
	try(nil)
}
