#!/usr/bin/env bash
# Renders the README's layout gallery (docs/gallery/*.png) with `cardviewer render`, headless.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cardviewer >/dev/null
bin="$(swift build -c release --show-bin-path)/cardviewer"
mkdir -p docs/gallery
"$bin" render --layout pages    --cards 30 --offset 0      --out docs/gallery/pages.png
"$bin" render --layout tasks    --cards 30 --offset 900    --out docs/gallery/tasks.png
"$bin" render --layout slidebox --cards 10 --offset 700,0  --out docs/gallery/slidebox.png
"$bin" render --layout grid     --cards 30 --offset 0      --out docs/gallery/grid.png
"$bin" render --layout wheel    --cards 30 --offset 2562,0 --out docs/gallery/wheel.png
