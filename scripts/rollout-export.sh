#!/bin/sh
# The rollout export's measurement, as quoted in docs/haskell.md and the
# README: does a student's FIT2102 Player.hs play as ginlog's best once
# ginlog export --player rollout writes it?
#
# Weights are fitted as docs/evaluation.md fits the rollout player's: on
# 3,000 games of the tuned player against simple (seed 3001). The module
# and its Player.hs are exported with them, compiled with the bridge's Main
# (ghc -O, as the bridge's instructions say) and played as exec: through
# the line protocol, on seed SEED (default 5252, used by no development
# run), GAMES mirrored games each (default 2000):
#   1. against simple, paired with ginlog's Go rollout player on the same
#      deals: the two must make the same decisions, so the paired
#      difference must be 0;
#   2. against meldable and against memory, paired with the Go tuned player
#      with the same weights on the same deals.
# Each exec: line reports the decisions' times through the bridge (p50,
# p90, p99, max) against the server's 1 s, and the longest memory. TIMEOUT
# (default 1s, the server's limit) is the limit on one decision: a slower
# decision forfeits the game, as on the server.
#
# Usage: scripts/rollout-export.sh [WORKDIR]   (default ./rollout-export,
# kept for inspection). It needs ghc.
set -eu
work=${1:-rollout-export}
games=${GAMES:-2000}
seed=${SEED:-5252}
timeout=${TIMEOUT:-1s}
fw=bridge/testdata/haskell/framework
mkdir -p "$work"
go build -o "$work/ginlog" ./cmd/ginlog
g="$work/ginlog"

if [ ! -f "$work/weights.json" ]; then
  export GINLOG_DB="$work/train.duckdb"
  rm -rf "$GINLOG_DB" "$GINLOG_DB.wal" "$work/logs"
  "$g" simulate --players tuned:default,simple --games 3000 --seed 3001 --out "$work/logs" >/dev/null
  "$g" ingest "$work/logs" --opponent simple >/dev/null
  "$g" fit --out "$work/weights.json" >/dev/null
fi
w="$work/weights.json"

rm -rf "$work/player"
"$g" export --weights "$w" --format haskell --flavour fit2102 --player rollout --out "$work/player" >/dev/null
"$g" bridge haskell --out "$work/player/GinlogMain.hs" >/dev/null
start=$(date +%s)
ghc -XTrustworthy -XNamedFieldPuns -O -i"$fw" -i"$work/player" -outputdir "$work/player/build" \
  -o "$work/player/rollout" "$work/player/GinlogMain.hs" >/dev/null
echo "== compiled in $(( $(date +%s) - start )) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
bot="exec:$work/player/rollout"

# paired PLAYERS COMPARE: GAMES mirrored games of PLAYERS on seed SEED, and
# COMPARE in the first seat on the same deals.
paired() {
  echo "== $1, compared with $2 (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$g" simulate --games "$games" --mirror --no-logs --seed "$seed" --timeout "$timeout" --players "$1" --compare "$2" |
    grep -E '^A|^win rate|^exec:|forfeit'
}
paired "$bot,simple" "rollout:$w"
paired "$bot,meldable" "tuned:$w"
paired "$bot,memory" "tuned:$w"
