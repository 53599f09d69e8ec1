#!/bin/sh
# Regenerates testdata/sample, the bundled sample corpus: 20 games whose
# logged player is "memory", against meldable, simple and random. Run from
# the repository root. cmd/ginlog's tests check that these commands still
# produce exactly the committed files. The second and third add to the folder
# the first made, hence --force.
set -e
rm -rf testdata/sample
go run ./cmd/ginlog simulate --players memory,meldable --games 8 --seed 11 --start 1700000000 --out testdata/sample
go run ./cmd/ginlog simulate --players memory,simple --games 8 --seed 12 --start 1700000100 --out testdata/sample --force
go run ./cmd/ginlog simulate --players memory,random --games 4 --seed 13 --start 1700000200 --out testdata/sample --force
