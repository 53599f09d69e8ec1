package report

import (
	"encoding/json"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/selection"
)

// layoutScript measures the page as laid out in the browser and appends
// what it found, as JSON, in a <pre id="layout-check">. The report has no
// scripts: the test adds this one to its own copy.
const layoutScript = `<script>
(function () {
  const out = {problems: [], texts: 0, charts: 0, column: 0};
  const say = (s) => { if (out.problems.length < 200) out.problems.push(s); };
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) say("the page scrolls sideways: " + doc.scrollWidth + " > " + doc.clientWidth);
  const cs = getComputedStyle(document.body);
  const column = document.body.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  out.column = column;
  const short = (s) => JSON.stringify(s.trim().slice(0, 50));
  for (const el of document.querySelectorAll("h1, h2, h3, p, li, figcaption, summary, .label, .value, .note, td, th")) {
    if (el.closest("details:not([open])")) continue;
    if (el.scrollWidth > el.clientWidth + 1) say(el.tagName + " " + short(el.textContent) + " overflows its box: " + el.scrollWidth + " > " + el.clientWidth);
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > doc.clientWidth + 0.5) say(el.tagName + " " + short(el.textContent) + " leaves the page");
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const fig of document.querySelectorAll("figure")) {
    const svg = fig.querySelector("svg");
    if (!svg) { say(fig.id + ": no chart"); continue; }
    out.charts++;
    const s = svg.getBoundingClientRect();
    const pair = fig.parentElement.classList.contains("pair") && getComputedStyle(fig.parentElement).gridTemplateColumns.split(" ").length > 1;
    const want = pair ? (column - 24) / 2 : column;
    if (s.width < want - 1) say(fig.id + ": " + s.width.toFixed(1) + " px wide in a column of " + want.toFixed(1));
    const lines = [];
    for (const path of svg.querySelectorAll("path")) {
      if (getComputedStyle(path).stroke !== "none") lines.push({path: path, b: path.getBoundingClientRect()});
    }
    const seen = [];
    for (const t of svg.querySelectorAll("text")) {
      out.texts++;
      const b = t.getBoundingClientRect();
      if (b.left < s.left - 0.5 || b.right > s.right + 0.5 || b.top < s.top - 0.5 || b.bottom > s.bottom + 0.5)
        say(fig.id + ": " + short(t.textContent) + " leaves the chart");
      for (const o of seen) if (overlap(b, o.b)) say(fig.id + ": " + short(t.textContent) + " overlaps " + short(o.text));
      seen.push({b: b, text: t.textContent});
      // No line (a data line, a whisker, an axis) runs through a text.
      for (const l of lines) {
        if (!overlap(b, l.b) && !(l.b.width < 1 || l.b.height < 1)) continue;
        const m = l.path.getScreenCTM().inverse();
        let hit = false;
        for (let i = 1; i < 6 && !hit; i++) for (let j = 1; j < 4 && !hit; j++) {
          const p = new DOMPoint(b.left + b.width * i / 6, b.top + b.height * j / 4).matrixTransform(m);
          hit = l.path.isPointInStroke(p);
        }
        if (hit) { say(fig.id + ": a line runs through " + short(t.textContent)); break; }
      }
    }
  }
  const pre = document.createElement("pre");
  pre.id = "layout-check";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>`

// browserCheck is what layoutScript reports.
type browserCheck struct {
	Problems []string
	Texts    int
	Charts   int
	Column   float64
}

// chromium returns the path of a Chromium, or skips (fails under CI).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testenv.Missing(t, "chromium not installed (Debian package chromium): the browser test needs it")
	return ""
}

// TestBrowser opens a report with every chart in headless Chromium at a laptop's width and
// at a narrow one (600 pixels: Chromium's windows are at least 500 wide,
// and the pairs of charts stack below 720), and checks its layout there: no text overflows its box or
// leaves the page or its chart, no two texts of a chart overlap, no line
// runs through a text (a key over a data line), every chart fills its
// column; and the screenshot is not blank.
func TestBrowser(t *testing.T) {
	browser := chromium(t)
	// The report with weights: every chart, the section on reading the
	// opponent's hand included.
	page := write(t, loadCorpus(t, "sample"), Options{Filters: selection.Filters{Who: "opp", MinSample: 10}, Weights: sampleWeights(t)})
	dir := t.TempDir()
	checked := filepath.Join(dir, "checked.html")
	if err := os.WriteFile(checked, []byte(strings.Replace(page, "</body>", layoutScript+"\n</body>", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "report.html")
	if err := os.WriteFile(plain, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--hide-scrollbars",
		"--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile")}
	for _, size := range []struct {
		name          string
		width, column int
	}{{"laptop", 1280, 1032}, {"phone", 600, 576}} {
		t.Run(size.name, func(t *testing.T) {
			dom, err := exec.Command(browser, append(flags, "--window-size="+strconv.Itoa(size.width)+",900", "--dump-dom", "file://"+checked)...).Output()
			if err != nil {
				t.Fatalf("chromium --dump-dom: %v", err)
			}
			m := regexp.MustCompile(`(?s)<pre id="layout-check">(.*?)</pre>`).FindSubmatch(dom)
			if m == nil {
				t.Fatalf("the layout check did not run; the page:\n%.2000s", dom)
			}
			var got browserCheck
			if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &got); err != nil {
				t.Fatal(err)
			}
			if got.Charts != chartCount+inferenceCharts || got.Texts < 300 {
				t.Errorf("%d charts and %d chart texts laid out, want %d charts and hundreds of texts", got.Charts, got.Texts, chartCount+inferenceCharts)
			}
			if int(got.Column+0.5) != size.column {
				t.Errorf("the text column is %.1f px wide, want %d", got.Column, size.column)
			}
			for _, p := range got.Problems {
				t.Error(p)
			}
		})
	}
	shot := filepath.Join(dir, "shot.png")
	if out, err := exec.Command(browser, append(flags, "--screenshot="+shot, "--window-size=1280,1800", "file://"+plain)...).CombinedOutput(); err != nil {
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
