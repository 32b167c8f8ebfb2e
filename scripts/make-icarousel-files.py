#!/usr/bin/env python3
"""Writes examples/layouts/icarousel/*.json and icarousel/vertical/*.json: iCarousel's types
(SPEC §8) as layout files (SPEC §9), coverflow2 excepted (its flip follows the scroll's direction).

Tests/CardLayoutFilesTests/ICarouselFileEqualityTests.swift proves each file equal to the
built-in type at the same options. Run from the repository root after changing a formula:
    python3 scripts/make-icarousel-files.py
"""
import json
import os

FADES = {
    "fadeMin": {"default": "-inf", "help": "o below which cards fade"},
    "fadeMax": {"default": "inf", "help": "o above which cards fade"},
    "fadeRange": {"default": 1, "min": 1e-09, "help": "cards over which a card fades out"},
    "fadeMinAlpha": {"default": 0, "min": 0, "max": 1, "help": "the alpha a card fades to"},
}
ALPHA = ("1 - min(o > fadeMax ? o - fadeMax : (o < fadeMin ? fadeMin - o : 0), fadeRange)"
         " / fadeRange * (1 - fadeMinAlpha)")


def count_option(extent, what):
    return {"default": f"floor(min(n, min(30, max(12, ceil({extent} / (spacing * w)) * pi))))",
            "min": 1, "max": 1000, "help": f"slots on the {what}"}


def visible_items(number):
    """iCarousel's updateNumberOfVisibleItems, capped at 30 (MAX_VISIBLE_ITEMS)."""
    return {"default": f"min({number}, 30)", "min": 1, "max": 100,
            "help": "cards laid out around the current one"}


def visible_range(wraps):
    """loadUnloadViews: the run of N = min(visibleItems, n) cards from round(s) - floor(N/2),
    moved inside the deck unless it wraps; as a range of o with a quarter card of margin (the
    cards are whole numbers of cards apart, so the margin decides nothing but rounding)."""
    N = "floor(min(visibleItems, n))"
    first = f"round(s) - floor({N} / 2)"
    if not wraps:
        first = f"clamp({first}, 0, n - {N})"
    return [f"{first} - s - 0.25", f"{first} - s + {N} - 0.75"]


def along(expr, vertical):
    return [0, expr] if vertical else [expr, 0]


def types(vertical):
    X = "H" if vertical else "W"
    fade = dict(FADES)
    out = {}

    out["linear"] = dict(
        summary="cards in a row", wrap=False,
        options={"spacing": 1, "visibleItems": visible_items(f"ceil({X} / (w * spacing)) + 2"), **fade},
        transform=[{"translate": along("o * w * spacing", vertical) + [0]}])

    for inverted in (False, True):
        name = "rotary-inverted" if inverted else "rotary"
        r, a = ("-radius", "-o / count * arc") if inverted else ("radius", "o / count * arc")
        out[name] = dict(
            summary="cards round a circle seen from outside" + (", inverted" if inverted else ""), wrap=True,
            options={"spacing": 1, "arc": "2 * pi", "count": count_option(X, "circle"),
                     "radius": {"default": "max(w * spacing / 2, w * spacing / 2 / tan(arc / 2 / count))",
                                "help": "the circle's radius, points"},
                     "visibleItems": visible_items("ceil(count / 2)" if inverted else "count"), **fade},
            transform=[{"translate": along(f"{r} * sin({a})", vertical) + [f"{r} * cos({a}) - {r}"]}])

        name = "cylinder-inverted" if inverted else "cylinder"
        turn = {"rotateX": f"-({a})"} if vertical else {"rotateY": a}
        out[name] = dict(
            summary="cards on a cylinder" + (", inverted" if inverted else ""), wrap=True,
            options={"spacing": 1, "arc": "2 * pi", "count": count_option(X, "circle"),
                     "radius": {"default": "max(0.01, w * spacing / 2 / tan(arc / 2 / count))",
                                "help": "the cylinder's radius, points"},
                     "visibleItems": visible_items("ceil(count / 2)" if inverted else "count"), **fade},
            transform=[{"translate": [0, 0, f"-({r})"]}, turn, {"translate": [0, 0, f"{r} + 0.01"]}],
            backfaces=not inverted)

        name = "carousel-wheel-inverted" if inverted else "carousel-wheel"
        r, alpha = ("-radius", "-angle") if inverted else ("radius", "angle")
        hub = [f"-({r})", 0, 0] if vertical else [0, r, 0]
        back = [r, 0, "o * 0.01"] if vertical else [0, f"-({r})", "o * 0.01"]
        out[name] = dict(
            summary="cards round a wheel in the screen's plane" + (", inverted" if inverted else ""), wrap=True,
            options={"spacing": 1, "arc": "2 * pi", "count": count_option(X, "wheel"),
                     "radius": {"default": "w * spacing * count / arc", "help": "the wheel's radius, points"},
                     "angle": {"default": "arc / count", "help": "the angle between neighbours, radians"},
                     "visibleItems": visible_items("radius - w / 2 < min(W, H) / 2 ? count : ceil(count / 2) + 1"),
                     **fade},
            transform=[{"translate": hub}, {"rotateZ": f"o * {alpha}"}, {"translate": back}],
            depthBias="o * 0.01")

    c = "clamp(o, -1, 1)"
    turn = {"rotateX": f"{c} * pi / 2 * tilt"} if vertical else {"rotateY": f"-{c} * pi / 2 * tilt"}
    out["coverflow"] = dict(
        summary="side cards turned toward the centre", wrap=False, offsetMultiplier=2,
        options={"spacing": 0.25, "tilt": 0.9, "visibleItems": visible_items(f"ceil({X} / (w * spacing)) + 2"), **fade},
        transform=[{"translate": along(f"({c} * 0.5 * tilt + o * spacing) * w", vertical) + [f"abs({c}) * -w * 0.5"]},
                   turn])

    for inverted in (False, True):
        name = "time-machine-inverted" if inverted else "time-machine"
        o, tilt = ("(-o)", "-tilt") if inverted else ("o", "tilt")
        fades = dict(fade)
        if inverted:
            fades["fadeMin"] = dict(FADES["fadeMin"], default=0)
        else:
            fades["fadeMax"] = dict(FADES["fadeMax"], default=0)
        out[name] = dict(
            summary="cards receding into the screen" + (", inverted" if inverted else ""), wrap=False,
            options={"spacing": 1, "tilt": 0.3, "visibleItems": visible_items("30"), **fades},
            transform=[{"translate": along(f"{o} * w * {tilt}", vertical) + [f"{o} * w * spacing"]}])
    return out


def write(folder, schema, vertical):
    os.makedirs(folder, exist_ok=True)
    for name, t in types(vertical).items():
        suffix = "-vertical" if vertical else ""
        doc = {"$schema": schema, "name": f"{name}{suffix}-file",
               "summary": t["summary"] + (", scrolling vertically" if vertical else "") + " (iCarousel, as a layout file)",
               "options": t["options"], "wrap": t["wrap"]}
        if vertical:
            doc["vertical"] = True
        if "offsetMultiplier" in t:
            doc["offsetMultiplier"] = t["offsetMultiplier"]
        doc["transform"] = t["transform"]
        doc["alpha"] = ALPHA
        doc["visible"] = visible_range(t["wrap"])
        if not t.get("backfaces", True):
            doc["backfaces"] = False
        if "depthBias" in t:
            doc["depthBias"] = t["depthBias"]
        with open(os.path.join(folder, f"{name}.json"), "w") as f:
            f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "layouts", "icarousel")
write(root, "../../../docs/layout-file.schema.json", vertical=False)
write(os.path.join(root, "vertical"), "../../../../docs/layout-file.schema.json", vertical=True)
