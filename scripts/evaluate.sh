#!/bin/sh
# The tuned player's evaluation, as quoted in docs/evaluation.md: simulate games of
# the tuned player (default weights) against each baseline, import them
# tagged by opponent, fit weights on each opponent's games and on all of
# them, then play 10,000 mirrored games per pairing:
#   - weights fitted on an opponent's games, against that opponent;
#   - default weights against simple, on the same deals (a paired
#     difference), and fitted against default weights head to head;
#   - exploitation: against simple and against memory, the weights fitted
#     on that opponent's games against those fitted on each other
#     opponent's (paired);
#   - the inference model in each opponent's weights, on the games held out
#     of its fit (ginlog fit --evaluate);
#   - the sampled player (sampled:PATH) against the tuned player with the
#     same weights, against simple on the same deals and head to head
#     (SAMPLED games, default 2000: it plays about ten times slower);
#   - the rollout player (rollout:PATH), weights fitted on 3,000 games of
#     the tuned player against simple (seed 3001), against the tuned player
#     with the same weights on the same deals: against simple on seed 4242,
#     which no development run used (ROLLOUT games, default 10000: about
#     0.26 CPU s a game), then against the other baselines and head to head
#     (ROLLOUT_OTHERS games each, default 2000); the gain from fitting
#     (the fitted weights against default weights, whose inference is the
#     uniform) and exploitation (against memory, weights fitted on 3,000
#     games against memory, seed 3001, against those fitted on simple's),
#     paired on seed 4244, ROLLOUT_OTHERS games each.
# Usage: scripts/evaluate.sh [WORKDIR]   (default: ./eval, kept for inspection)
# GAMES (default 10000) sets the games per pairing, TRAIN (default 3000) the
# training games per opponent, SAMPLED the games of the sampled player's
# pairings, ROLLOUT and ROLLOUT_OTHERS those of the rollout player's.
set -eu
work=${1:-eval}
games=${GAMES:-10000}
train=${TRAIN:-3000}
sampled=${SAMPLED:-2000}
rollout=${ROLLOUT:-10000}
rollout_others=${ROLLOUT_OTHERS:-2000}
mkdir -p "$work"
go build -o "$work/ginlog" ./cmd/ginlog
g="$work/ginlog"
export GINLOG_DB="$work/eval.duckdb"
rm -f "$GINLOG_DB" "$GINLOG_DB.wal"
for bot in random simple meldable memory; do
  rm -rf "$work/logs-$bot"
  "$g" simulate --players tuned:default,$bot --games "$train" --seed 17 --out "$work/logs-$bot" >/dev/null
  "$g" ingest "$work/logs-$bot" --opponent $bot >/dev/null
  "$g" fit --opponent $bot --out "$work/weights-$bot.json" --evaluate --format markdown >"$work/inference-$bot.md" 2>/dev/null
done
"$g" fit --out "$work/weights.json" >/dev/null
run() { "$g" simulate --games "$games" --mirror --no-logs --seed 99 --players "$1" | tail -2 | head -1; }
# paired plays the pairing $1 and again with $2 in the first seat, on the same
# deals, and prints both first seats' rows and the paired difference.
paired() { "$g" simulate --games "$games" --mirror --no-logs --seed 99 --players "$1" --compare "$2" | grep -E '^A|^win rate'; }
echo "== tuned, weights fitted on games against that opponent"
for bot in random simple meldable memory; do run "tuned:$work/weights-$bot.json,$bot"; done
echo "== tuning: fitted on simple's games against default weights, against simple"
paired "tuned:$work/weights-simple.json,simple" tuned:default
echo "== weights fitted on all games against default weights"
run "tuned:$work/weights.json,tuned:default"
echo "== exploitation: weights fitted on the opponent's games against each other opponent's"
for bot in simple memory; do
  for other in simple memory random meldable; do
    [ "$other" = "$bot" ] || paired "tuned:$work/weights-$bot.json,$bot" "tuned:$work/weights-$other.json"
  done
done
echo "== the inference model on the games held out of its fit, by opponent"
for bot in random simple meldable memory; do echo "-- $bot"; cat "$work/inference-$bot.md"; done
echo "== the sampled player against the tuned player, same weights (fitted on simple), against simple, paired"
"$g" simulate --games "$sampled" --mirror --no-logs --seed 98 --players "sampled:$work/weights-simple.json,simple" \
  --compare "tuned:$work/weights-simple.json" | grep -E '^A|^win rate'
echo "== the sampled player against the tuned player, head to head"
"$g" simulate --games "$sampled" --mirror --no-logs --seed 98 --players "sampled:$work/weights-simple.json,tuned:$work/weights-simple.json" | tail -3
# fitted BOT NAME simulates 3,000 games of the tuned player (default
# weights) against BOT, seed 3001, imports them into a database of their
# own and fits $work/weights-NAME.json on them.
fitted() {
  rm -rf "$work/logs-$2"
  GINLOG_DB="$work/$2.duckdb"
  rm -f "$GINLOG_DB" "$GINLOG_DB.wal"
  "$g" simulate --players "tuned:default,$1" --games 3000 --seed 3001 --out "$work/logs-$2" >/dev/null
  "$g" ingest "$work/logs-$2" --opponent "$1" >/dev/null
  "$g" fit --out "$work/weights-$2.json" >/dev/null
}
echo "== the rollout player against the tuned player, same weights (fitted on simple, seed 3001), against simple, paired, seed 4242"
fitted simple rollout
w="$work/weights-rollout.json"
"$g" simulate --games "$rollout" --mirror --no-logs --seed 4242 --players "rollout:$w,simple" --compare "tuned:$w" | grep -E '^A|^win rate'
echo "== the rollout player against the other baselines, paired with the tuned player, seed 4243"
for bot in random meldable memory; do
  "$g" simulate --games "$rollout_others" --mirror --no-logs --seed 4243 --players "rollout:$w,$bot" --compare "tuned:$w" | grep -E '^A|^win rate'
done
echo "== the rollout player against the tuned player, head to head, seed 4243"
"$g" simulate --games "$rollout_others" --mirror --no-logs --seed 4243 --players "rollout:$w,tuned:$w" | tail -3
echo "== the gain from fitting: the rollout player with the fitted weights against default weights (the uniform inference), against simple, paired, seed 4244"
"$g" simulate --games "$rollout_others" --mirror --no-logs --seed 4244 --players "rollout:$w,simple" --compare rollout:default | grep -E '^A|^win rate'
echo "== exploitation: the rollout player against memory, weights fitted on memory's games against those fitted on simple's, paired, seed 4244"
fitted memory rollout-memory
"$g" simulate --games "$rollout_others" --mirror --no-logs --seed 4244 --players "rollout:$work/weights-rollout-memory.json,memory" --compare "rollout:$w" | grep -E '^A|^win rate'
