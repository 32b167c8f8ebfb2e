#!/usr/bin/env python3
"""Times a picture opened whole, then at 100 %, then panned, as a user sees it, side by side
with geeqie (SPEC §10, "Pictures of any size, whole"; issue 32's measurements).

For each FILE and viewer, on its own Xvfb screen (1280x800 by default, watched every ~50 ms
through Xvfb's framebuffer file, as scripts/first-screen.py does), from the viewer's start:

- open: the viewer is started on FILE (cardviewer: `run FILE`, the picture's card current, then
  Enter as soon as its first frame shows; geeqie: `geeqie FILE`); the time of the last change
  before the screen stood still for STABLE seconds: the picture whole and sharp;
- 100 %: geeqie's key `1`, cardviewer's `Z` with the pointer at the window's centre (in a deck of
  pictures its `1` rates); the time from the key to the last change;
- pan: four Right and four Down keys (both viewers pan with the arrows when zoomed); the time
  from the last key to the last change;
- next: Space (both viewers' next picture) with FILE's folder holding more pictures (a burst):
  the time from the key to the last change (cardviewer keeps the zoom between pictures of one
  size and has made the next one's tiles for the view ahead, SPEC §13);
- peak: the viewer's VmHWM at the end, MiB.

Each run has a fresh HOME (no thumbnails, no settings), so cardviewer decodes the file itself.
Needs Python 3, Xvfb, xdotool; geeqie when installed.

    scripts/open-whole.py FILE... [--size 1280x800] [--viewers cardviewer,geeqie]
                          [--cardviewer .build/release/cardviewer] [--stable 1.5] [--timeout 30]
"""
import argparse
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("first_screen", os.path.join(HERE, "first-screen.py"))
first_screen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(first_screen)

POLL = 0.05


def command_for(viewer, path, args):
    if viewer == "cardviewer":
        return [args.cardviewer, "run", "--size", args.size, "--layout", "grid", path]
    if viewer == "geeqie":
        return ["geeqie", path]
    sys.exit(f"open-whole.py: unknown viewer '{viewer}' (cardviewer or geeqie)")


def settle(screen_file, start, process, args):
    """Waits until the screen stood still for args.stable seconds; the time (from `start`) of
    the last change, or None when nothing changed or the time ran out."""
    last = first_screen.read_screen(screen_file)
    last = last[0] if last else None
    last_change = None
    began = time.monotonic()
    while time.monotonic() - began < args.timeout:
        time.sleep(POLL)
        current = first_screen.read_screen(screen_file)
        now = time.monotonic()
        if current is not None and current[0] != last:
            last = current[0]
            last_change = now
        if process.poll() is not None:
            return None
        if now - (last_change or began) >= args.stable:
            break
    return None if last_change is None else last_change - start


def measure(viewer, path, args):
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as fbdir:
        server, display = first_screen.start_xvfb(args.size, fbdir)
        screen_file = os.path.join(fbdir, "Xvfb_screen0")
        env = dict(os.environ, DISPLAY=display, HOME=home, XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   XDG_CONFIG_HOME=os.path.join(home, ".config"), DBUS_SESSION_BUS_ADDRESS="disabled:",
                   GTK_USE_PORTAL="0", NO_AT_BRIDGE="1")
        xenv = dict(os.environ, DISPLAY=display)

        def key(*names):
            subprocess.run(["xdotool", "key", *names], env=xenv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        process = None
        try:
            start = time.monotonic()
            process = subprocess.Popen(command_for(viewer, path, args), env=env, cwd=home, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, start_new_session=True)
            if viewer == "cardviewer":
                while time.monotonic() - start < args.timeout:
                    current = first_screen.read_screen(screen_file)
                    if current is not None and current[1]:
                        break
                    time.sleep(0.01)
                key("Return")
            opened = settle(screen_file, start, process, args)
            mark = time.monotonic()
            if viewer == "cardviewer":
                # In a deck of pictures `1` rates; Z with the pointer at the centre is 100 %.
                width, height = (int(v) for v in args.size.split("x"))
                subprocess.run(["xdotool", "mousemove", str(width // 2), str(height // 2)], env=xenv,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                key("z")
            else:
                key("1")
            zoomed = settle(screen_file, mark, process, args)
            for name in ["Right"] * 4 + ["Down"] * 4:
                key(name)
                time.sleep(0.05)
            mark = time.monotonic()
            panned = settle(screen_file, mark, process, args)
            mark = time.monotonic()
            key("space")
            stepped = settle(screen_file, mark, process, args)
            peak = first_screen.vm_hwm(process.pid)
            return opened, zoomed, panned, stepped, peak
        finally:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
            server.terminate()
            server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--viewers", default="cardviewer,geeqie")
    parser.add_argument("--cardviewer", default=os.path.join(HERE, "..", ".build", "release", "cardviewer"))
    parser.add_argument("--stable", type=float, default=1.5)
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()
    fmt = lambda v, unit: "—" if v is None else (f"{v:.2f} s" if unit == "s" else f"{v:.1f} MiB")
    print("| file | viewer | open | 100 % | pan | next | peak |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for path in args.files:
        for viewer in args.viewers.split(","):
            if viewer != "cardviewer" and shutil.which(viewer) is None:
                continue
            opened, zoomed, panned, stepped, peak = measure(viewer, os.path.abspath(path), args)
            print(f"| {os.path.basename(path)} | {viewer} | {fmt(opened, 's')} | {fmt(zoomed, 's')} | {fmt(panned, 's')} "
                  f"| {fmt(stepped, 's')} | {fmt(peak, 'MiB')} |", flush=True)


if __name__ == "__main__":
    main()
