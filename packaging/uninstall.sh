#!/usr/bin/env bash
# Removes what install.sh installed under DESTDIR/PREFIX, file by file from its manifest
# (PREFIX/share/cardviewer/install-manifest), then CardViewer's own folders where left empty
# (share/cardviewer and its subfolders; shared folders such as share/icons are kept).
#   PREFIX (default /usr/local) and DESTDIR (default empty) as for make install.
set -euo pipefail
PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
manifest="$DESTDIR$PREFIX/share/cardviewer/install-manifest"
if [ ! -f "$manifest" ]; then
  echo "nothing to uninstall: no $manifest" >&2
  exit 0
fi
count=0
while IFS= read -r path; do
  case "$path" in "$PREFIX"/*) ;; *) echo "error: $path in the manifest is outside $PREFIX" >&2; exit 1 ;; esac
  if [ -e "$DESTDIR$path" ] || [ -L "$DESTDIR$path" ]; then
    rm -f -- "$DESTDIR$path"
    count=$((count + 1))
  fi
done < <(grep -v "/install-manifest$" "$manifest")
rm -f -- "$manifest"
for folder in shaders deck ""; do
  rmdir --ignore-fail-on-non-empty "$DESTDIR$PREFIX/share/cardviewer/$folder" 2>/dev/null || true
done
echo "removed $count files and the manifest from $DESTDIR$PREFIX"
