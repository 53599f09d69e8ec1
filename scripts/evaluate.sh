#!/bin/sh
# The tuned player's evaluation, as quoted in the README: simulate games of
# the tuned player (default weights) against each baseline, import them
# tagged by opponent, fit weights on all of them and on each opponent alone,
# then play 10,000 mirrored games per pairing.
# Usage: scripts/evaluate.sh [WORKDIR]   (default: ./eval, kept for inspection)
set -eu
work=${1:-eval}
games=${GAMES:-10000}
mkdir -p "$work"
go build -o "$work/ginlog" ./cmd/ginlog
g="$work/ginlog"
export GINLOG_DB="$work/eval.duckdb"
rm -f "$GINLOG_DB" "$GINLOG_DB.wal"
for bot in random simple meldable memory; do
  rm -rf "$work/logs-$bot"
  "$g" simulate --players tuned:default,$bot --games 3000 --seed 17 --out "$work/logs-$bot" >/dev/null
  "$g" ingest "$work/logs-$bot" --opponent $bot >/dev/null
  "$g" fit --opponent $bot --out "$work/weights-$bot.json" >/dev/null
done
"$g" fit --out "$work/weights.json"
run() { "$g" simulate --games "$games" --mirror --no-logs --seed 99 --players "$1" | tail -2 | head -1; }
echo "== tuned (fitted on all) against each baseline"
for bot in random simple meldable memory; do run "tuned:$work/weights.json,$bot"; done
echo "== fitted weights against default weights"
run "tuned:$work/weights.json,tuned:default"
echo "== exploitation: weights fitted on one opponent, against each"
for bot in meldable memory simple; do
  for fitted in meldable memory simple; do run "tuned:$work/weights-$fitted.json,$bot"; done
done
