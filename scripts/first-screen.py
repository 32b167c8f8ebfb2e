#!/usr/bin/env python3
"""Times the first screen of thumbnails as a user sees it, side by side with other viewers.

Starts a viewer on FOLDER on its own Xvfb screen (1440x900 by default) and watches the screen:
Xvfb keeps its framebuffer in a file (`-fbdir`), read every ~50 ms without a screenshot tool.
It reports, from the viewer's start:

- first frame: the first time at least 1 % of the screen is not black (a window's first frame:
  the root is black, and so is a mapped window before it draws);
- first screen: the time of the last change before the screen (less its bottom eighth, where
  status lines and hints are) stood still for STABLE seconds (2 by default) — the thumbnails in view have arrived and nothing moves any more. A viewer
  that pauses longer than STABLE between two pictures is timed at the pause: check with
  --frames, which keeps every changed screen;
- peak memory: the viewer's VmHWM (/proc/PID/status) after the screen settled, MiB.

Each viewer is run cold (a fresh HOME and XDG_CACHE_HOME: an empty thumbnail cache) and then
warm (the same HOME again: the thumbnails the cold run saved; cardviewer is quit with Q through
xdotool, so it saves the thumbnails still waiting, the others are stopped with SIGTERM). Viewers: `cardviewer` (the
repository's debug build unless --cardviewer names another), and gThumb, geeqie when installed
(`--viewers cardviewer,gthumb,geeqie`). Needs Python 3, Xvfb and xdotool.

    scripts/first-screen.py FOLDER [--size 1440x900] [--viewers cardviewer,gthumb]
                            [--cardviewer .build/debug/cardviewer] [--layout grid] [--timeout 30] [--stable 2]
                            [--frames DIR] [--region X,Y,W,H] [--warm-shaders]

A cold run has a fresh HOME, so Mesa's shader cache is empty too: on llvmpipe the first frame then
waits ~0.4 s for LLVM to compile the card shaders, which happens once per machine and Mesa
version, not per folder. `--warm-shaders` times a cold thumbnail cache with compiled shaders.

The user's own thumbnails, settings and files are never touched: every run has its own HOME.
"""
import argparse
import hashlib
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

POLL = 0.05


REGION = None  # (x, y, width, height) in screen pixels to watch; None: all but the bottom eighth


def read_screen(path):
    """(digest, drawn) of the framebuffer, an XWD file Xvfb keeps up to date: a digest of its
    pixels, and whether at least 1 % of a sample of them is not black (something was drawn:
    the root is black with -br, and so is a window before its first frame); None if unreadable."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) < 100:
        return None
    field = lambda i: struct.unpack_from(">I", data, 4 * i)[0]
    header, width, height, bits, line, colours = field(0), field(4), field(5), field(11), field(12), field(19)
    pixels = header + colours * 12
    if field(1) != 7 or bits != 32 or len(data) < pixels + line * height:
        return None  # not (yet) a whole 32-bit XWD screen
    lit = total = 0
    for y in range(0, height, 8):
        row = pixels + y * line
        for x in range(0, width, 16):
            offset = row + 4 * x
            total += 1
            if data[offset] > 8 or data[offset + 1] > 8 or data[offset + 2] > 8:
                lit += 1
    # The bottom eighth is left out of the digest: status lines and hints live there (gThumb's
    # progress, cardviewer's "Press ? to see the keys" fading out), not thumbnails.
    if REGION is None:
        watched = data[pixels:pixels + line * (height - height // 8)]
    else:
        x, y, w, h = REGION
        watched = b"".join(data[pixels + row * line + 4 * x:pixels + row * line + 4 * (x + w)]
                           for row in range(y, min(y + h, height)))
    return hashlib.blake2b(watched, digest_size=16).digest(), lit * 100 >= total


def vm_hwm(pid):
    """Peak resident memory of `pid` in MiB, or None once it has gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def start_xvfb(size, fbdir):
    """An Xvfb server on a free display whose screen 0 is mirrored in fbdir/Xvfb_screen0."""
    for display in range(90, 190):
        if os.path.exists(f"/tmp/.X{display}-lock"):
            continue
        server = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", f"{size}x24", "-fbdir", fbdir, "-nolisten", "tcp",
                                   "-br"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(os.path.join(fbdir, "Xvfb_screen0")) and os.path.exists(f"/tmp/.X11-unix/X{display}"):
                return server, f":{display}"
            if server.poll() is not None:
                break
            time.sleep(0.05)
        server.kill()
        server.wait()
    sys.exit("first-screen.py: could not start Xvfb (is it installed?)")


def command_for(viewer, folder, args):
    width, height = args.size.split("x")
    if viewer == "cardviewer":
        layout = ["--layout", args.layout] if args.layout else []
        return [args.cardviewer, "run", "--size", f"{width}x{height}", *layout, folder]
    if viewer == "gthumb":
        return ["gthumb", folder]
    if viewer == "geeqie":
        return ["geeqie", folder]
    sys.exit(f"first-screen.py: unknown viewer '{viewer}' (cardviewer, gthumb or geeqie)")


def measure(viewer, folder, home, args):
    """One run: (first frame s, first screen s, peak MiB, settled) on a fresh Xvfb screen."""
    with tempfile.TemporaryDirectory() as fbdir:
        server, display = start_xvfb(args.size, fbdir)
        screen_file = os.path.join(fbdir, "Xvfb_screen0")
        try:
            env = dict(os.environ, DISPLAY=display, HOME=home, XDG_CACHE_HOME=os.path.join(home, ".cache"),
                       XDG_CONFIG_HOME=os.path.join(home, ".config"), XDG_STATE_HOME=os.path.join(home, ".local/state"),
                       XDG_DATA_HOME=os.path.join(home, ".local/share"),
                       DBUS_SESSION_BUS_ADDRESS="disabled:", GTK_USE_PORTAL="0", NO_AT_BRIDGE="1")
            initial = None
            deadline = time.monotonic() + 5
            while initial is None and time.monotonic() < deadline:
                initial = read_screen(screen_file)
                if initial is None:
                    time.sleep(0.01)
            last = initial[0] if initial else None
            first_frame = None
            last_change = None
            start = time.monotonic()
            viewer_process = subprocess.Popen(command_for(viewer, folder, args), env=env, cwd=home,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            peak = 0.0
            settled = False
            while time.monotonic() - start < args.timeout:
                time.sleep(POLL)
                now = time.monotonic() - start
                peak = max(peak, vm_hwm(viewer_process.pid) or 0)
                current = read_screen(screen_file)
                if current is not None and current[0] != last:
                    last = current[0]
                    last_change = now
                    if args.frames:
                        shutil.copyfile(screen_file, os.path.join(args.frames, f"{viewer}-{int(now * 1000):06d}ms.xwd"))
                    if first_frame is None and current[1]:
                        first_frame = now
                if viewer_process.poll() is not None:
                    break
                if last_change is not None and first_frame is not None and now - last_change >= args.stable:
                    settled = True
                    break
            peak = max(peak, vm_hwm(viewer_process.pid) or 0)
            return first_frame, last_change, peak, settled
        finally:
            if viewer == "cardviewer" and viewer_process.poll() is None and shutil.which("xdotool"):
                # Q quits as a user does: the thumbnails still waiting are saved (the warm start).
                subprocess.run(["xdotool", "key", "q"], env=dict(os.environ, DISPLAY=display),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    viewer_process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
            if viewer_process.poll() is None:
                os.killpg(viewer_process.pid, signal.SIGTERM)
                try:
                    viewer_process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(viewer_process.pid, signal.SIGKILL)
                    viewer_process.wait()
            server.terminate()
            server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--size", default="1440x900", help="the screen, WxH (default 1440x900)")
    parser.add_argument("--viewers", default="cardviewer,gthumb,geeqie",
                        help="comma-separated: cardviewer, gthumb, geeqie (those not installed are skipped)")
    parser.add_argument("--cardviewer", default=".build/debug/cardviewer", help="the cardviewer binary")
    parser.add_argument("--layout", help="cardviewer's layout (default: its own, pages; the state of a warm run keeps it)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds to wait for a settled screen (default 30)")
    parser.add_argument("--frames", help="a folder to keep each changed screen in (XWD files: `convert F.xwd F.png`)")
    parser.add_argument("--stable", type=float, default=2.0, help="seconds without change that count as settled (default 2)")
    parser.add_argument("--warm-shaders", action="store_true",
                        help="give the cold run a warm shader cache (MESA_SHADER_CACHE_DIR, filled by a first run "
                        "that is not reported): what a user who ran the viewer before sees on a new folder")
    parser.add_argument("--region", help="X,Y,W,H: watch only this part of the screen (e.g. gThumb's thumbnail view, "
                        "whose folder tree keeps changing while it lists /tmp); default: all but the bottom eighth")
    args = parser.parse_args()
    if args.region:
        global REGION
        try:
            REGION = tuple(int(v) for v in args.region.split(","))
            assert len(REGION) == 4 and min(REGION) >= 0
        except (ValueError, AssertionError):
            sys.exit(f"first-screen.py: --region '{args.region}' is not X,Y,W,H")
    if not os.path.isdir(args.folder):
        sys.exit(f"first-screen.py: '{args.folder}' is not a folder")
    folder = os.path.abspath(args.folder)
    args.cardviewer = os.path.abspath(args.cardviewer)
    pictures = sum(1 for name in os.listdir(folder) if name.lower().endswith((".png", ".jpg", ".jpeg")))
    print(f"folder {folder}: {pictures} pictures, screen {args.size}, settled = no change for {args.stable} s")
    print(f"{'viewer':<12}{'start':<6}{'first frame':>13}{'first screen':>14}{'peak':>11}")
    for viewer in args.viewers.split(","):
        binary = args.cardviewer if viewer == "cardviewer" else shutil.which(viewer)
        if not binary or not os.access(binary, os.X_OK):
            print(f"{viewer:<12}not installed, skipped")
            continue
        home = tempfile.mkdtemp(prefix=f"first-screen-{viewer}-")
        shaders = None
        try:
            if args.warm_shaders:
                # Mesa keeps compiled shaders under $XDG_CACHE_HOME unless told otherwise: a
                # folder of their own, filled by a first run on a throwaway HOME.
                shaders = tempfile.mkdtemp(prefix="first-screen-shaders-")
                os.environ["MESA_SHADER_CACHE_DIR"] = shaders
                priming = tempfile.mkdtemp(prefix=f"first-screen-{viewer}-priming-")
                try:
                    measure(viewer, folder, priming, args)
                finally:
                    shutil.rmtree(priming, ignore_errors=True)
            for start in ("cold", "warm"):
                first_frame, first_screen, peak, settled = measure(viewer, folder, home, args)
                frame = f"{first_frame:.2f} s" if first_frame is not None else "none"
                screen = f"{first_screen:.2f} s" if settled else f"> {args.timeout:.0f} s"
                print(f"{viewer:<12}{start:<6}{frame:>13}{screen:>14}{peak:>7.1f} MiB", flush=True)
        finally:
            shutil.rmtree(home, ignore_errors=True)
            if shaders:
                shutil.rmtree(shaders, ignore_errors=True)
                os.environ.pop("MESA_SHADER_CACHE_DIR", None)


if __name__ == "__main__":
    main()
