#!/usr/bin/env bash
# Renders the example layout files of examples/layouts/ into docs/images/layout-NAME.png (480×320),
# the pictures of docs/LAYOUT-FILES.md. Run after changing an example: scripts/render-layout-files.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cardviewer=.build/debug/cardviewer
render() {  # NAME OFFSET [--set …]
  local name=$1 offset=$2
  shift 2
  "$cardviewer" render --layout-file "examples/layouts/$name.json" --size 480x320 --offset "$offset" \
    --out "docs/images/layout-$name.png" "$@"
}
render fan 403.2,0
render helix 460.8,0
render koloda 288,0
render paging-stack 264,0
render page-curl 483.84,0
render coverflow 800,0 --set itemWidth=160
