#!/usr/bin/env bash
# `xdg-open photo.jpg` with an installed CardViewer as the default for JPEG (SPEC §14, issue 35),
# end to end, as the desktop does it: run by scripts/test-install.sh on the tree `make install`
# wrote; on its own:
#
#   xvfb-run -a -s "-screen 0 1920x1080x24" scripts/test-xdg-open.sh PREFIX_DIR
#
# PREFIX_DIR is an installed tree (DESTDIR/PREFIX: bin/cardviewer, share/applications/…). In a
# clean environment (env -i) whose XDG_DATA_DIRS is PREFIX_DIR/share and whose XDG_DATA_HOME,
# XDG_CONFIG_HOME, XDG_CONFIG_DIRS, XDG_RUNTIME_DIR, XDG_STATE_HOME, XDG_CACHE_HOME and HOME are
# fresh folders, with XDG_CURRENT_DESKTOP=X-Generic (xdg-utils' generic path, which needs no
# desktop session: `xdg-mime` writes and reads mimeapps.list, `xdg-open` runs the .desktop's Exec
# line itself, waiting for it; xdg-open's detectDE finds "generic" in such an environment anyway,
# the variable makes it explicit):
#   1. `xdg-mime default io.github.cardviewer.CardViewer.desktop image/jpeg`; `xdg-mime query
#      default image/jpeg` names it, and `xdg-mime query filetype` says image/jpeg;
#   2. `xdg-open DIR/02.jpg` (in the background: generic xdg-open waits for the program) opens
#      one CardViewer window titled `02.jpg — pics (2 / 4)`; its socket appears in
#      XDG_RUNTIME_DIR/cardviewer/;
#   3. `xdg-open file:///…/03%20beach.jpg` (a URI, a space in the name) returns 0 within seconds,
#      having handed the file over: the same window's title becomes `03 beach.jpg — pics (3 / 4)`,
#      and there is still one window;
#   4. Q closes the window; the first xdg-open ends with status 0 and the socket is gone.
set -euo pipefail
prefix="$(cd "${1:?usage: test-xdg-open.sh PREFIX_DIR}" && pwd)"
desktop_id="io.github.cardviewer.CardViewer.desktop"
[ -x "$prefix/bin/cardviewer" ] || { echo "test-xdg-open: FAIL: no $prefix/bin/cardviewer" >&2; exit 1; }
[ -f "$prefix/share/applications/$desktop_id" ] || { echo "test-xdg-open: FAIL: no $desktop_id under $prefix/share/applications" >&2; exit 1; }
[ -n "${DISPLAY:-}" ] || { echo "test-xdg-open: FAIL: no DISPLAY (run it under xvfb-run)" >&2; exit 1; }
for tool in xdg-open xdg-mime xdotool convert; do
  command -v "$tool" >/dev/null || { echo "test-xdg-open: FAIL: $tool is missing (scripts/install-deps.sh)" >&2; exit 1; }
done

# A short folder: the socket's path must fit sockaddr_un's 108 bytes.
work="$(mktemp -d /tmp/cv-xdg.XXXXXX)"
first=""
cleanup() {
  # The viewer, if a check failed with it still running: xdg-open's child.
  if [ -n "$first" ] && kill -0 "$first" 2>/dev/null; then
    for child in $(ps -o pid= --ppid "$first"); do kill "$child" 2>/dev/null || true; done
    kill "$first" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "test-xdg-open: FAIL: $*" >&2; [ ! -s "$work/first.err" ] || sed 's/^/  viewer: /' "$work/first.err" >&2; exit 1; }
ok() { echo "test-xdg-open: ok: $*"; }

mkdir -p "$work/data" "$work/config" "$work/config-dirs" "$work/state" "$work/cache" "$work/home" "$work/pics"
mkdir -m 700 "$work/run"
colours=(teal orange navy olive)
names=(01 02 "03 beach" 04)
for i in 0 1 2 3; do convert -size 320x240 "xc:${colours[$i]}" "$work/pics/${names[$i]}.jpg"; done

# desktop CMD…: CMD in the clean environment of a generic desktop.
desktop() {
  env -i DISPLAY="$DISPLAY" ${XAUTHORITY:+XAUTHORITY="$XAUTHORITY"} HOME="$work/home" LANG=C.UTF-8 \
    PATH="$prefix/bin:/usr/bin:/bin" XDG_CURRENT_DESKTOP=X-Generic \
    XDG_DATA_HOME="$work/data" XDG_DATA_DIRS="$prefix/share" \
    XDG_CONFIG_HOME="$work/config" XDG_CONFIG_DIRS="$work/config-dirs" \
    XDG_RUNTIME_DIR="$work/run" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" "$@"
}

# --- 1. the default for JPEG ---------------------------------------------------------------------
desktop xdg-mime default "$desktop_id" image/jpeg
default=$(desktop xdg-mime query default image/jpeg)
[ "$default" = "$desktop_id" ] || fail "xdg-mime query default image/jpeg: '$default', not $desktop_id"
filetype=$(desktop xdg-mime query filetype "$work/pics/02.jpg")
[ "${filetype%%;*}" = image/jpeg ] || fail "xdg-mime query filetype: '$filetype'"
exec_line=$(grep '^Exec=' "$prefix/share/applications/$desktop_id")
ok "xdg-mime: $desktop_id is the default for image/jpeg (mimeapps.list in XDG_CONFIG_HOME); $exec_line"

# title: the name of the one CardViewer window, waiting up to 60 s for it; "" when there is none.
windows() { desktop xdotool search --class CardViewer 2>/dev/null || true; }
title() {
  local w
  w=$(desktop timeout 60 xdotool search --sync --class CardViewer 2>/dev/null | head -n 1) || true
  [ -n "$w" ] && desktop xdotool getwindowname "$w" 2>/dev/null || true
}
# wait_title PREFIX: waits up to 20 s for the window's title to start with PREFIX; prints the last title.
wait_title() {
  local seen="" deadline=$(( $(date +%s) + 20 ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    seen=$(title)
    case "$seen" in "$1"*) echo "$seen"; return 0 ;; esac
    sleep 0.2
  done
  echo "$seen"
  return 1
}

# --- 2. the first xdg-open starts the viewer on the folder, at the picture ---------------------
desktop xdg-open "$work/pics/02.jpg" >"$work/first.out" 2>"$work/first.err" &
first=$!
seen=$(wait_title "02.jpg — pics (2 / 4)") || fail "the window's title is '$seen', not '02.jpg — pics (2 / 4)…'"
sockets=$(ls "$work/run/cardviewer" 2>/dev/null | grep -c '\.sock$' || true)
[ "$sockets" = 1 ] || fail "$sockets sockets in XDG_RUNTIME_DIR/cardviewer: $(ls -la "$work/run/cardviewer" 2>&1)"
ok "xdg-open 02.jpg: one window, '$seen'; its socket in XDG_RUNTIME_DIR/cardviewer"

# --- 3. a second xdg-open (a file:// URI) hands its file to that window ------------------------
start=$(date +%s%N)
desktop timeout 30 xdg-open "file://$work/pics/03%20beach.jpg" >"$work/second.out" 2>"$work/second.err" \
  || fail "the second xdg-open failed: $(cat "$work/second.out" "$work/second.err")"
milliseconds=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$milliseconds" -lt 10000 ] || fail "the second xdg-open took $milliseconds ms"
grep "already showing its folder" "$work/second.out" >/dev/null || fail "the second xdg-open said: $(cat "$work/second.out" "$work/second.err")"
seen=$(wait_title "03 beach.jpg — pics (3 / 4)") || fail "after the hand-over the title is '$seen', not '03 beach.jpg — pics (3 / 4)…'"
count=$(windows | wc -l)
[ "$count" = 1 ] || fail "$count CardViewer windows after the second xdg-open"
kill -0 "$first" 2>/dev/null || fail "the first xdg-open ended"
ok "xdg-open file://…/03%20beach.jpg: handed over and ended in $milliseconds ms; still one window, now '$seen'"

# --- 4. Q: the viewer, and with it the first xdg-open, end; the socket goes ---------------------
w=$(windows | head -n 1)
desktop xdotool keydown --window "$w" q
for _ in $(seq 1 300); do kill -0 "$first" 2>/dev/null || break; sleep 0.1; done
kill -0 "$first" 2>/dev/null && fail "the viewer did not end 30 s after Q"
status=0
wait "$first" || status=$?
first=""
[ "$status" = 0 ] || fail "the first xdg-open ended with status $status"
left=$(ls "$work/run/cardviewer" 2>/dev/null | grep -c '\.sock$' || true)
[ "$left" = 0 ] || fail "the socket is left behind"
ok "Q: the viewer and the first xdg-open ended (status 0); the socket is gone"
