package dataset

import (
	"embed"
	"fmt"
	"strings"
	"text/template"
)

// templates are the statements whose tables, columns or paths vary from
// one table or export to the next: one text/template per file of
// sql/tmpl, named by the file. The fixed statements are plain .sql files
// (export.go).
//
//go:embed sql/tmpl/*.sql
var templateFiles embed.FS

var templates = template.Must(template.New("").Option("missingkey=error").ParseFS(templateFiles, "sql/tmpl/*.sql"))

// statement renders the template named name (its file's name) with data.
func statement(name string, data map[string]any) (string, error) {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("statement %s: %w", name, err)
	}
	return b.String(), nil
}
