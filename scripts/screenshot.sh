#!/bin/sh
# Regenerates docs/report.png, the README's picture of a report made from
# the bundled sample corpus. Needs Chromium (Debian package chromium).
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go run ./cmd/ginlog --db "$work/sample.duckdb" ingest testdata/sample >/dev/null
go run ./cmd/ginlog --db "$work/sample.duckdb" report --out "$work/report.html"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run \
  --user-data-dir="$work/profile" --hide-scrollbars --window-size=1100,1700 \
  --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/report.png"
