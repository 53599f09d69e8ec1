package ingest

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
)

//go:embed sql/known-keys.sql
var knownKeysSQL string

// hashKey is the first 128 bits of a game's SHA-256 hash (content or
// canonical): the planner tells games apart by it. Two different games
// share a key with a probability of about n²/2¹²⁹ for n games, 10⁻²⁷ for
// a million: as sound as the hash itself, at a quarter of its size.
type hashKey [2]uint64

// keyOf returns the key of a hash as games.content_hash and
// games.canonical_hash hold it: 64 hexadecimal digits. Any other string
// (none is stored) is keyed by the SHA-256 of its bytes, so that every
// string has a key and equal strings have equal keys.
func keyOf(hash string) hashKey { return keyOfBytes([]byte(hash)) }

// keyOfBytes is keyOf of a hash's bytes, as the database gives them.
func keyOfBytes(hash []byte) hashKey {
	var b [16]byte
	if len(hash) < 32 {
		return digestKey(string(hash))
	}
	if _, err := hex.Decode(b[:], hash[:32]); err != nil {
		return digestKey(string(hash))
	}
	return hashKey{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}
}

func digestKey(s string) hashKey {
	sum := sha256.Sum256([]byte(s))
	return hashKey{binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])}
}

// keyed is a game id under a hash key.
type keyed struct {
	key hashKey
	id  int64
}

// hashIndex finds a game by the key of one of its hashes: the games
// loaded before the import in a sorted slice (24 bytes a game, read once
// from the database), those the import adds in a small map merged, once
// it holds tailRun keys, into sorted runs (24 bytes a game too, where a
// map of every game would take two to four times that).
type hashIndex struct {
	known []keyed // sorted by key
	// added holds the keys the import added, but for the last ones, in
	// tail until it holds tailMax.
	added   sortedRuns[keyed]
	tail    map[hashKey]int64
	tailMax int
}

// tailRun is how many keys an import adds to a hashIndex's map before it
// sorts them into a run.
const tailRun = 4096

func newHashIndex(known []keyed) *hashIndex {
	if !slices.IsSortedFunc(known, compareKeyed) {
		known = sortKeyed(known)
	}
	return &hashIndex{known: known, added: sortedRuns[keyed]{cmp: func(a, b keyed) int { return compareKeys128(a.key, b.key) }},
		tail: map[hashKey]int64{}, tailMax: tailRun}
}

// compareKeys128 orders keys. It compares the second half only when the
// first halves are equal (cmp.Or would compare both, every time): sorting
// a million games' keys takes half the time.
func compareKeys128(a, b hashKey) int {
	if a[0] != b[0] {
		return cmp.Compare(a[0], b[0])
	}
	return cmp.Compare(a[1], b[1])
}

// search finds the first entry with the key k in a sorted slice.
func search(s []keyed, k hashKey) (int64, bool) {
	i, ok := slices.BinarySearchFunc(s, k, func(e keyed, k hashKey) int { return compareKeys128(e.key, k) })
	if ok {
		return s[i].id, true
	}
	return 0, false
}

// find returns the id of a game with the key: of the games loaded before
// the import, the first (the smallest id), else the one the import added.
func (x *hashIndex) find(k hashKey) (int64, bool) {
	if id, ok := search(x.known, k); ok {
		return id, true
	}
	for _, r := range x.added.runs {
		if id, ok := search(r, k); ok {
			return id, true
		}
	}
	id, ok := x.tail[k]
	return id, ok
}

// add records a game of the import, whose key find did not find.
func (x *hashIndex) add(k hashKey, id int64) {
	x.tail[k] = id
	if len(x.tail) < x.tailMax {
		return
	}
	run := make([]keyed, 0, len(x.tail))
	for k, id := range x.tail {
		run = append(run, keyed{k, id})
	}
	clear(x.tail)
	slices.SortFunc(run, x.added.cmp)
	x.added.push(run)
}

// readKnown reads the keys of the games already loaded: every game by its
// content, and the games that are not themselves mirrors by their
// canonical hash; and the Gin games by their timestamp.
func readKnown(ctx context.Context, db *sql.DB) (content, canonical *hashIndex, byTS *tsIndex, err error) {
	// The lists are made at their size rather than grown by appends, each
	// growth of which copies them into new memory.
	n, err := CountGames(ctx, db)
	if err != nil {
		return nil, nil, nil, err
	}
	rows, err := db.QueryContext(ctx, knownKeysSQL)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loaded games: %w", err)
	}
	defer rows.Close()
	byContent, byCanonical := make([]keyed, 0, n), make([]keyed, 0, n)
	stamps := make([]tsEntry, 0, n)
	// The hashes are copied into two buffers, valid until the next row,
	// and decoded at once: no string of their own.
	var contentHash, canonicalHash sql.RawBytes
	for rows.Next() {
		var id int64
		var original bool
		var ts sql.Null[int64]
		var plays int32
		var rounds int16
		if err := rows.Scan(&id, &contentHash, &canonicalHash, &original, &ts, &plays, &rounds); err != nil {
			return nil, nil, nil, fmt.Errorf("loaded games: %w", err)
		}
		byContent = append(byContent, keyed{keyOfBytes(contentHash), id})
		if original {
			byCanonical = append(byCanonical, keyed{keyOfBytes(canonicalHash), id})
		}
		if ts.Valid {
			stamps = append(stamps, tsEntry{ts: ts.V, id: id, plays: plays, rounds: rounds})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("loaded games: %w", err)
	}
	return newHashIndex(byContent), newHashIndex(byCanonical), newTSIndex(stamps), nil
}
