package schema

import (
	"io/fs"
	"slices"
)

// DDL returns the text of every migration, oldest first: the tables'
// documentation (the comments on each table and column) is read from it.
func DDL() []string {
	files, _ := fs.Glob(migrations, "sql/*.sql")
	slices.Sort(files)
	out := make([]string, 0, len(files))
	for _, name := range files {
		b, _ := migrations.ReadFile(name)
		out = append(out, string(b))
	}
	return out
}
