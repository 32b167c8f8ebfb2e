import CardFiles
import CardLayout
import CardLayoutFiles
import CardMath
import Foundation

// The per-card cost of a layout file against the same layout written in Swift (SPEC §9: at most
// a few times the built-in's cost). Build it optimised and run it from the package's root:
//   swift build -c release --product layout-file-cost && .build/release/layout-file-cost [FILE]
// Prints nanoseconds per laid-out card (layoutVisible, culling included) for each, and the ratio.

let path = CommandLine.arguments.dropFirst().first ?? "examples/layouts/coverflow.json"
let file: LayoutFile
do {
    let bytes = try FileBytes.readAll(path, maximumSize: LayoutFileLimits.maximumFileSize)
    file = try LayoutFile(bytes: bytes, file: path, warn: { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) })
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

/// Nanoseconds per card laid out by `layout` over `frames` frames of a slow scroll through 10,000 cards.
func nanosecondsPerCard(_ layout: any CardLayout, frames: Int = 200_000) -> (Double, Int) {
    var out: [CardAttributes] = []
    out.reserveCapacity(512)
    var cards = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for frame in 0..<frames {
        out.removeAll(keepingCapacity: true)
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10_000,
                                    offset: Vec2(Double(frame % 40_000) * 37.3, 0))
        layout.layoutVisible(in: context, into: &out)
        cards += out.count
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    return (elapsed / Double(max(cards, 1)), cards)
}

/// Nanoseconds per `attributes(at:)` call (no culling; the file layout runs its frame program
/// on every call, so this is its worst case).
func nanosecondsPerAttributes(_ layout: any CardLayout, calls: Int = 2_000_000) -> Double {
    var sink = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for call in 0..<calls {
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10_000,
                                    offset: Vec2(Double(call % 9000) * 400 + 150, 0))
        sink += layout.attributes(at: call % 9000 + call % 7, in: context).transform.c3.x
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    if sink.isNaN { print("") }
    return elapsed / Double(calls)
}

/// Nanoseconds per candidate card without culling: the layouts' own work per card.
func nanosecondsPerCandidate(_ swift: SwiftCoverflow, _ file: FileLayout, frames: Int = 200_000) -> (Double, Double) {
    var out: [CardAttributes] = []
    out.reserveCapacity(512)
    var times = (0.0, 0.0)
    for which in 0..<2 {
        var cards = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for frame in 0..<frames {
            out.removeAll(keepingCapacity: true)
            let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10_000,
                                        offset: Vec2(Double(frame % 40_000) * 37.3, 0))
            if which == 0 {
                for index in swift.candidateRange(in: context) { out.append(swift.attributes(at: index, in: context)) }
            } else {
                file.layoutCandidates(in: context, into: &out)
            }
            cards += out.count
        }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(cards, 1))
        if which == 0 { times.0 = ns } else { times.1 = ns }
    }
    return times
}

let swift = SwiftCoverflow()
let fileLayout = file.descriptor.makeLayout()
_ = nanosecondsPerCard(swift, frames: 20_000)
_ = nanosecondsPerCard(fileLayout, frames: 20_000)
var best = (swift: Double.infinity, file: Double.infinity)
for _ in 0..<5 {
    best.swift = min(best.swift, nanosecondsPerCard(swift).0)
    best.file = min(best.file, nanosecondsPerCard(fileLayout).0)
}
let (_, swiftCards) = nanosecondsPerCard(swift, frames: 1000)
let (_, fileCards) = nanosecondsPerCard(fileLayout, frames: 1000)
if let fileLayout = fileLayout as? FileLayout {
    var own = (swift: Double.infinity, file: Double.infinity)
    for _ in 0..<5 {
        let (a, b) = nanosecondsPerCandidate(swift, fileLayout)
        own = (min(own.swift, a), min(own.file, b))
    }
    print(String(format: "per candidate card, no culling: swift %.1f ns, file %.1f ns, ratio %.2f", own.swift, own.file, own.file / own.swift))
}
var single = (swift: Double.infinity, file: Double.infinity)
for _ in 0..<5 {
    single.swift = min(single.swift, nanosecondsPerAttributes(swift))
    single.file = min(single.file, nanosecondsPerAttributes(fileLayout))
}
print(String(format: "attributes(at:) alone: swift %.1f ns, file %.1f ns, ratio %.2f", single.swift, single.file, single.file / single.swift))
print("cards per 1000 frames: swift \(swiftCards), file \(fileCards)")
print(String(format: "layoutVisible per card (culling included): swift %.1f ns, file %.1f ns, ratio %.2f",
             best.swift, best.file, best.file / best.swift))
