#!/bin/sh
# Regenerates docs/report.png, the README's picture of a report made from
# the bundled sample corpus: the top of the page (the summary, the
# opponent's tendencies, the side-by-side comparison) at a laptop's width.
# Needs Chromium (Debian package chromium).
set -eu
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "screenshot.sh: Chromium not found (Debian package chromium)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go run ./cmd/ginlog --db "$work/sample.duckdb" ingest testdata/sample >/dev/null
go run ./cmd/ginlog --db "$work/sample.duckdb" report --out "$work/report.html" 2>/dev/null
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run \
  --user-data-dir="$work/profile" --hide-scrollbars --window-size=1128,1800 \
  --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/report.png"
