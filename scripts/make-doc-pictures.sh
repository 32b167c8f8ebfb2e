#!/usr/bin/env bash
# Regenerates every picture of README.md and docs/ from its command in docs/pictures.txt (the one
# list of pictures and commands; DocPicturesTests checks that each still matches it).
#   scripts/make-doc-pictures.sh [--timing] [CARDVIEWER] [FILTER]
#   CARDVIEWER  the executable (default: .build/debug/cardviewer; build it first)
#   FILTER      only the pictures whose path contains it (e.g. viewer-, compare/)
#   --timing    also the `unchecked` pictures, whose numbers are measured (bench-sweep.svg):
#               give it the release build
# Each command runs from the repository root with its own empty XDG_STATE_HOME and XDG_CACHE_HOME
# (no saved state reaches it, nothing is written to yours); sizes are fixed by the commands.
# Every picture comes out the same each run except docs/viewer-pages.png, whose HUD shows a
# measured `layout N us` (the list's ignore= rectangle): `git checkout` it when nothing else changed.
set -euo pipefail
cd "$(dirname "$0")/.."
timing=0
if [ "${1:-}" = "--timing" ]; then timing=1; shift; fi
cardviewer="${1:-.build/debug/cardviewer}"
filter="${2:-}"
if [ ! -x "$cardviewer" ]; then
    echo "make-doc-pictures: $cardviewer is not built (swift build first)" >&2
    exit 1
fi
cardviewer="$(cd "$(dirname "$cardviewer")" && pwd)/$(basename "$cardviewer")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
made=0
while read -r path rest; do
    case "$path" in ''|'#'*) continue ;; esac
    [ -n "$filter" ] && [[ "$path" != *"$filter"* ]] && continue
    read -ra words <<<"$rest"
    unchecked=0
    while [ "${#words[@]}" -gt 0 ]; do
        case "${words[0]}" in
            unchecked) unchecked=1 ;;
            *=*) ;;
            *) break ;;
        esac
        words=("${words[@]:1}")
    done
    if [ "$unchecked" = 1 ] && [ "$timing" = 0 ]; then
        echo "skipped $path (measured numbers: --timing with the release build)"
        continue
    fi
    rm -rf "$work/state" "$work/out"
    mkdir -p "$work/state" "$work/out"
    name="$(basename "$path")"
    args=()
    for word in "${words[@]}"; do
        word="${word//\{out\}/$work/out/$name}"
        args+=("${word//\{dir\}/$work/out}")
    done
    if ! XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/state/cache" "$cardviewer" "${args[@]}" >"$work/log" 2>&1; then
        echo "make-doc-pictures: $path: cardviewer ${words[*]} failed:" >&2
        cat "$work/log" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$path")"
    mv "$work/out/$name" "$path"
    echo "made $path"
    made=$((made + 1))
done <docs/pictures.txt
echo "$made pictures made; look at them (git diff --stat docs) before committing"
