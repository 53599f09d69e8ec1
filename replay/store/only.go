package store

// only returns the ids of ids (in their order) that keep holds.
func only(ids, keep []int64) []int64 {
	set := make(map[int64]bool, len(keep))
	for _, id := range keep {
		set[id] = true
	}
	var out []int64
	for _, id := range ids {
		if set[id] {
			out = append(out, id)
		}
	}
	return out
}
