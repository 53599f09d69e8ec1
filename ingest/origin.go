package ingest

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"
)

//go:embed sql/player-merges.sql
var playerMergesSQL string

// Origin returns where a Hearts game found in the folder group (the
// folder holding the player folders, as found: a root's path, then the
// folders below it; inside a zip archive archive.zip!inner/path) came
// from, which qualifies its players' ids: source (the import's --source)
// or, without one, the name of the root (a folder or archive named on the
// command line, or matched by a pattern) the group was found under,
// followed by the path from that root to the group. A group under no root
// (its files were named one by one) is qualified by source, or else by
// its own name. The rule gives the same origin whenever the same folder is
// imported again the same way, from any working folder; schema version
// 6's migration applies it to the games loaded before it.
//
// For example, ingest of ../hearts with repoA/logs/1/<stamp>.csv in it
// gives the origin hearts/repoA/logs, and the player hearts/repoA/logs/1;
// with --source fit2102, fit2102/repoA/logs; ingest of repoA alone gives
// repoA/logs.
func Origin(source string, roots []string, group string) string {
	best, rel := "", ""
	found := false
	for _, r := range roots {
		r = cleanRoot(r)
		rest, ok := below(group, r)
		if ok && (!found || len(r) > len(best)) {
			best, rel, found = r, rest, true
		}
	}
	if !found {
		if source != "" {
			return source
		}
		return lastElem(group)
	}
	name := source
	if name == "" {
		name = rootName(best)
	}
	switch {
	case name == "" && rel == "":
		return lastElem(group)
	case name == "":
		return rel
	case rel == "":
		return name
	}
	return name + "/" + rel
}

// cleanRoot returns a root's path as the group paths below it begin: clean,
// with slashes, "" for the working folder.
func cleanRoot(r string) string {
	r = filepath.ToSlash(filepath.Clean(r))
	if r == "." {
		return ""
	}
	return r
}

// below reports whether group is root or a path below it (in a folder, or
// in an archive: root!path), and returns that path.
func below(group, root string) (string, bool) {
	switch {
	case group == root:
		return "", true
	case root == "":
		return group, group != ".." && !strings.HasPrefix(group, "/") && !strings.HasPrefix(group, "../")
	case strings.HasPrefix(group, root+"/"), strings.HasPrefix(group, root+"!"):
		return strings.Trim(group[len(root)+1:], "/"), true
	}
	return "", false
}

// rootName returns the name of a root: its last element; the working
// folder's or a parent's own name for "" or "..".
func rootName(root string) string {
	if root == "" || root == ".." || strings.HasSuffix(root, "/..") {
		if root == "" {
			root = "."
		}
		abs, err := filepath.Abs(filepath.FromSlash(root))
		if err != nil {
			return ""
		}
		root = filepath.ToSlash(abs)
	}
	return lastElem(root)
}

// lastElem returns the last element of a path (of a folder, or inside an
// archive), "." for none.
func lastElem(p string) string {
	p = strings.TrimRight(p, "/!")
	if i := strings.LastIndexAny(p, "/!"); i >= 0 {
		p = p[i+1:]
	}
	if p == "" {
		return "."
	}
	return p
}

// playerNames names the Hearts players an import loads: where they came
// from, and the names of the identities merged.
type playerNames struct {
	source string
	roots  []string
	merges map[string]string // identity -> the name it is merged under
}

// newPlayerNames reads the merged identities.
func newPlayerNames(ctx context.Context, db *sql.DB, source string, roots []string) (*playerNames, error) {
	n := &playerNames{source: source, roots: roots, merges: map[string]string{}}
	rows, err := db.QueryContext(ctx, playerMergesSQL)
	if err != nil {
		return nil, fmt.Errorf("read the merged players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("read the merged players: %w", err)
		}
		n.merges[id] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the merged players: %w", err)
	}
	return n, nil
}

// origin returns the origin of a game found in group (Origin).
func (n *playerNames) origin(group string) string {
	if n == nil {
		return Origin("", nil, group)
	}
	return Origin(n.source, n.roots, group)
}

// player returns the name of the player id of a game of origin: its
// identity origin/id, or the name it is merged under.
func (n *playerNames) player(origin, id string) string {
	identity := origin + "/" + id
	if n == nil {
		return identity
	}
	if name, ok := n.merges[identity]; ok {
		return name
	}
	return identity
}
