#!/usr/bin/env bash
# Checks that Package.swift declares exactly the modules each target's files import, and that the
# pure middle (CardMath, CardLayout, CardInteraction, CardPacking, CardPictures, CardPixels, CardJSON,
# CardLayoutFiles, CardEvents) reaches no C module. Prints each difference; exits 1 if there is any.
# Run by `make test` before building. See scripts/package_graph.py for the rules.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
python3 scripts/package_graph.py --self-test
dump="$(mktemp)"
trap 'rm -f "$dump"' EXIT
"$swift" package dump-package >"$dump"
python3 scripts/package_graph.py <"$dump"
