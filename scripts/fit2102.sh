#!/bin/sh
# The FIT2102 export's paired measurement, as quoted in docs/haskell.md: does a
# Haskell player play better with the weights ginlog fits from its logs?
#
# The weighted test player (bridge/testdata/haskell/weighted/Player.hs) is
# compiled twice through the bridge: WITHOUT, with the FIT2102 export of
# the default weights (it plays by deadwood alone and knocks as soon as it
# may), and WITH, with the export of weights fitted on WITHOUT's own games
# against simple (TRAIN games, seed 17). Both then play the same GAMES
# mirrored deals against simple (seed SEED, not the training one), and
# simulate --compare reports the paired difference of their win rates.
#
# Usage: scripts/fit2102.sh [WORKDIR]   (default ./fit2102, kept for
# inspection). TRAIN (default 3000), GAMES (default 2000, even) and SEED
# (default 99) set the sizes and the evaluation seed; TIMEOUT (default 10s)
# the limit on one decision: a decision takes milliseconds, but on a
# loaded machine a process can wait past the server's 1 s, and a forfeit
# would measure the machine. It needs ghc.
set -eu
work=${1:-fit2102}
train=${TRAIN:-3000}
games=${GAMES:-2000}
seed=${SEED:-99}
timeout=${TIMEOUT:-10s}
hs=bridge/testdata/haskell
mkdir -p "$work"
go build -o "$work/ginlog" ./cmd/ginlog
g="$work/ginlog"
"$g" bridge haskell --out "$work/GinlogMain.hs" >/dev/null

# build NAME WEIGHTS: the weighted player with the export of WEIGHTS.
build() {
  mkdir -p "$work/$1"
  "$g" export --weights "$2" --format haskell --flavour fit2102 >"$work/$1/GinlogWeights.hs"
  ghc -O -i"$hs/framework" -i"$hs/weighted" -i"$work/$1" -outputdir "$work/$1/build" \
    -o "$work/$1/player" "$work/GinlogMain.hs" >/dev/null
}

build without default
export GINLOG_DB="$work/fit2102.duckdb"
rm -rf "$GINLOG_DB" "$GINLOG_DB.wal" "$work/logs"
"$g" simulate --players "exec:$work/without/player,simple" --games "$train" --seed 17 \
  --timeout "$timeout" --out "$work/logs" >/dev/null
"$g" ingest "$work/logs" --opponent simple >/dev/null
"$g" fit --opponent simple --out "$work/weights.json" >/dev/null
build with "$work/weights.json"
"$g" simulate --players "exec:$work/with/player,simple" --compare "exec:$work/without/player" \
  --games "$games" --mirror --no-logs --seed "$seed" --timeout "$timeout"
