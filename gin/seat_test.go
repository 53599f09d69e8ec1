package gin

import (
	"encoding/json"
	"testing"
)

func TestSeat(t *testing.T) {
	for _, tc := range []struct {
		seat  Seat
		name  string
		flag  byte
		other Seat
	}{
		{You, "you", '1', Opp},
		{Opp, "opp", '0', You},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.seat.String(); got != tc.name {
				t.Errorf("String() = %q, want %q", got, tc.name)
			}
			if got := tc.seat.Other(); got != tc.other {
				t.Errorf("Other() = %v, want %v", got, tc.other)
			}
			if got := tc.seat.Flag(); got != tc.flag {
				t.Errorf("Flag() = %q, want %q", got, tc.flag)
			}
			if got, ok := SeatOfFlag([]byte{tc.flag}); !ok || got != tc.seat {
				t.Errorf("SeatOfFlag(%q) = %v, %v, want %v", tc.flag, got, ok, tc.seat)
			}
			if got, err := ParseSeat(tc.name); err != nil || got != tc.seat {
				t.Errorf("ParseSeat(%q) = %v, %v, want %v", tc.name, got, err, tc.seat)
			}
			if b, err := json.Marshal(tc.seat); err != nil || string(b) != `"`+tc.name+`"` {
				t.Errorf("json.Marshal = %s, %v, want %q", b, err, tc.name)
			}
		})
	}
}

func TestSeatRejects(t *testing.T) {
	for _, flag := range []string{"", "2", "01", "y", " 1"} {
		if s, ok := SeatOfFlag([]byte(flag)); ok {
			t.Errorf("SeatOfFlag(%q) = %v, want no seat", flag, s)
		}
	}
	for _, name := range []string{"", "You", "both", "opponent"} {
		if s, err := ParseSeat(name); err == nil {
			t.Errorf("ParseSeat(%q) = %v, want an error", name, s)
		}
	}
	if _, err := json.Marshal(Seat(2)); err == nil {
		t.Error("json.Marshal(Seat(2)) succeeded")
	}
	if got := Seat(7).String(); got != "Seat(7)" {
		t.Errorf("Seat(7).String() = %q", got)
	}
}

// FuzzSeatOfFlag: a flag is a seat exactly when it is "1" or "0", and the
// seat's flag gives it back.
func FuzzSeatOfFlag(f *testing.F) {
	for _, s := range []string{"1", "0", "", "10", "x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, flag []byte) {
		s, ok := SeatOfFlag(flag)
		want := string(flag) == "1" || string(flag) == "0"
		if ok != want {
			t.Fatalf("SeatOfFlag(%q) ok = %v, want %v", flag, ok, want)
		}
		if ok && s.Flag() != flag[0] {
			t.Fatalf("SeatOfFlag(%q) = %v, whose flag is %q", flag, s, s.Flag())
		}
	})
}

func TestCallJSON(t *testing.T) {
	for _, c := range []Call{Drop, Knock, Gin} {
		if b, err := json.Marshal(c); err != nil || string(b) != `"`+c.String()+`"` {
			t.Errorf("json.Marshal(%v) = %s, %v", c, b, err)
		}
	}
	if _, err := json.Marshal(Call(3)); err == nil {
		t.Error("json.Marshal(Call(3)) succeeded")
	}
}
