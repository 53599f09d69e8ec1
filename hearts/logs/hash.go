package logs

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/ginlog/ginlog/gin"
)

// Hashes returns the hash of the game's content (the same files read
// twice have the same) and its canonical hash (the same for every view of
// the game, whoever logged it). The canonical hash covers what every view
// of the game shares: the number of players and each hand's first
// field and cards. The content hash adds what this set of files tells:
// the players' ids and which of them logged which scores.
func (g *Game) Hashes() (content, canonical string) {
	h := sha256.New()
	buf := make([]byte, 0, 2+gin.NumCards)
	buf = append(buf, "hearts\x00"...)
	buf = append(buf, byte(g.Players))
	h.Write(buf)
	for i := range g.Hands {
		hand := &g.Hands[i]
		buf = append(buf[:0], byte(hand.First))
		for _, c := range hand.Cards {
			buf = append(buf, byte(c))
		}
		h.Write(buf)
	}
	canon := h.Sum(nil)
	h.Reset()
	h.Write(canon)
	for _, id := range g.IDs[:g.Players] {
		h.Write(binary.AppendUvarint(nil, uint64(len(id))))
		h.Write([]byte(id))
	}
	for i := range g.Hands {
		hand := &g.Hands[i]
		buf = buf[:0]
		for p := range g.Players {
			if hand.Logged[p] {
				buf = append(buf, 1, byte(hand.Score[p]))
			} else {
				buf = append(buf, 0, 0)
			}
		}
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil)), hex.EncodeToString(canon)
}
