package gin

import "testing"

// TestDecodeCardMatchesParseCard checks the fast decoder against the rules
// engine's parser on every short string of the relevant bytes.
func TestDecodeCardMatchesParseCard(t *testing.T) {
	alphabet := []byte("SCDHTX0123456789AJQKa ")
	var try func(b []byte)
	try = func(b []byte) {
		want, err := ParseCard(string(b))
		got, ok := DecodeCard(b)
		if ok != (err == nil) || (ok && got != want) {
			t.Errorf("DecodeCard(%q) = %v, %v; ParseCard = %v, %v", b, got, ok, want, err)
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
