#!/usr/bin/env bash
# Regenerates README.md's generated blocks from the built viewer: the layout table between
# `<!-- layouts:begin … -->` and `<!-- layouts:end -->` is `cardviewer layouts --markdown`, the
# keys between `<!-- keys:begin … -->` and `<!-- keys:end -->` are `cardviewer keys --markdown`
# (every view's key table, as the help shows it).
# Run by `make test` right after its build, so a new layout's row or a view's new key lands in
# README with no hand edit (ReadmeTablesTests checks the blocks, and README's length outside
# generated blocks). README.md is written only when a block changed, atomically: a temporary
# file beside it, renamed over it.
#   CARDVIEWER=PATH  the executable to ask (default: the debug build's)
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
cardviewer="${CARDVIEWER:-$("$swift" build --show-bin-path)/cardviewer}"
if [ ! -x "$cardviewer" ]; then
    echo "update-readme-tables: $cardviewer is not built (swift build first)" >&2
    exit 1
fi
table="$(mktemp)"
trap 'rm -f "$table"' EXIT
for name in layouts keys; do
"$cardviewer" "$name" --markdown >"$table"
python3 - README.md "$name" "$table" <<'PY'
import os, sys, tempfile
path, name, table = sys.argv[1:4]
with open(path, encoding="utf-8") as handle:
    text = handle.read()
with open(table, encoding="utf-8") as handle:
    block = handle.read()
begin = text.find(f"<!-- {name}:begin")
end = text.find(f"<!-- {name}:end -->")
if begin < 0 or end < 0 or text.find("-->\n", begin) < 0 or end < text.find("-->\n", begin):
    sys.exit(f"update-readme-tables: {path} has no <!-- {name}:begin … --> … <!-- {name}:end --> block")
start = text.index("-->\n", begin) + len("-->\n")
new = text[:start] + block + text[end:]
if new == text:
    print(f"{path}: the {name} block is up to date")
    sys.exit(0)
folder = os.path.dirname(os.path.abspath(path))
fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.")
try:
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(new)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(temporary, os.stat(path).st_mode & 0o777)
    os.replace(temporary, path)
except BaseException:
    os.unlink(temporary)
    raise
print(f"{path}: the {name} block regenerated")
PY
done
