#!/usr/bin/env bash
# The viewer's peak memory in a real window: starts `cardviewer run ARGS…` on its own Xvfb
# screen, lets it run SECONDS (optionally pressing keys first), then reads its peak resident
# memory (VmHWM in /proc/PID/status, MiB) and quits it with Q.
#
#   scripts/peak-memory.sh [--seconds 6] [--binary .build/debug/cardviewer] [--keys "End"] \
#       [--screen 1280x800] -- --images DIR
#
# Prints one line: `VmHWM <MiB> MiB VmRSS <MiB> MiB (<args>)`. The thumbnail cache is
# $XDG_CACHE_HOME's (set it for a cold or warm start); HOME is a fresh temporary folder, so no
# state of the user's is read or written. Needs Xvfb (xvfb-run) and xdotool.
set -euo pipefail
seconds=6
binary=.build/debug/cardviewer
keys=""
screen=1280x800
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        --keys) keys=$2; shift 2 ;;
        --screen) screen=$2; shift 2 ;;
        --) shift; break ;;
        *) echo "peak-memory.sh: unknown option '$1' (see the script's header)" >&2; exit 2 ;;
    esac
done
[[ -x $binary ]] || { echo "peak-memory.sh: no viewer at $binary (swift build first)" >&2; exit 2; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
inner=$(cat <<'EOF'
set -u
"$BINARY" run --size "$SIZE" "$@" >"$HOME/out.log" 2>&1 &
pid=$!
sleep 1
for key in $KEYS; do xdotool search --sync --onlyvisible --pid "$pid" windowactivate --sync >/dev/null 2>&1 || true; xdotool key "$key"; sleep 0.5; done
sleep "$SECONDS_TO_RUN"
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
xdotool key q >/dev/null 2>&1 || true
sleep 1
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
printf 'VmHWM %.1f MiB VmRSS %.1f MiB (%s)\n' "$(echo "$hwm / 1024" | bc -l)" "$(echo "$rss / 1024" | bc -l)" "$*"
EOF
)
HOME=$home BINARY=$(realpath "$binary") SIZE=$screen KEYS=$keys SECONDS_TO_RUN=$seconds \
    xvfb-run -a -s "-screen 0 ${screen}x24" bash -c "$inner" bash "$@"
