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

// Side returns the side ENUM value: "you" for the logged player, "opp".
func Side(you bool) driver.Value {
	if you {
		return "you"
	}
	return "opp"
}
