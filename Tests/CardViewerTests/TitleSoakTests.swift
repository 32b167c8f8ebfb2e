import CardEvents
import CardMath
@testable import CardViewerCore
@testable import CardViewerFrame
import Foundation
import CardTestSupport
import Testing

/// A soak of random keys, clicks, wheel steps, resizes and fullscreen toggles over a deck of 30
/// pictures (issue 34, item 9: titles went blank and stayed blank after `V` cycles with
/// fullscreen, and after the photo view and Delete). Events come from a seeded generator
/// (`SoakEvent.random`, SplitMix64), so a seed and an event count replay exactly; between events
/// the viewer draws 1–4 frames at 30 Hz, so animations are cut into as a user's fast keys do.
///
/// Checked (`SoakChecks`):
/// - every frame: each deck card's record carries the card's culling mark and colour labels;
/// - every `SOAK_SETTLE` events (and at the end), once animations ended and pictures and titles
///   settled: every card shown has a title slot that holds its own title (read back from the
///   atlas and compared with the title rasterized here), and every sidecar says its card's mark;
/// - after each resize and each fullscreen toggle: a current card on screen before it (at rest)
///   is on screen after it (at rest).
/// A failure names the seed and the event's index, and lists the last events.
///
/// The suite's run: 3,000 events, seed 34, 25–60 s (debug, llvmpipe, a loaded 2-core machine). Longer, or other
/// seeds, from the environment:
///
///     SOAK_EVENTS=50000 SOAK_SEEDS=7,8,9 SOAK_SETTLE=25 xvfb-run -a swift test --skip-build --filter TitleSoakTests
///
/// (`SOAK_SEED=7` is one seed; `SOAK_SCALE` the framebuffer's pixels per point, 0.25 unless
/// given — the checks read records and the title atlas, not the frame, so small frames only
/// save llvmpipe's time; `SOAK_TRACE=1` prints frames and checks counted, and the slowest events.) Only the failing seed's events up to the index are needed to
/// replay a failure: `SOAK_SEEDS=S SOAK_EVENTS=index+1`.
@Suite("soak: random events, every frame's titles and marks checked", .serialized)
struct TitleSoakTests {
    /// The deck's file names: short, long (cut with "…"), with spaces and digits.
    static let names: [String] = (0..<30).map { index in
        switch index % 5 {
        case 0: String(format: "IMG_%04d.png", 1000 + index)
        case 1: String(format: "beach %02d.png", index)
        case 2: String(format: "a very long title of a holiday picture by the lake number %02d.png", index)
        case 3: String(format: "x%d.png", index)
        default: String(format: "DSC %05d.png", 20000 + index)
        }
    }

    static func environment(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }

    @Test("random events over a picture deck: titles, marks and the current card hold")
    func soak() throws {
        let events = Self.environment("SOAK_EVENTS").flatMap { Int($0) } ?? 3000
        let settle = Self.environment("SOAK_SETTLE").flatMap { Int($0) } ?? 25
        let seeds = (Self.environment("SOAK_SEEDS") ?? Self.environment("SOAK_SEED") ?? "34")
            .split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let played = (0..<events).map { _ in SoakEvent.random(using: &random) }
            let failure = try Self.play(played, seed: seed, settleEvery: settle)
            #expect(failure == nil, "\(failure ?? "")")
            if failure != nil { break }
        }
    }

    /// Plays `events` into a fresh viewer, checking as the suite's doc says; returns the first
    /// failure's report (seed, index, what, the last events), or nil.
    static func play(_ events: [SoakEvent], seed: UInt64, settleEvery: Int, frames: [Int]? = nil) throws -> String? {
        let scale = environment("SOAK_SCALE").flatMap { Double($0) } ?? 0.25
        let soak = try SoakViewer(names: names, size: Size(width: 1024, height: 640), pixelScale: scale)
        let checks = try SoakChecks(soak)
        var random = SplitMix64(seed: seed ^ 0x5EED)
        func report(_ index: Int, _ what: [String]) -> String {
            let from = max(0, index - 24)
            let last = (from...min(index, events.count - 1)).map { "  #\($0) \(events[$0])" }.joined(separator: "\n")
            return "soak seed \(seed), event #\(index) of \(events.count) (\(soak.viewport.width)x\(soak.viewport.height), "
                + "\(soak.session.layoutKind), filter \(soak.session.cullFilter)): " + what.prefix(6).joined(separator: "; ")
                + "\nlast events:\n\(last)"
        }
        try soak.rest()
        var slow: [(Double, Int)] = []
        let started = Date()
        defer { if environment("SOAK_TRACE") != nil { print("total \(Date().timeIntervalSince(started)) slowest", slow.sorted { $0.0 > $1.0 }.prefix(12).map { "\($0.0) #\($0.1) \(events[$0.1])" }) } }
        for (index, event) in events.enumerated() {
            let eventStart = Date()
            defer { slow.append((Date().timeIntervalSince(eventStart), index)) }
            var resizes = false
            if case .resize = event { resizes = true }
            if case .key(let key, _) = event, key == .character("f") || key == .function(11) { resizes = true }
            var onScreenBefore: Bool?
            // Asked only at rest: a card scrolling away is not "in view" (resizes mid-motion,
            // the way users toggle fullscreen while cards move, are played all the same).
            if resizes, !soak.moving { onScreenBefore = checks.currentCardOnScreen() }
            soak.apply(event)
            let count = frames?[index] ?? 1 + Int(random.next() % 4)
            for _ in 0..<count {
                try soak.step()
                let wrong = checks.marks()
                if !wrong.isEmpty { return report(index, wrong) }
            }
            if resizes, onScreenBefore == true {
                try soak.rest()
                if checks.currentCardOnScreen() == false {
                    return report(index, ["the current card \(soak.session.currentCardID.map { "\($0.rawValue)" } ?? "-") left the view"])
                }
            }
            if (index + 1) % settleEvery == 0 || index == events.count - 1 {
                let t0 = Date()
                try soak.rest()
                let t1 = Date()
                defer { if environment("SOAK_TRACE") != nil { print("settle \(t1.timeIntervalSince(t0)) wait+check \(Date().timeIntervalSince(t1)) frames \(soak.frames) \(soak.viewport) deck \(soak.session.deck.cards.count) records \(soak.frame.packer.records.count) photo \(soak.session.photoCard != nil) compare \(soak.session.comparesPictures) \(soak.session.layoutKind) \(soak.session.cullFilter)") } }
                guard try soak.pictures.waitUntilSettled(timeout: 30, drawFrame: { try soak.frame.draw() }) else {
                    return report(index, ["pictures and titles did not settle in 30 s: \(soak.pictures.frameTitlesMissing) titles missing"])
                }
                var wrong = try checks.titles()
                wrong += checks.sidecars()
                if !wrong.isEmpty { return report(index, wrong) }
            }
        }
        if environment("SOAK_TRACE") != nil { print("soak seed \(seed): \(events.count) events, \(soak.frames) frames, \(checks.titlesChecked) titles and \(checks.marksChecked) marks checked") }
        return nil
    }

    @Test("V (picks only: every card leaves) with fullscreen while they leave, then V V back to all: every title comes back")
    func filterWithFullscreen() throws {
        let events: [SoakEvent] = [.key(.character("v"), []), .key(.character("f"), []), .key(.character("v"), []),
                                   .key(.character("v"), [])]
        let failure = try Self.play(events, seed: 0, settleEvery: events.count, frames: [2, 30, 30, 30])
        #expect(failure == nil, "\(failure ?? "")")
    }
}
