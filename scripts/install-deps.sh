#!/usr/bin/env bash
# Installs the Debian packages CardViewer needs to build, test and run — only those missing.
# Non-interactive; uses sudo when not root. Safe to run repeatedly.
set -euo pipefail

packages=(
  pkg-config
  libglfw3-dev       # windows and input (GLFW 3.3)
  libepoxy-dev       # OpenGL/EGL function loading
  libpng-dev         # image decoding and PNG output
  libturbojpeg0-dev  # JPEG decoding with DCT scaling (TurboJPEG API of libjpeg-turbo)
  libjpeg62-turbo-dev  # JPEG regions: libjpeg's API (jpeg_crop_scanline, jpeg_skip_scanlines) for the photo view's tiles
  zlib1g-dev         # PNG rows from a checkpoint (inflateCopy): the photo view's regions of large PNGs
  libdeflate-dev     # PNG image data inflated about twice as fast as through zlib (thumbnails)
  liblcms2-dev       # embedded ICC colour profiles converted to sRGB (Little CMS 2)
  libegl-dev         # EGL headers (headless rendering)
  libgl1-mesa-dri    # Mesa drivers incl. llvmpipe (software GL without a GPU)
  libegl-mesa0       # Mesa's EGL vendor library (surfaceless platform)
  xvfb xauth         # a virtual X server for window tests
  xdotool            # real X input for end-to-end window tests
  imagemagick        # `import -window`: window tests read what the X server shows
  libfreetype-dev    # titles: glyph rasterising (FreeType)
  libfontconfig-dev  # titles: finding fonts and fallback fonts (fontconfig)
  fonts-dejavu-core  # titles: a sans-serif font for Latin, Greek and Cyrillic (tests need it)
  fonts-wqy-zenhei   # titles: CJK glyphs (tests need them)
  libexempi-dev      # culling marks: XMP sidecars parsed and written (Exempi, Adobe's XMP Toolkit)
  libimage-exiftool-perl  # exiftool: tests read the written XMP sidecars with a second reader
  webp               # webpmux: tests embed XMP in a WebP as other tools do
  libwebp-dev        # WebP pictures (libwebp, libwebpdemux for the chunks)
  libtiff-dev        # TIFF pictures (libtiff through client I/O)
  libgif-dev         # GIF pictures, the first frame (giflib)
  time               # GNU time: a child's peak memory (wait4) in the hostile-picture tests
  libheif-dev        # HEIC/AVIF (libheif 1.15; Debian 12's libheif1 carries libde265, dav1d, and the x265
                     # and aom encoders the tests make their samples with)
  libde265-dev       # HEVC decoded directly for single-image HEICs (libheif's own HEVC decoder, 1.0.11),
                     # without libheif's copy of the planes: a 48 MP single frame within the memory cap
  libraw-dev         # camera RAW (LibRaw 0.20, the thread-safe libraw_r): embedded previews
  # Packaging (make install, make deb) and its checks (scripts/test-install.sh):
  librsvg2-bin       # rsvg-convert: the icon's PNGs rasterised from packaging/icons/cardviewer.svg
  desktop-file-utils # desktop-file-validate: the .desktop file
  appstream          # appstreamcli validate: the AppStream metainfo
  groff-base         # groff -man: the man page checked
  dpkg-dev           # dpkg-shlibdeps: the .deb's Depends computed from the binary
  fakeroot           # the .deb's files owned by root without being root
  lintian            # the .deb checked against Debian's policy
  zsh fish           # the zsh and fish completions checked by their shells (zsh -n, fish -n)
  xdg-utils          # xdg-mime, xdg-open: the installed .desktop made the default and opened as the desktop does
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
