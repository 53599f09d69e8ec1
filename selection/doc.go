// Package selection is how every ginlog command selects games: the
// Filters (the command line's --opponent, --source, --since, --until,
// --game-id, and --who and --min-sample for the queries), the games they
// select, and the errors of a selection that holds none.
//
// Its contract: a game is selected when it is of the kind asked (Gin or
// Hearts, games.kind), is not the other player's log of a game already
// loaded (mirror_of set), and matches every filter set. The common table
// expressions ParamsCTE (the filters as the params row) and GamesCTE (the
// selected games, sel_games) say so in SQL, and every statement over the
// selected games reads them: GameIDs here, and the prelude of each query
// in package queries. Filters that select no game are an error wrapping
// ErrNoGames (a *NoMatchError saying why, in terms of what the database
// holds, when it holds games of that kind), or replay.ErrNoGame when
// --game-id names no game (Require). The tags the filters select by
// (opponent, source) and their values are listed by Tags.
//
// Every statement it runs is an embedded file in sql/. It reads a ginlog
// database, or a dataset's tables of the same names (package dataset), and
// writes nothing.
package selection
