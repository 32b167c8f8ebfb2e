#!/usr/bin/env bash
# Prints the version of the program BINARY (X.Y.Z), read from `BINARY --version` ("cardviewer
# X.Y.Z"): the Swift constant CardViewerVersion.number is the one source of truth, and install.sh
# (metainfo, man page) and make-deb.sh (the package's version) take it from here.
#
#   packaging/version.sh BINARY
set -euo pipefail
binary="${1:?usage: version.sh BINARY}"
line="$("$binary" --version)" || { echo "error: '$binary --version' failed" >&2; exit 1; }
version="${line#cardviewer }"
[[ "$line" == "cardviewer "* && "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] \
  || { echo "error: '$binary --version' printed '$line', not 'cardviewer X.Y.Z'" >&2; exit 1; }
echo "$version"
