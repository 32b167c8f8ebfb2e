#!/usr/bin/env bash
# Checks `make install`, `make uninstall` and `make deb` (SPEC §14, issue 35): run by `make test`
# after the Swift tests, and on its own (the first run builds the release program with the Swift
# runtime linked in, .build-static/, ~10 minutes on two cores; later runs reuse it).
#
#   1. make install into a temporary DESTDIR (PREFIX /usr/local): the .desktop file
#      (desktop-file-validate), the metainfo (appstreamcli validate), the man page (groff, no
#      warning), the completions (bash -n, zsh -n, fish -n where those shells are installed);
#   2. the installed program: ldd shows no Swift library, and `render` and `run --headless
#      --replay` on the bundled deck work from / with PATH and LD_LIBRARY_PATH free of Swift and,
#      where a mount namespace can be made (root), with the source tree and /opt/swift hidden; its
#      frame equals the build folder's program's frame (the same deck and shaders found);
#   2b. xdg-open with the installed .desktop as the default for JPEG (scripts/test-xdg-open.sh,
#      under Xvfb): the folder opens at the picture, a second file goes to the running window;
#   3. make uninstall removes every installed file and nothing else;
#   4. make deb: dpkg-deb -I lists its Depends, lintian reports no error (make deb fails on one;
#      warnings are printed), and the program unpacked by dpkg -x passes 2.
set -euo pipefail
# (No `… | grep -q` under pipefail: grep -q leaves at the first match and the writer dies of
# SIGPIPE, failing the pipe now and then — `dpkg-deb -I | grep -q` did in one run.)
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PATH="$PATH:/opt/swift/usr/bin"
SWIFT="${SWIFT:-swift}"
started=$(date +%s)
work="$(mktemp -d /tmp/cardviewer-install-test.XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
ok() { echo "test-install: ok: $*"; }

make --no-print-directory release-static SWIFT="$SWIFT" >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; fail "static release build"; }
built="$("$SWIFT" build -c release --product cardviewer --static-swift-stdlib --scratch-path .build-static --show-bin-path)/cardviewer"
ok "static release build ($(( $(date +%s) - started )) s)"
# The one version: the program's (`cardviewer --version`); the packaging reads it from there.
version=$(./packaging/version.sh "$built") || fail "packaging/version.sh $built"

# --- 1. make install -------------------------------------------------------------------------
dest="$work/dest"
prefix="$dest/usr/local"
make --no-print-directory install SWIFT="$SWIFT" DESTDIR="$dest" PREFIX=/usr/local >/dev/null
manifest="$prefix/share/cardviewer/install-manifest"
[ -f "$manifest" ] || fail "no manifest at $manifest"
listed=$(sort "$manifest" | sed "s|^|$dest|")
found=$(find "$dest" -type f | sort)
[ "$listed" = "$found" ] || fail "the manifest and the installed files differ: $(diff <(echo "$listed") <(echo "$found"))"
ok "make install: $(wc -l < "$manifest") files, all in the manifest"

desktop="$prefix/share/applications/io.github.cardviewer.CardViewer.desktop"
out=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $out"
[ -z "$out" ] || fail "desktop-file-validate: $out"
grep -q '^MimeType=.*image/x-canon-cr3;' "$desktop" && grep -q 'image/avif;' "$desktop" || fail "MimeType lacks a format"
ok "desktop-file-validate clean; $(grep -o '^MimeType=.*' "$desktop" | tr ';' '\n' | grep -c /) MIME types"

metainfo="$prefix/share/metainfo/io.github.cardviewer.CardViewer.metainfo.xml"
out=$(appstreamcli validate --no-net "$metainfo" 2>&1) || fail "appstreamcli validate: $out"
ok "appstreamcli validate: $(echo "$out" | tail -n 1)"
grep "<release version=\"$version\"" "$metainfo" >/dev/null || fail "the metainfo's release is not $version"

page="$prefix/share/man/man1/cardviewer.1.gz"
out=$(zcat "$page" | groff -man -Tutf8 -z -ww -Wbreak 2>&1) || fail "groff: $out"
[ -z "$out" ] || fail "groff warns: $out"
for command in run render compare layout layouts list bench export; do
  man -l "$page" 2>/dev/null | grep "cardviewer $command" >/dev/null || fail "man page lacks $command"
done
zcat "$page" | grep "^\.TH CARDVIEWER 1 \"\" \"cardviewer $version\"" >/dev/null || fail "the man page's header lacks cardviewer $version"
man -l "$page" 2>/dev/null | grep -e "--version" >/dev/null || fail "man page lacks --version"
ok "man page: groff without warnings, every subcommand, --version; version $version in the metainfo and the man page"

bash -n "$prefix/share/bash-completion/completions/cardviewer" || fail "bash -n"
checked="bash"
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_cardviewer" || fail "zsh -n"; checked+=" zsh"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/cardviewer.fish" || fail "fish -n"; checked+=" fish"; fi
ok "completions accepted by: $checked"

# --- 2. the installed program, without Swift and without the source tree ----------------------
# hidden CMD…: runs CMD from / with a clean environment; where possible in a mount namespace in
# which the source tree and /opt/swift are empty folders.
hide=0
if [ "$(id -u)" = 0 ] && unshare --mount true 2>/dev/null; then hide=1; fi
hidden() {
  local env=(env -i HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" PATH=/usr/bin:/bin LANG=C.UTF-8)
  if [ "$hide" = 1 ]; then
    unshare --mount bash -c 'mount -t tmpfs none "$1" && { [ ! -d /opt/swift ] || mount -t tmpfs none /opt/swift; } && shift && cd / && exec "$@"' \
      hidden "$root" "${env[@]}" "$@"
  else
    (cd / && "${env[@]}" "$@")
  fi
}
printf '{"events": [{"time": 0.2, "type": "scroll", "dx": 0, "dy": -2}], "end": 0.6}\n' > "$work/replay.json"
"$built" render --size 480x300 --out "$work/reference.png" >/dev/null || fail "render by $built"
check_program() {  # check_program BINARY LABEL
  local program="$1" label="$2"
  if ldd "$program" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then fail "$label: ldd shows Swift libraries"; fi
  [ "$(hidden "$program" --version)" = "cardviewer $version" ] || fail "$label: --version is not 'cardviewer $version'"
  hidden "$program" render --size 480x300 --out "$work/$label-render.png" 2>"$work/$label-render.err" \
    || { cat "$work/$label-render.err"; fail "$label: render"; }
  ! grep -q warning "$work/$label-render.err" || { cat "$work/$label-render.err"; fail "$label: render warns"; }
  [ "$(compare -metric AE "$work/reference.png" "$work/$label-render.png" null: 2>&1)" = 0 ] \
    || fail "$label: render's frame differs from the build folder's program's"
  hidden "$program" run --headless --no-state --size 480x300 --replay "$work/replay.json" --screenshot "$work/$label-run.png" \
    2>"$work/$label-run.err" || { cat "$work/$label-run.err"; fail "$label: run --headless --replay"; }
  [ "$(identify -format %k "$work/$label-run.png")" -gt 1000 ] || fail "$label: run's screenshot has few colours"
  ok "$label: no Swift library (ldd); render and run on the bundled deck from /, PATH=/usr/bin:/bin$([ $hide = 1 ] && echo ', source tree and /opt/swift hidden')"
}
mkdir -p "$work/home"
check_program "$prefix/bin/cardviewer" installed
[ "$hide" = 1 ] || echo "test-install: note: not root or no mount namespace: the source tree was not hidden"

# --- 2b. opened by the desktop: xdg-open with the viewer as the default for JPEG ---------------
xvfb-run -a -s "-screen 0 1920x1080x24" ./scripts/test-xdg-open.sh "$prefix" 2>&1 | sed 's/^test-xdg-open: /test-install: /' \
  || fail "xdg-open (scripts/test-xdg-open.sh)"

# --- 3. make uninstall -------------------------------------------------------------------------
mkdir -p "$prefix/share/icons/hicolor/48x48/apps"
echo keep > "$prefix/share/icons/hicolor/48x48/apps/another-program.png"
make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr/local >/dev/null
left=$(find "$dest" -type f)
[ "$left" = "$prefix/share/icons/hicolor/48x48/apps/another-program.png" ] || fail "after make uninstall: $left"
[ ! -e "$prefix/share/cardviewer" ] || fail "share/cardviewer left behind"
ok "make uninstall removed every installed file and kept another program's"

# --- 4. make deb -------------------------------------------------------------------------------
make --no-print-directory deb SWIFT="$SWIFT" >"$work/deb.log" 2>&1 || { cat "$work/deb.log"; fail "make deb (or lintian errors)"; }
deb=$(grep '\.deb$' "$work/deb.log" | head -n 1)
[ -f "$deb" ] || fail "no .deb: $(cat "$work/deb.log")"
depends=$(dpkg-deb -f "$deb" Depends)
[ -n "$depends" ] || fail "the .deb has no Depends"
dpkg-deb -I "$deb" | grep "^ Depends: " >/dev/null || fail "dpkg-deb -I lists no Depends"
[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || fail "the .deb's version is $(dpkg-deb -f "$deb" Version), not $version-1"
ok "make deb: $deb (version $version-1), Depends: $depends"
grep -E '^[WI]: ' "$work/deb.log" | sed 's/^/test-install: lintian: /' || true
dpkg -x "$deb" "$work/unpacked"
check_program "$work/unpacked/usr/bin/cardviewer" deb

echo "test-install: all checks passed in $(( $(date +%s) - started )) s"
