#!/usr/bin/env python3
"""Culling 100 photos in the photo view: one key per photo (mark and advance: a bare mark with
`--auto-advance`, or `Shift`+mark) against two keys per photo (a mark, then `Right`), in a real window (SPEC §13, issue 33's "culling 100
photos with single keys and mark-and-advance timed against two keys per photo").

Makes 100 small JPEGs (Pillow), runs the viewer on them under Xvfb, opens the first in the photo
view, and sends the marks with xdotool at a fixed pace (`--delay` ms between keystrokes, a fast
photographer's pace by default; xdotool spends the delay on each key of a chord too, so
`Shift`+mark takes as long to send as two keys). For each way it prints the keystrokes sent, the seconds from the
first key to the last sidecar written, and how many of the 100 sidecars carry the mark meant for
their photo (a mark on the wrong photo, or lost, would show there).

    xvfb-run -a -s "-screen 0 1024x640x24" scripts/cull-100.py [CARDVIEWER] [--delay MS]

CARDVIEWER defaults to the release build (`.build/release/cardviewer`).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

args = [a for a in sys.argv[1:] if not a.startswith("--")]
binary = args[0] if args else ".build/release/cardviewer"
delay = int(sys.argv[sys.argv.index("--delay") + 1]) if "--delay" in sys.argv else 150
if "--delay" in sys.argv:
    args = [a for a in args if a != str(delay)]
COUNT = 100
MARKS = ["1", "2", "3", "4", "5", "p", "x"]


def expected(index):
    """The mark photo `index` gets, as the sidecar says it: ('rating', n) or ('pick',) or ('reject',)."""
    key = MARKS[index % len(MARKS)]
    if key in ("p", "x"):
        return ("pick",) if key == "p" else ("reject",)
    return ("rating", int(key))


def read_mark(path):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    rating = re.search(r'xmp:Rating(?:="|>)(-?\d+)', text)
    pick = re.search(r'digiKam:PickLabel(?:="|>)(\d+)', text)
    if rating and rating.group(1) == "-1":
        return ("reject",)
    if pick and pick.group(1) == "3":
        return ("pick",)
    if rating:
        return ("rating", int(rating.group(1)))
    return None


def cull(way):
    deck = tempfile.mkdtemp(prefix=f"cull-100-{way}-")
    for i in range(COUNT):
        Image.new("RGB", (640, 480), ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)).save(
            os.path.join(deck, f"p{i:03}.jpg"), quality=80)
    extra = ["--auto-advance"] if way == "auto-advance" else []
    viewer = subprocess.Popen([binary, "run", deck, "--no-state", "--layout", "grid", "--size", "1024x640"] + extra,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(8)
        subprocess.run(["xdotool", "mousemove", "500", "300"], check=True)
        subprocess.run(["xdotool", "key", "Return"], check=True)  # the first photo, whole
        time.sleep(2)
        keys = []
        for i in range(COUNT):
            key = MARKS[i % len(MARKS)]
            keys += {"auto-advance": [key], "shift+mark": [f"shift+{key}"]}.get(way, [key, "Right"])
        start = time.time()
        subprocess.run(["xdotool", "key", "--delay", str(delay)] + keys, check=True)
        sent = time.time() - start
        last = os.path.join(deck, f"p{COUNT - 1:03}.jpg.xmp")
        while time.time() - start < sent + 10 and read_mark(last) != expected(COUNT - 1):
            time.sleep(0.01)
        done = time.time() - start
        time.sleep(1)
        right = sum(read_mark(os.path.join(deck, f"p{i:03}.jpg.xmp")) == expected(i) for i in range(COUNT))
        print(f"{way}: {len(keys)} keystrokes, {delay} ms apart: keys sent in {sent:.2f} s, last sidecar at {done:.2f} s, "
              f"{right}/{COUNT} photos carry their mark")
    finally:
        subprocess.run(["xdotool", "key", "q"])
        time.sleep(2)
        viewer.kill()
        shutil.rmtree(deck, ignore_errors=True)


for way in ["auto-advance", "shift+mark", "two keys"]:
    cull(way)
