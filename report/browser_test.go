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

// layoutScript measures the page as laid out in the browser and writes
// what it found, as JSON, in the <pre id="layout-check"> of the page that
// frames it (the report runs in an iframe of the width under test, since
// Chromium's windows are at least 500 pixels wide). The report has no
// scripts: the test adds this one to its own copy.
//
// It measures boxes, not pixels: every text of a chart (the SVG texts of
// the drawing the width shows, the figure's heading and caption) must lie
// inside the chart's box and the page, overlap no other text of the chart
// by more than a pixel, have no line run through it, and be drawn at
// 9 CSS pixels or more (an SVG text's font size times the scale its
// drawing is shown at).
const layoutScript = `<script>
(function () {
  const out = {problems: [], texts: 0, charts: 0, column: 0, smallest: 1e9};
  const say = (s) => { if (out.problems.length < 200) out.problems.push(s); };
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) say("the page scrolls sideways: " + doc.scrollWidth + " > " + doc.clientWidth);
  const cs = getComputedStyle(document.body);
  const column = document.body.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  out.column = column;
  const short = (s) => JSON.stringify(s.trim().slice(0, 50));
  const minFont = 9;
  const shown = (el) => el.getClientRects().length > 0;
  for (const el of document.querySelectorAll("h1, h2, h3, p, li, figcaption, summary, .label, .value, .note, td, th")) {
    if (el.closest("details:not([open])")) continue;
    if (el.scrollWidth > el.clientWidth + 1) say(el.tagName + " " + short(el.textContent) + " overflows its box: " + el.scrollWidth + " > " + el.clientWidth);
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > doc.clientWidth + 0.5) say(el.tagName + " " + short(el.textContent) + " leaves the page");
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < minFont) say(el.tagName + " " + short(el.textContent) + " is " + size.toFixed(1) + " px");
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const inside = (b, box) => b.left >= box.left - 0.5 && b.right <= box.right + 0.5 && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5;
  const page = {left: 0, right: doc.clientWidth, top: -1e9, bottom: 1e9};
  for (const fig of document.querySelectorAll("figure")) {
    const boxes = [...fig.querySelectorAll(".chart")].filter(shown);
    if (boxes.length !== 1) { say(fig.id + ": " + boxes.length + " drawings shown, want one"); continue; }
    const svg = boxes[0].querySelector("svg");
    if (!svg) { say(fig.id + ": no chart"); continue; }
    out.charts++;
    const box = boxes[0].getBoundingClientRect();
    const s = svg.getBoundingClientRect();
    const pair = fig.parentElement.classList.contains("pair") && getComputedStyle(fig.parentElement).gridTemplateColumns.split(" ").length > 1;
    let want = pair ? (column - 24) / 2 : column;
    if (boxes[0].classList.contains("narrow")) want = Math.min(want, parseFloat(getComputedStyle(svg).maxWidth));
    if (s.width < want - 1) say(fig.id + ": " + s.width.toFixed(1) + " px wide in a column of " + want.toFixed(1));
    if (s.right > box.right + 0.5 || s.left < box.left - 0.5) say(fig.id + ": the drawing is wider than its box");
    const lines = [];
    for (const path of svg.querySelectorAll("path")) {
      if (getComputedStyle(path).stroke !== "none") lines.push({path: path, b: path.getBoundingClientRect()});
    }
    const seen = [];
    for (const el of fig.querySelectorAll("h3, figcaption")) seen.push({b: el.getBoundingClientRect(), text: el.textContent});
    for (const t of svg.querySelectorAll("text")) {
      out.texts++;
      const b = t.getBoundingClientRect();
      const m = t.getScreenCTM();
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      out.smallest = Math.min(out.smallest, size);
      if (size < minFont) say(fig.id + ": " + short(t.textContent) + " is " + size.toFixed(1) + " px");
      if (!inside(b, s) || !inside(b, box) || !inside(b, page)) say(fig.id + ": " + short(t.textContent) + " leaves the chart");
      for (const o of seen) if (overlap(b, o.b)) say(fig.id + ": " + short(t.textContent) + " overlaps " + short(o.text));
      seen.push({b: b, text: t.textContent});
      // No line (a data line, a whisker, an axis) runs through a text.
      for (const l of lines) {
        if (!overlap(b, l.b) && !(l.b.width < 1 || l.b.height < 1)) continue;
        const inv = l.path.getScreenCTM().inverse();
        let hit = false;
        for (let i = 1; i < 6 && !hit; i++) for (let j = 1; j < 4 && !hit; j++) {
          const p = new DOMPoint(b.left + b.width * i / 6, b.top + b.height * j / 4).matrixTransform(inv);
          hit = l.path.isPointInStroke(p);
        }
        if (hit) { say(fig.id + ": a line runs through " + short(t.textContent)); break; }
      }
    }
  }
  parent.document.getElementById("layout-check").textContent = JSON.stringify(out);
})();
</script>`

// browserCheck is what layoutScript reports.
type browserCheck struct {
	Problems []string
	Texts    int
	Charts   int
	Column   float64
	Smallest float64 // the smallest text of a chart, in CSS pixels
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

// framed returns a page that shows the page report in an iframe width
// pixels wide: the report lays itself out, media queries included, as in
// a window of that width.
func framed(report string, width int) string {
	return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
<pre id="layout-check"></pre>
<iframe style="border:0;display:block" width="` + strconv.Itoa(width) + `" height="1200" srcdoc="` + html.EscapeString(report) + `"></iframe>
</body></html>`
}

// TestBrowser opens a Gin Rummy report with every chart and a Hearts
// report in headless Chromium, each at a phone's width (400 pixels) and a
// laptop's (1280), and checks their layout there: no text overflows its
// box or leaves the page or its chart, no two texts of a chart overlap and
// no line runs through one, no text is drawn under 9 pixels, every chart
// fills its column; and the screenshot is not blank.
func TestBrowser(t *testing.T) {
	testenv.Long(t, "opens two reports at two widths in headless Chromium")
	browser := chromium(t)
	f := selection.Filters{Who: "opp", MinSample: 10}
	reports := map[string]struct {
		page   string
		charts int
		texts  int // at least
	}{
		// With weights: every chart, the section on reading the
		// opponent's hand included.
		"gin":    {write(t, loadCorpus(t, "sample"), Options{Filters: f, Weights: sampleWeights(t)}), chartCount + inferenceCharts, 300},
		"hearts": {write(t, loadBoth(t, realHearts), Options{Filters: f}), 7, 100},
	}
	dir := t.TempDir()
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--hide-scrollbars",
		"--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile"),
		"--window-size=1300,1200"}
	for _, tc := range []struct {
		report        string
		width, column int
	}{
		{"gin", 400, 376}, {"gin", 1280, 1032},
		{"hearts", 400, 376}, {"hearts", 1280, 1032},
	} {
		t.Run(tc.report+"/"+strconv.Itoa(tc.width), func(t *testing.T) {
			r := reports[tc.report]
			page := filepath.Join(dir, tc.report+strconv.Itoa(tc.width)+".html")
			checked := strings.Replace(r.page, "</body>", layoutScript+"\n</body>", 1)
			if err := os.WriteFile(page, []byte(framed(checked, tc.width)), 0o644); err != nil {
				t.Fatal(err)
			}
			got := layoutIn(t, browser, flags, page)
			if got.Charts != r.charts || got.Texts < r.texts {
				t.Errorf("%d charts and %d chart texts laid out, want %d charts and at least %d texts", got.Charts, got.Texts, r.charts, r.texts)
			}
			if int(got.Column+0.5) != tc.column {
				t.Errorf("the text column is %.1f px wide, want %d", got.Column, tc.column)
			}
			t.Logf("%d charts, %d texts, the smallest %.1f px", got.Charts, got.Texts, got.Smallest)
			for _, p := range got.Problems {
				t.Error(p)
			}
			notBlank(t, browser, flags, page)
		})
	}
}

// layoutIn opens page in the browser and returns what layoutScript found.
func layoutIn(t *testing.T, browser string, flags []string, page string) browserCheck {
	t.Helper()
	dom, err := exec.Command(browser, append(flags, "--dump-dom", "file://"+page)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	m := regexp.MustCompile(`(?s)<pre id="layout-check">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil || len(m[1]) == 0 {
		t.Fatalf("the layout check did not run; the page:\n%.2000s", dom)
	}
	var got browserCheck
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// notBlank takes a screenshot of page and fails if it has few colours.
func notBlank(t *testing.T, browser string, flags []string, page string) {
	t.Helper()
	shot := strings.TrimSuffix(page, ".html") + ".png"
	if out, err := exec.Command(browser, append(flags, "--screenshot="+shot, "file://"+page)...).CombinedOutput(); err != nil {
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
