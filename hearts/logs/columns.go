package logs

import "github.com/ginlog/ginlog/gin"

// CardColumns returns the column of each card of a row whose first card
// is at column first: a parsed card's text is always its log notation
// (two bytes, three for a ten) and one separator follows it, so a row's
// card columns follow from its cards. A reader of stored hands uses it to
// locate a card again without the file.
func CardColumns(first uint16, cards *[gin.NumCards]gin.Card) [gin.NumCards]uint16 {
	var cols [gin.NumCards]uint16
	at := first
	for k, c := range cards {
		cols[k] = at
		at += 3
		if c.Rank() == gin.Ten {
			at++
		}
	}
	return cols
}
