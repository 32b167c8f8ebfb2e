#!/usr/bin/env bash
# Installs CardViewer under DESTDIR/PREFIX (make install) and records every file it wrote in
# PREFIX/share/cardviewer/install-manifest, which uninstall.sh reads (make uninstall).
#
#   packaging/install.sh BINARY      (environment: PREFIX, default /usr/local; DESTDIR, default empty;
#                                     HOMEPAGE: the metainfo's homepage, its screenshots under HOMEPAGE/raw/main/docs)
#
# BINARY is the release build with the Swift runtime linked in (make install builds it with
# --static-swift-stdlib). Installed, relative to PREFIX:
#   bin/cardviewer                                   the program, stripped
#   share/cardviewer/shaders/*, share/cardviewer/deck/*.png
#                                                    its resources (found as BIN/../share/cardviewer)
#   share/applications/io.github.cardviewer.CardViewer.desktop   (MimeType from PictureKinds)
#   share/icons/hicolor/scalable/apps/cardviewer.svg, share/icons/hicolor/NxN/apps/cardviewer.png
#   share/metainfo/io.github.cardviewer.CardViewer.metainfo.xml
#   share/man/man1/cardviewer.1.gz                   from the argument parser's definitions
#   share/bash-completion/completions/cardviewer, share/zsh/site-functions/_cardviewer,
#   share/fish/vendor_completions.d/cardviewer.fish
set -euo pipefail

binary="${1:?usage: install.sh BINARY}"
PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
HOMEPAGE="${HOMEPAGE:-https://github.com/cardviewer/cardviewer}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
id="io.github.cardviewer.CardViewer"
date="$(git -C "$root" log -1 --format=%cs 2>/dev/null || date -u +%F)"

case "$PREFIX" in /*) ;; *) echo "error: PREFIX must be absolute: $PREFIX" >&2; exit 1 ;; esac
[ -x "$binary" ] || { echo "error: no program at $binary" >&2; exit 1; }
version="$("$here/version.sh" "$binary")"  # the program's own (CardViewerVersion.number)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
installed=()

# put MODE SOURCE PATH: installs SOURCE as DESTDIR/PREFIX/PATH and records PREFIX/PATH.
put() {
  install -D -m "$1" "$2" "$DESTDIR$PREFIX/$3"
  installed+=("$PREFIX/$3")
}

# The program, without its symbol table (the Swift runtime linked in makes it large otherwise).
strip -o "$work/cardviewer" "$binary"
put 755 "$work/cardviewer" bin/cardviewer

for shader in "$root"/Shaders/*.vert "$root"/Shaders/*.frag; do
  put 644 "$shader" "share/cardviewer/shaders/$(basename "$shader")"
done
for picture in "$root"/Assets/Deck/*.png; do
  put 644 "$picture" "share/cardviewer/deck/$(basename "$picture")"
done

python3 "$here/make-desktop-file.py" "$root" > "$work/$id.desktop"
put 644 "$work/$id.desktop" "share/applications/$id.desktop"

put 644 "$here/icons/cardviewer.svg" share/icons/hicolor/scalable/apps/cardviewer.svg
for n in 16 24 32 48 64 128 256 512; do
  put 644 "$here/icons/hicolor/${n}x${n}/apps/cardviewer.png" "share/icons/hicolor/${n}x${n}/apps/cardviewer.png"
done

sed -e "s|@VERSION@|$version|g" -e "s|@DATE@|$date|g" -e "s|@HOMEPAGE@|$HOMEPAGE|g" \
    -e "s|@SCREENSHOTS@|$HOMEPAGE/raw/main/docs|g" "$here/cardviewer.metainfo.xml.in" > "$work/$id.metainfo.xml"
put 644 "$work/$id.metainfo.xml" "share/metainfo/$id.metainfo.xml"

"$binary" --experimental-dump-help | python3 "$here/make-man-page.py" "$version" > "$work/cardviewer.1"
gzip -9n < "$work/cardviewer.1" > "$work/cardviewer.1.gz"
put 644 "$work/cardviewer.1.gz" share/man/man1/cardviewer.1.gz

# bash-completion sources the file: no #! line (lintian's bash-completion-with-hashbang).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$work/cardviewer.bash"
"$binary" --generate-completion-script zsh > "$work/_cardviewer"
"$binary" --generate-completion-script fish > "$work/cardviewer.fish"
put 644 "$work/cardviewer.bash" share/bash-completion/completions/cardviewer
put 644 "$work/_cardviewer" share/zsh/site-functions/_cardviewer
put 644 "$work/cardviewer.fish" share/fish/vendor_completions.d/cardviewer.fish

# The manifest last, listing itself: uninstall.sh removes exactly these files.
manifest="share/cardviewer/install-manifest"
installed+=("$PREFIX/$manifest")
printf '%s\n' "${installed[@]}" > "$work/install-manifest"
put 644 "$work/install-manifest" "$manifest"
unset 'installed[${#installed[@]}-1]'

echo "installed ${#installed[@]} files under $DESTDIR$PREFIX (list: $DESTDIR$PREFIX/$manifest)"
