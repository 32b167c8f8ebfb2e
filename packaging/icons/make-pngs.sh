#!/usr/bin/env bash
# Rasterises packaging/icons/cardviewer.svg to the hicolor theme's PNG sizes:
# packaging/icons/hicolor/<n>x<n>/apps/cardviewer.png for n in 16 24 32 48 64 128 256 512.
# The PNGs are committed (make install needs no rasteriser); rerun this after editing the SVG.
# Needs rsvg-convert (librsvg2-bin, installed by scripts/install-deps.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v rsvg-convert >/dev/null || { echo "error: rsvg-convert missing (apt install librsvg2-bin)" >&2; exit 1; }
for n in 16 24 32 48 64 128 256 512; do
  mkdir -p "$here/hicolor/${n}x${n}/apps"
  rsvg-convert --width "$n" --height "$n" --keep-aspect-ratio \
    --output "$here/hicolor/${n}x${n}/apps/cardviewer.png" "$here/cardviewer.svg"
done
