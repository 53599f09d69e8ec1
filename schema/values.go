package schema

import (
	"database/sql/driver"

	"github.com/ginlog/ginlog/gin"
)

// CardValues holds each card's name as an appender value for the card
// ENUM, indexed by gin.Card, so that appending a card allocates nothing.
var CardValues = func() (v [gin.NumCards]driver.Value) {
	for c := range v {
		v[c] = gin.Card(c).String()
	}
	return v
}()

// sideValues holds the side ENUM's values by seat.
var sideValues = [2]driver.Value{gin.You.String(), gin.Opp.String()}

// Side returns a seat's value of the side ENUM: "you" for the logged
// player, "opp" for its opponent.
func Side(s gin.Seat) driver.Value { return sideValues[s] }
