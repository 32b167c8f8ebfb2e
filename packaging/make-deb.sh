#!/usr/bin/env bash
# Builds the Debian package of what make install installs (make deb):
#   packaging/make-deb.sh BINARY OUTDIR
# The tree is install.sh's with PREFIX=/usr into a staging folder, plus the package's
# copyright and changelog; Depends is computed from the binary by dpkg-shlibdeps; the version is
# the program's own (`BINARY --version`, packaging/version.sh) with Debian revision 1. Writes
# OUTDIR/cardviewer_VERSION-1_ARCH.deb and prints its path on the last line. Environment: MAINTAINER, HOMEPAGE.
set -euo pipefail
binary="${1:?usage: make-deb.sh BINARY OUTDIR}"
outdir="${2:?usage: make-deb.sh BINARY OUTDIR}"
here="$(cd "$(dirname "$0")" && pwd)"
MAINTAINER="${MAINTAINER:-CardViewer maintainers <cardviewer@users.noreply.github.com>}"
export HOMEPAGE="${HOMEPAGE:-https://github.com/cardviewer/cardviewer}"
version="$("$here/version.sh" "$binary")-1"
arch="$(dpkg --print-architecture)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
DESTDIR="$root" PREFIX=/usr "$here/install.sh" "$binary" >/dev/null
# dpkg removes the files itself: the manifest is make uninstall's.
rm "$root/usr/share/cardviewer/install-manifest"

doc="$root/usr/share/doc/cardviewer"
install -D -m 644 "$here/debian/copyright" "$doc/copyright"
date="$(git -C "$here/.." log -1 --format=%cD 2>/dev/null || date -R)"
printf 'cardviewer (%s) unstable; urgency=medium\n\n  * Packaged by packaging/make-deb.sh from the project tree.\n\n -- %s  %s\n' \
  "$version" "$MAINTAINER" "$date" | gzip -9n > "$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"

# dpkg-shlibdeps reads a debian/control in its working folder.
mkdir -p "$stage/src/debian"
printf 'Source: cardviewer\n\nPackage: cardviewer\nArchitecture: any\n' > "$stage/src/debian/control"
depends="$(cd "$stage/src" && dpkg-shlibdeps -O -e"$root/usr/bin/cardviewer" 2>"$stage/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { cat "$stage/shlibdeps.log" >&2; echo "error: dpkg-shlibdeps gave no Depends" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<CONTROL
Package: cardviewer
Version: $version
Architecture: $arch
Maintainer: $MAINTAINER
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Homepage: $HOMEPAGE
Description: picture viewer that shows folders as cards in 3D
 CardViewer shows a folder of pictures as a deck of cards in true 3D on the
 GPU (OpenGL): Safari's tab overview, the iOS task switcher, a photo deck, a
 grid, a wheel, every iCarousel type and layouts written in JSON files. A
 picture opens whole in a zoomable photo view.
 .
 Made for culling a shoot: stars, pick, reject and colour labels kept in XMP
 sidecars; PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF and camera RAW files.
CONTROL
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

mkdir -p "$outdir"
deb="$outdir/cardviewer_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
