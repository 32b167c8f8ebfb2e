import CardLayout
import CardLayoutFiles
import CardMath
import Foundation
import Testing

/// SPEC §9's last bullet: the catalogue of §8 is proved equal to layout files. Each of
/// examples/layouts/icarousel/*.json (and vertical/*.json) against the built-in type at the same
/// options, decks and offsets: every card's matrix, alpha, size and hidden flag within 1e-9
/// relative, and the visible set (`layoutVisible`) the same cards in the same order.
///
/// Not compared (docs/LAYOUT-FILES.md, "The iCarousel types as files"): the draw order's tie
/// breakers (`zIndex`, `depthBias`), one card alone (the built-in keeps it at `o = 0`), and
/// `itemWidth` above the card's own length (the built-in never grows a card, a file's card is
/// its slot).
@Suite struct ICarouselFileEqualityTests {
    static let viewport = Size(width: 1280, height: 800)
    static let folder = ExampleFiles.folder.appendingPathComponent("icarousel")

    /// The ten types with files, by built-in name (the file is `icarousel/NAME.json`).
    static let types = ["linear", "rotary", "rotary-inverted", "cylinder", "cylinder-inverted", "carousel-wheel",
                        "carousel-wheel-inverted", "coverflow", "time-machine", "time-machine-inverted"]

    /// Option sets; each type gets the assignments naming its options (the file must declare them too).
    static let optionSets: [[String]] = [
        [],
        ["spacing=0.8", "fadeMin=-2", "fadeMax=1.5", "fadeRange=2", "fadeMinAlpha=0.2"],
        ["spacing=1.3", "arc=3.5", "tilt=0.5", "fadeMax=0.5", "fadeRange=0.5"],
        ["count=9", "radius=600", "angle=0.4", "visibleItems=7"],
        ["itemWidth=200", "spacing=0.6", "arc=5", "count=14", "tilt=-0.7", "fadeMin=-1"],
        ["visibleItems=5", "fadeMinAlpha=0.5", "fadeMin=-0.5", "fadeMax=0.5"],
    ]

    static let cardCounts = [2, 7, 12, 30, 101]

    /// Scroll positions in cards: whole, half and between; past both ends (a rubber band, or
    /// round a wrapping deck several times; a file lays out cards within 128 of `s` at most, so
    /// a scroll hundreds of cards past a non-wrapping deck's end is left out).
    static func scrolls(_ n: Int, wraps: Bool) -> [Double] {
        let d = Double(n)
        return [0, 0.3, 0.5, 1.5, 2.49, 2.5, d / 2, d / 2 + 0.5, d / 2 - 0.4, d - 1, d - 0.7, -0.4, -2.3, d + 0.6]
            + (wraps ? [3 * d + 0.25, -5 * d - 0.5] : [])
    }

    static func file(_ path: String, wrapFlipped: Bool = false) throws -> LayoutDescriptor {
        var text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        if wrapFlipped { text = Self.flipWrap(text) }
        return try LayoutFile(bytes: Array(text.utf8), file: path, registry: LayoutRegistry(LayoutRegistry.builtIn),
                              warn: { Issue.record("\($0)") }).descriptor
    }

    /// The file with `wrap` the other way and the `visible` range written for it, as
    /// scripts/make-icarousel-files.py writes the two forms (the run is moved inside the deck
    /// unless it wraps).
    static func flipWrap(_ text: String) -> String {
        let n = "floor(min(visibleItems, n))"
        let wrapping = "round(s) - floor(\(n) / 2)", clamped = "clamp(round(s) - floor(\(n) / 2), 0, n - \(n))"
        if text.contains("\"wrap\": true") {
            return text.replacingOccurrences(of: "\"wrap\": true", with: "\"wrap\": false")
                .replacingOccurrences(of: "\"\(wrapping) - s", with: "\"\(clamped) - s")
        }
        return text.replacingOccurrences(of: "\"wrap\": false", with: "\"wrap\": true")
            .replacingOccurrences(of: "\"\(clamped) - s", with: "\"\(wrapping) - s")
    }

    /// Equal within 1e-9 relative (absolute below 1).
    static func close(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    static func close(_ a: Mat4, _ b: Mat4) -> Bool {
        zip([a.c0, a.c1, a.c2, a.c3], [b.c0, b.c1, b.c2, b.c3]).allSatisfy {
            close($0.x, $1.x) && close($0.y, $1.y) && close($0.z, $1.z) && close($0.w, $1.w)
        }
    }

    /// The same card: matrix about the same centre, alpha, size; `hidden` when `compareHidden`.
    static func agree(_ a: CardAttributes, _ b: CardAttributes, compareHidden: Bool = true) -> Bool {
        a.index == b.index && close(a.transform, b.transform) && close(a.center.x, b.center.x) && close(a.center.y, b.center.y)
            && close(a.center.z, b.center.z) && close(a.alpha, b.alpha) && close(a.size.width, b.size.width)
            && close(a.size.height, b.size.height) && (!compareHidden || a.isHidden == b.isHidden)
    }

    /// Compares `file` with `builtIn` over every deck size and scroll; returns the cards compared.
    @discardableResult
    static func compare(_ label: String, builtIn: CarouselLayout, file: any CardLayout) -> Int {
        var compared = 0
        let vertical = builtIn.options.vertical
        for n in cardCounts {
            let w = builtIn.geometry(viewport: viewport, cardCount: n).itemWidth
            for s in scrolls(n, wraps: builtIn.options.wrap) {
                let offset = vertical ? Vec2(0, s * w) : Vec2(s * w, 0)
                let context = LayoutContext(viewport: viewport, cardCount: n, offset: offset)
                // The run iCarousel loads: its cards agree, hidden flag included; the others the file hides.
                let g = builtIn.geometry(viewport: viewport, cardCount: n)
                let run = builtIn.visibleRun(in: context, geometry: g)
                let inRun = Set((0..<run.count).map { (run.first + $0) % n })
                for index in 0..<n {
                    let a = builtIn.attributes(at: index, in: context), b = file.attributes(at: index, in: context)
                    let agrees = agree(a, b, compareHidden: inRun.contains(index)) && (inRun.contains(index) || b.isHidden)
                    #expect(agrees, "\(label) n \(n) s \(s) card \(index): \(a) vs \(b)")
                    if !agrees { return compared }
                    compared += 1
                }
                // The visible set: the same cards in the same order.
                let visibleA = builtIn.visibleAttributes(in: context), visibleB = file.visibleAttributes(in: context)
                #expect(visibleA.map(\.index) == visibleB.map(\.index), "\(label) n \(n) s \(s)")
                for (a, b) in zip(visibleA, visibleB) where !agree(a, b) {
                    Issue.record("\(label) n \(n) s \(s) visible card \(a.index): \(a) vs \(b)")
                }
            }
        }
        return compared
    }

    static func pair(_ type: String, vertical: Bool, options: [String], wrapFlipped: Bool = false) throws
        -> (builtIn: CarouselLayout, file: any CardLayout)? {
        let builtIn = try #require(LayoutRegistry.shared.descriptor(named: type))
        let file = try Self.file(vertical ? "vertical/\(type).json" : "\(type).json", wrapFlipped: wrapFlipped)
        let names = Set(builtIn.options.map(\.name))
        let assignments = options.filter { names.contains(String($0.split(separator: "=")[0])) }
        if !options.isEmpty && assignments.isEmpty { return nil }  // none of the set's options is the type's
        var builtInSet = assignments + (vertical ? ["vertical=true"] : [])
        if wrapFlipped { builtInSet.append("wrap=\(builtIn.defaultValues["wrap"] == 0)") }
        let layout = try #require(builtIn.makeLayout(try builtIn.values(setting: builtInSet)) as? CarouselLayout)
        return (layout, file.makeLayout(try file.values(setting: assignments)))
    }

    @Test(arguments: types)
    func horizontalFileEqualsBuiltIn(type: String) throws {
        var compared = 0
        for options in Self.optionSets {
            guard let (builtIn, file) = try Self.pair(type, vertical: false, options: options) else { continue }
            compared += Self.compare("\(type) \(options)", builtIn: builtIn, file: file)
        }
        #expect(compared > 1000)
    }

    @Test(arguments: types)
    func verticalFileEqualsBuiltIn(type: String) throws {
        for options in Self.optionSets.prefix(3) {
            guard let (builtIn, file) = try Self.pair(type, vertical: true, options: options) else { continue }
            #expect(builtIn.scrollAxis == .vertical && file.scrollAxis == .vertical)
            Self.compare("\(type) vertical \(options)", builtIn: builtIn, file: file)
        }
    }

    /// `wrap` the other way: the built-in with `--set wrap=…`, the file with its `wrap` key and
    /// `visible` range written for it.
    @Test(arguments: types)
    func wrapTheOtherWay(type: String) throws {
        for options in Self.optionSets.prefix(2) {
            guard let (builtIn, file) = try Self.pair(type, vertical: false, options: options, wrapFlipped: true) else { continue }
            #expect(builtIn.options.wrap == (LayoutRegistry.shared.descriptor(named: type)?.defaultValues["wrap"] == 0))
            Self.compare("\(type) wrap flipped \(options)", builtIn: builtIn, file: file)
        }
    }

    /// Every file declares the options its type's formulas read, under the built-in's names.
    @Test(arguments: types)
    func filesDeclareTheTypesOptions(type: String) throws {
        let builtIn = try #require(LayoutRegistry.shared.descriptor(named: type))
        for path in ["\(type).json", "vertical/\(type).json"] {
            let file = try Self.file(path)
            let fileNames = Set(file.options.map(\.name))
            let expected = Set(builtIn.options.map(\.name)).subtracting(["wrap", "vertical", "showBackfaces", "offsetMultiplier"])
            #expect(expected.isSubset(of: fileNames), "\(path): missing \(expected.subtracting(fileNames).sorted())")
        }
    }
}
