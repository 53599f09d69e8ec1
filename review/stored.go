package review

import "github.com/ginlog/ginlog/store"

// Stored reads the review_decisions rows the store loaded (in game
// order) into the values Options.Stored and Review take, and the games
// they cover in that order; rows of a kind this ginlog does not know
// (a later one's) are left out, to be judged again.
func Stored(rows []store.ReviewRow) (map[Key]Value, []int64) {
	out := make(map[Key]Value, len(rows))
	var games []int64
	for _, r := range rows {
		k, v, ok := StoredValue(r)
		if !ok {
			continue
		}
		if len(games) == 0 || games[len(games)-1] != r.Game {
			games = append(games, r.Game)
		}
		out[k] = v
	}
	return out, games
}

// StoredValue reads one review_decisions row: its decision's key and
// value, and false for a kind this ginlog does not know.
func StoredValue(r store.ReviewRow) (Key, Value, bool) {
	k, ok := ParseKind(r.Kind)
	if !ok {
		return Key{}, Value{}, false
	}
	return Key{Game: r.Game, Round: r.Round, Ply: r.Ply, Kind: k}, Value{Played: r.Played, Best: r.Best,
		Points: r.Points, BestPoints: r.BestPoints, Win: r.Win, BestWin: r.BestWin, SE: r.SE, Deals: r.Deals}, true
}

// Rows is the review_decisions rows of the games the evaluator judged
// (Game.Evaluated), for the store to save, and those games' ids: a game
// read whole from the stored values is not written again.
func Rows(games []*Game) ([]int64, []store.ReviewRow) {
	var ids []int64
	var rows []store.ReviewRow
	for _, g := range games {
		if g.Evaluated == 0 {
			continue
		}
		ids = append(ids, g.ID)
		for _, d := range g.Decisions {
			rows = append(rows, store.ReviewRow{Game: d.Game, Round: d.Round, Ply: d.Ply, Kind: d.Kind.String(),
				Played: d.Played, Best: d.Best, Points: d.Points, BestPoints: d.BestPoints,
				Win: d.Win, BestWin: d.BestWin, SE: d.SE, Deals: d.Deals})
		}
	}
	return ids, rows
}
