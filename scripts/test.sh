#!/usr/bin/env bash
# The tests: `go test ./...` read through internal/testsummary, which
# prints what a plain go test prints (an "ok" line a package, the output
# of what failed) and then the tally of the tests and one line per reason
# a test skipped. Arguments go to go test: `scripts/test.sh -short` is the
# edit-test loop; ./... is added unless a package (./x, ./x/...) is named.
# Exits 1 when anything failed, as go test does.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=(./...)
for arg in "$@"; do
  case "$arg" in ./*|github.com/*) pkgs=() ;; esac
done
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/testsummary" ./internal/testsummary
go test -json "$@" "${pkgs[@]}" | "$bin/testsummary"
