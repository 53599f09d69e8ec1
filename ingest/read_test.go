package ingest

import (
	"bytes"
	"errors"
	"testing"
	"testing/iotest"
)

// TestReadLimited: a reader is read whole whatever size it claims,
// smaller, larger or its own, a byte at a time too; past MaxFileBytes it
// is too large, at MaxFileBytes it is read.
func TestReadLimited(t *testing.T) {
	small := bytes.Repeat([]byte("1,64,0,Gin,1\r\n"), 2000)
	for _, tc := range []struct {
		name    string
		data    []byte
		claimed int64
		oneByte bool
		tooBig  bool
	}{
		{"its size", small, int64(len(small)), false, false},
		{"less than its size", small, 100, false, false},
		{"nothing", small, 0, false, false},
		{"more than its size", small, MaxFileBytes, false, false},
		{"a byte at a time", small[:3000], 10, true, false},
		{"empty", nil, 0, false, false},
		{"the limit", make([]byte, MaxFileBytes), 0, false, false},
		{"past the limit", make([]byte, MaxFileBytes+1), MaxFileBytes, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := bytes.NewReader(tc.data)
			var got []byte
			var err error
			if tc.oneByte {
				got, err = readLimited(iotest.OneByteReader(r), tc.claimed)
			} else {
				got, err = readLimited(r, tc.claimed)
			}
			var re *readError
			switch {
			case tc.tooBig && (!errors.As(err, &re) || re.code != CodeTooLarge):
				t.Errorf("error %v, want too large", err)
			case !tc.tooBig && (err != nil || !bytes.Equal(got, tc.data)):
				t.Errorf("read %d bytes (%v), want the %d", len(got), err, len(tc.data))
			}
		})
	}
}
