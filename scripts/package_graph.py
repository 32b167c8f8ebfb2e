#!/usr/bin/env python3
"""Checks that Package.swift tells the truth about the package graph.

Reads `swift package dump-package` JSON on stdin and the .swift files under the project root
(the current folder, or --root). Prints one line per difference and exits 1 when there is any:

- a target declares a dependency (byName, target or product) that none of its files imports;
- a target's files import a module that the target does not declare;
- a pure target (the middle of the graph) imports a C module, or declares a dependency on a
  target that is not pure itself (so C cannot reach it through another target);
- an edge target with a fixed list (the window, the renderer) declares anything else.

`--self-test` runs the checks on a small made-up package in a temporary folder instead.
"""
import json
import os
import re
import sys
import tempfile

# Modules of the toolchain and the platform: never declared in Package.swift.
SKIP = {"Foundation", "Glibc", "Darwin", "Dispatch", "XCTest", "Testing", "Synchronization",
        "FoundationEssentials", "Musl", "Swift", "_Concurrency"}

# The pure middle: no C module, no files, no GL. Each may depend only on others of this set
# (and on package products such as swift-numerics' RealModule).
# CardJSON (the JSON scanner) and CardLayoutFiles (expressions and layout files: bytes in, layouts
# out) are pure too: reading and watching layout files is CardLayoutFileLoading's, at the edge.
PURE = {"CardMath", "CardLayout", "CardInteraction", "CardPacking", "CardPictures", "CardPixels",
        "CardEvents", "CardJSON", "CardLayoutFiles", "CardCulling"}

# Edge targets that may depend on these and nothing else: the window produces plain events and
# knows nothing above it; the renderer takes packed records and pictures (no layout, no libpng).
ONLY = {
    "CardWindow": {"CGLFW", "CardMath", "CardEvents"},
    "CardRendering": {"CEpoxy", "CardMath", "CardPacking", "CardPixels", "CardShaders"},
}

# The platform's C library counts as a C module for the pure middle.
PLATFORM_C = {"Glibc", "Darwin", "Musl"}

# `import X`, `@testable import X`, `@_implementationOnly import X`, `import struct X.Y`, …
IMPORT = re.compile(r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*import[ \t]+"
                    r"(?:(?:struct|class|enum|func|protocol|typealias|var|let)[ \t]+)?(\w+)", re.M)

C_NAME = re.compile(r"^C[A-Z]")


def target_path(root, target):
    """The folder that holds a target's files: its declared path, or the conventional one."""
    default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    return os.path.join(root, target.get("path") or default)


def swift_imports(folder):
    """The modules imported by the .swift files under `folder` (recursively)."""
    found = set()
    for parent, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(parent, name), errors="replace") as handle:
                    found |= set(IMPORT.findall(handle.read()))
    return found


def declared_dependencies(target):
    """The names a target declares: targets by name and products (a product's module has its name)."""
    return {dep[kind][0] for dep in target.get("dependencies", [])
            for kind in ("byName", "target", "product") if kind in dep}


def c_modules(package, root):
    """System libraries named C…, C-language targets named C… (no .swift file), and the platform's C."""
    modules = set(PLATFORM_C)
    for target in package["targets"]:
        if not C_NAME.match(target["name"]):
            continue
        if target["type"] == "system":
            modules.add(target["name"])
        elif not has_swift(target_path(root, target)):
            modules.add(target["name"])
    return modules


def has_swift(folder):
    """Whether any .swift file lies under `folder`."""
    return any(name.endswith(".swift") for _, _, files in os.walk(folder) for name in files)


def differences(package, root):
    """Every difference between the declared graph and the imports, one readable line each."""
    lines = []
    c_mods = c_modules(package, root)
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        name = target["name"]
        folder = target_path(root, target)
        if not os.path.isdir(folder):
            continue
        declared = declared_dependencies(target)
        raw_imports = swift_imports(folder)
        imported = raw_imports - SKIP - {name}
        for module in sorted(declared - imported):
            lines.append(f"{name} declares {module} but never imports it")
        for module in sorted(imported - declared):
            lines.append(f"{name} imports {module} without declaring it")
        if name in PURE:
            for module in sorted((raw_imports - {name}) & c_mods):
                lines.append(f"{name} is pure but imports the C module {module}")
            local = {t["name"] for t in package["targets"]}
            for module in sorted((declared & local) - PURE):
                lines.append(f"{name} is pure but depends on {module}, which is not")
        if name in ONLY:
            for module in sorted(declared - ONLY[name]):
                lines.append(f"{name} may depend only on {', '.join(sorted(ONLY[name]))}, not on {module}")
    return lines


def self_test():
    """Runs the checks on a made-up package; returns a list of failures (empty when all pass)."""
    package = {"targets": [
        {"name": "CZlib", "type": "system", "dependencies": []},
        {"name": "CardMath", "type": "regular", "dependencies": []},
        {"name": "CardPacking", "type": "regular", "dependencies": [{"byName": ["CardMath", None]}]},
        {"name": "CardPictures", "type": "regular", "dependencies": [{"byName": ["CardCodec", None]}]},
        {"name": "CardCodec", "type": "regular", "dependencies": [{"byName": ["CZlib", None]},
                                                                 {"target": ["CardMath", None]}]},
        {"name": "CardWindow", "type": "regular", "dependencies": [{"byName": ["CardMath", None]},
                                                                  {"byName": ["CardInteraction", None]}]},
        {"name": "CardMathTests", "type": "test",
         "dependencies": [{"byName": ["CardMath", None]},
                          {"product": ["RealModule", "swift-numerics", None, None]}]},
    ]}
    files = {
        "Sources/CardMath/A.swift": "import Foundation\nimport Glibc\n",
        "Sources/CardPacking/A.swift": "import CardMath\nimport struct CardLayout.Attributes\n",
        "Sources/CardPictures/A.swift": "@_implementationOnly import CardCodec\n",
        "Sources/CardCodec/A.swift": "import CZlib\n",
        "Tests/CardMathTests/A.swift": "@testable import CardMath\nimport XCTest\n",
        "Sources/CardWindow/A.swift": "import CardMath\nimport CardInteraction\n",
    }
    expected = {
        "CardMath is pure but imports the C module Glibc",
        "CardPacking imports CardLayout without declaring it",
        "CardPictures is pure but depends on CardCodec, which is not",
        "CardCodec declares CardMath but never imports it",
        "CardMathTests declares RealModule but never imports it",
        "CardWindow may depend only on CGLFW, CardEvents, CardMath, not on CardInteraction",
    }
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as handle:
                handle.write(text)
        got = set(differences(package, root))
    failures = [f"missing: {line}" for line in sorted(expected - got)]
    failures += [f"unexpected: {line}" for line in sorted(got - expected)]
    return failures


def main(argv):
    if "--self-test" in argv:
        failures = self_test()
        for line in failures:
            print(f"package_graph self-test: {line}")
        return 1 if failures else 0
    root = argv[argv.index("--root") + 1] if "--root" in argv else "."
    lines = differences(json.load(sys.stdin), root)
    for line in lines:
        print(line)
    print(f"package graph: {len(lines)} difference(s)")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
