#!/usr/bin/env python3
"""Writes CardViewer's .desktop file with a MimeType line made from the project's one list of
formats (`PictureKinds.all` in Sources/CardPictureFolders/PictureKinds.swift).

Usage: make-desktop-file.py REPO_ROOT > io.github.cardviewer.CardViewer.desktop

Each file name extension of that list is mapped to its shared-mime-info type by `MIME_TYPES`
below; an extension the table lacks fails the script, so a format added to the list cannot be
left out of the desktop file silently.
"""
import re
import sys

# Extension (lowercased, as PictureKinds lists it) -> the MIME types shared-mime-info gives it.
MIME_TYPES = {
    "png": ["image/png"],
    "jpg": ["image/jpeg"],
    "jpeg": ["image/jpeg"],
    "webp": ["image/webp"],
    "tif": ["image/tiff"],
    "tiff": ["image/tiff"],
    "gif": ["image/gif"],
    "heic": ["image/heic", "image/heif"],
    "heif": ["image/heif"],
    "avif": ["image/avif"],
    "cr2": ["image/x-canon-cr2"],
    "cr3": ["image/x-canon-cr3"],
    "nef": ["image/x-nikon-nef"],
    "nrw": ["image/x-nikon-nrw"],
    "arw": ["image/x-sony-arw"],
    "dng": ["image/x-adobe-dng"],
    "orf": ["image/x-olympus-orf"],
    "rw2": ["image/x-panasonic-rw2"],
    "raf": ["image/x-fuji-raf"],
    "pef": ["image/x-pentax-pef"],
    "srw": ["image/x-samsung-srw"],
}
# Camera RAWs' common parent type in shared-mime-info.
RAW_PARENT = "image/x-dcraw"

TEMPLATE = """[Desktop Entry]
Type=Application
Name=CardViewer
GenericName=Image Viewer
Comment=Browse and cull folders of pictures as cards in 3D
Icon=cardviewer
Exec=cardviewer %F
TryExec=cardviewer
Terminal=false
Categories=Graphics;Viewer;Photography;
Keywords=photo;picture;image;viewer;cull;rating;RAW;
MimeType={mime}
"""


def extensions(root):
    """The (format name, [extensions]) pairs of `PictureKinds.all`, read from its source."""
    source = open(root + "/Sources/CardPictureFolders/PictureKinds.swift", encoding="utf-8").read()
    body = re.search(r"static let all:[^=]*= \[(.*?)\n    \]", source, re.S)
    if not body:
        sys.exit("error: PictureKinds.all not found in PictureKinds.swift")
    pairs = re.findall(r'\((\w+|"[^"]*"), \[([^\]]*)\]\)', body.group(1))
    if not pairs:
        sys.exit("error: no formats in PictureKinds.all")
    return [(name, re.findall(r'"([a-z0-9]+)"', exts)) for name, exts in pairs]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    mime = []
    for name, exts in extensions(root):
        for ext in exts:
            if ext not in MIME_TYPES:
                sys.exit("error: no MIME type for .%s (%s): add it to MIME_TYPES in %s" % (ext, name, sys.argv[0]))
            for kind in MIME_TYPES[ext]:
                if kind not in mime:
                    mime.append(kind)
        if name == "rawName" and RAW_PARENT not in mime:
            mime.append(RAW_PARENT)
    sys.stdout.write(TEMPLATE.format(mime=";".join(mime) + ";"))


if __name__ == "__main__":
    main()
