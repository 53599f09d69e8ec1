#!/bin/sh
# A Hearts player against three copies of another, seat-rotated, as quoted
# in docs/hearts.md: the same GAMES games (seed SEED) played four times,
# the candidate in seat 1, 2, 3 and 4 in turn, so that it plays every deal
# from every seat. Prints the candidate's mean points per hand over the
# four runs with its 95% interval (the runs' normal intervals pooled by
# hands), the baseline copies' mean share per hand, and how many fewer
# points a hand the candidate takes than that share.
# Usage: scripts/hearts-rotate.sh CANDIDATE BASELINE
# GAMES (default 500) per seat, SEED (default 1), WORKERS (default 0).
set -eu
cand=$1
base=$2
games=${GAMES:-500}
seed=${SEED:-1}
workers=${WORKERS:-0}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/ginlog" ./cmd/ginlog
for seat in 0 1 2 3; do
	players=$(for s in 0 1 2 3; do if [ "$s" = "$seat" ]; then echo "$cand"; else echo "$base"; fi; done | paste -sd, -)
	"$bin/ginlog" simulate --game hearts --players "$players" --games "$games" --seed "$seed" \
		--workers "$workers" --no-logs --format json | jq -c --argjson seat "$seat" '{seat: $seat, hands, seconds,
			cand: .players[$seat], others: [.players[] | select(.seat != $seat) | .points_per_hand]}'
done | jq -rs --arg cand "$cand" --arg base "$base" --arg seed "$seed" --arg games "$games" '
	(map(.hands) | add) as $n
	| (map(.hands * .cand.points_per_hand) | add / $n) as $mean
	| (map(pow(.hands / $n * (.cand.points_ci_high - .cand.points_ci_low) / 2 / 1.96; 2)) | add | sqrt * 1.96) as $half
	| (map(.hands * (.others | add / 3)) | add / $n) as $share
	| "\($cand) against 3 \($base), seed \($seed), 4 x \($games) games seat-rotated, \($n) hands, \(map(.seconds) | add | . * 10 | round / 10) s",
	  "  \($cand): \($mean * 100 | round / 100) points a hand (95% CI \(($mean - $half) * 100 | round / 100)-\(($mean + $half) * 100 | round / 100))",
	  "  \($base) share: \($share * 100 | round / 100) points a hand; \($cand) takes \((1 - $mean / $share) * 1000 | round / 10)% fewer"'
