package gin

import "fmt"

// Seat is a player's place in a game. You is the logged player, the owner
// of the logs (actor flag 1 in the server's files); Opp is its opponent
// (flag 0). A Seat indexes per-seat arrays, and its values are those of the
// database's side enum ('you', 'opp'), which is persisted: do not reorder.
type Seat uint8

// The two seats.
const (
	You Seat = iota // the logged player
	Opp             // its opponent
)

var seatNames = [...]string{"you", "opp"}

// String returns "you" or "opp", the names the logs' owner uses and the
// database's side enum holds.
func (s Seat) String() string {
	if s <= Opp {
		return seatNames[s]
	}
	return fmt.Sprintf("Seat(%d)", uint8(s))
}

// Other returns the other seat.
func (s Seat) Other() Seat { return 1 - s }

// Flag returns the seat's actor flag in the server's logs: '1' for You,
// '0' for Opp.
func (s Seat) Flag() byte {
	if s == You {
		return '1'
	}
	return '0'
}

// SeatOfFlag returns the seat an actor flag of the server's logs names:
// "1" is You, "0" is Opp. It reports false for anything else.
func SeatOfFlag(flag []byte) (Seat, bool) {
	if len(flag) == 1 {
		switch flag[0] {
		case '1':
			return You, true
		case '0':
			return Opp, true
		}
	}
	return 0, false
}

// ParseSeat parses a seat's name, "you" or "opp".
func ParseSeat(s string) (Seat, error) {
	for i, name := range seatNames {
		if s == name {
			return Seat(i), nil
		}
	}
	return 0, fmt.Errorf("seat %q: want you or opp", s)
}

// MarshalText writes the seat's name, so that JSON shows "you" or "opp".
func (s Seat) MarshalText() ([]byte, error) {
	if s > Opp {
		return nil, fmt.Errorf("seat %d: want 0 (you) or 1 (opp)", uint8(s))
	}
	return []byte(seatNames[s]), nil
}
