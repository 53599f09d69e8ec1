package report

import (
	"bytes"
	"context"
	"database/sql"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
)

var corpora = map[string]string{"reallogs": "../../shared/reallogs", "sample": "../testdata/sample"}

func write(t *testing.T, db *sql.DB, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(context.Background(), db, o, &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	tagRE   = regexp.MustCompile(`<[^>]+>`)
	spaceRE = regexp.MustCompile(`[ \t]+`)
)

// structure reduces a report to its text: headings, summary, captions and
// the data tables, without the drawings and the generation time.
func structure(html string) string {
	html = regexp.MustCompile(`(?s)<svg.*?</svg>`).ReplaceAllString(html, "[chart]\n")
	html = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(html, "")
	html = regexp.MustCompile(`generated [0-9-]+ [0-9:]+ UTC`).ReplaceAllString(html, "generated TIME")
	html = strings.NewReplacer("</tr>", "\n", "</td>", " | ", "</th>", " | ", "</div>", "\n", "</h2>", "\n").Replace(html)
	var lines []string
	for _, l := range strings.Split(tagRE.ReplaceAllString(html, ""), "\n") {
		if l = strings.TrimSpace(spaceRE.ReplaceAllString(l, " ")); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestStructure(t *testing.T) {
	for name, dir := range corpora {
		t.Run(name, func(t *testing.T) {
			db := testdb.Load(t, dir, ingest.Options{})
			html := write(t, db, Options{Filters: queries.Filters{Who: "opp", MinSample: 10}})
			if n := strings.Count(html, "<svg"); n != 10 {
				t.Errorf("%d charts, want 10", n)
			}
			// The SVG and XLink namespaces are names, not links: the only
			// addresses allowed.
			local := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(html)
			for _, bad := range []string{"http://", "https://", "//", "<script", "<link", "<iframe", "<img", "@import", "url("} {
				if i := strings.Index(local, bad); i >= 0 {
					t.Errorf("the report is not self-contained: it has %q at %q", bad, local[max(0, i-40):min(len(local), i+40)])
				}
			}
			for _, ext := range regexp.MustCompile(`(?:src|href)="([^"#][^"]*)"`).FindAllStringSubmatch(html, -1) {
				t.Errorf("external reference %s", ext[1])
			}
			golden.Check(t, filepath.Join("testdata", name+".txt"), structure(html))
		})
	}
}

// TestUnverified renders a report of games not verified yet: no features,
// empty charts, no error.
func TestUnverified(t *testing.T) {
	db, err := schema.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := ingest.Run(context.Background(), db.DB, ingest.Options{Paths: []string{corpora["sample"]}}); err != nil {
		t.Fatal(err)
	}
	html := write(t, db.DB, Options{Filters: queries.Filters{Who: "opp", MinSample: 10}})
	if n := strings.Count(html, "<svg"); n != 10 || !strings.Contains(html, "no data") {
		t.Errorf("%d charts; no-data marks present: %v", n, strings.Contains(html, "no data"))
	}
}

// TestBrowser opens a report in headless Chromium: the page must load (its
// DOM holds every chart) and its screenshot must not be blank.
func TestBrowser(t *testing.T) {
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		testenv.Missing(t, "chromium not installed (Debian package chromium): the browser test does not run; CI installs it")
	}
	db := testdb.Load(t, corpora["sample"], ingest.Options{})
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, []byte(write(t, db, Options{Filters: queries.Filters{Who: "opp", MinSample: 10}})), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile")}
	dom, err := exec.Command(chromium, append(flags, "--dump-dom", "file://"+page)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	if n := strings.Count(string(dom), "<svg"); n != 10 {
		t.Errorf("the loaded page has %d charts, want 10", n)
	}
	shot := filepath.Join(dir, "shot.png")
	if out, err := exec.Command(chromium, append(flags, "--screenshot="+shot, "--window-size=1280,1800", "file://"+page)...).CombinedOutput(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if colors := distinctColors(img); colors < 50 {
		t.Errorf("the screenshot has %d colours: blank or broken", colors)
	}
}

func distinctColors(img image.Image) int {
	seen := map[uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[(r>>8)<<16|(g>>8)<<8|bl>>8] = true
		}
	}
	return len(seen)
}
