package store

// Only returns the Keep of a Filter that reads the games of ids (in any
// order; an empty list keeps none).
func Only(ids []int64) func(id int64) bool {
	set := make(map[int64]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return func(id int64) bool { return set[id] }
}
