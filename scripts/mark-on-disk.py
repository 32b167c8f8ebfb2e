#!/usr/bin/env python3
"""How long a culling mark takes to reach its XMP sidecar (SPEC §13: on disk within 0.5 s).

Makes a folder of six small JPEGs (Pillow), runs the viewer on it in a real window (run this
under `xvfb-run -a -s "-screen 0 1024x640x24"`), presses a marking key on five cards with
xdotool (3, 5, P, X, 7: stars, pick, reject, a colour label), and prints, for each, the seconds
from the key to the sidecar's new modification time.

    xvfb-run -a -s "-screen 0 1024x640x24" scripts/mark-on-disk.py [CARDVIEWER]

CARDVIEWER defaults to the release build (`.build/release/cardviewer`).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/cardviewer"
deck = tempfile.mkdtemp(prefix="mark-on-disk-")
for i, colour in enumerate([(200, 60, 60), (60, 160, 60), (60, 60, 200), (200, 200, 60), (160, 60, 160), (60, 160, 160)]):
    Image.new("RGB", (800, 600), colour).save(os.path.join(deck, f"p{i}.jpg"), quality=85)
viewer = subprocess.Popen([binary, "run", deck, "--no-state", "--layout", "grid", "--size", "1024x640"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    time.sleep(8)
    subprocess.run(["xdotool", "mousemove", "500", "300"], check=True)
    results = []
    for index, key in enumerate(["3", "5", "p", "x", "7"]):
        if index:
            subprocess.run(["xdotool", "key", "Right"], check=True)
            time.sleep(0.4)
        sidecar = os.path.join(deck, f"p{index}.jpg.xmp")
        before = os.path.getmtime(sidecar) if os.path.exists(sidecar) else None
        start = time.time()
        subprocess.run(["xdotool", "key", key], check=True)
        while time.time() - start < 3:
            if os.path.exists(sidecar) and os.path.getmtime(sidecar) != before:
                break
            time.sleep(0.005)
        seconds = time.time() - start if os.path.exists(sidecar) else None
        results.append((key, None if seconds is None else round(seconds, 3)))
        time.sleep(0.4)
    print("key -> sidecar written, seconds:", results)
finally:
    subprocess.run(["xdotool", "key", "q"])
    time.sleep(2)
    viewer.kill()
    shutil.rmtree(deck, ignore_errors=True)
