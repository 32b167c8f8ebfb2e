import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// The help's layout picker: a key for every layout (number keys, then letters that mean
/// nothing else while the help shows), listed in columns.
@Suite struct LayoutPickerTests {
    static let sixteen = ["pages", "tasks", "slidebox", "grid", "wheel", "linear", "rotary", "rotary-inverted", "cylinder",
                          "cylinder-inverted", "carousel-wheel", "carousel-wheel-inverted", "coverflow", "coverflow2",
                          "time-machine", "time-machine-inverted"]

    @Test("keys: 1–9, 0, then letters; none of the viewer's own letters")
    func keys() {
        let keys = (0..<30).map { ViewerSession.pickerKey(forPosition: $0) }
        #expect(keys.prefix(10).map { $0.map(String.init) ?? "" }.joined() == "1234567890")
        #expect(keys[10] == "b" && keys[23] == "y" && keys[24] == nil)
        let used: Set<Character> = ["a", "f", "h", "l", "o", "p", "q", "s", "u", "v", "x", "z"]
        #expect(keys.compactMap { $0 }.allSatisfy { !used.contains($0) })
        #expect(Set(keys.compactMap { $0 }).count == 24)
    }

    @Test("sixteen layouts fit eight lines of the help's width, each listed once with its key")
    func lines() {
        let lines = ViewerSession.layoutPickerLines(Self.sixteen)
        #expect(lines.count == 8, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 66 }, "\(lines)")
        let text = lines.joined(separator: " ")
        for (position, name) in Self.sixteen.enumerated() {
            let key = ViewerSession.pickerKey(forPosition: position)!
            #expect(text.contains(" \(key) \(name) ") || text.hasSuffix(" \(key) \(name)"), "\(key) \(name)")
        }
        #expect(lines[0].hasPrefix("  1 pages "))
        let marked = ViewerSession.layoutPickerLines(Self.sixteen, current: "carousel-wheel-inverted")
        #expect(marked.count == 8 && marked.joined().contains("c carousel-wheel-inverted* "), "\(marked)")
        #expect(marked.joined().filter { $0 == "*" }.count == 1)
    }

    @Test("with the help open, a layout's key switches to it and closes the help")
    func pickingClosesTheHelp() throws {
        let session = makeSession(.pages, cards: 12)
        try play(script([#"{"time": 0.1, "type": "key", "key": "?"}"#, #"{"time": 0.2, "type": "key", "key": "4"}"#], end: 0.9),
                 into: session)
        #expect(session.layoutKind == .grid && !session.showsHelp)
        try play(script([#"{"time": 0.1, "type": "key", "key": "?"}"#], end: 0.2), into: session)
        let help = try #require(session.overlayPanels.first { $0.placement == .center })
        #expect(help.lines.contains { $0.contains("4 grid*") } && !help.lines.contains { $0.contains("pages*") })
        try play(script([#"{"time": 0.1, "type": "key", "key": "escape"}"#], end: 0.2), into: session)
        // Shift+L from the first layout wraps to the last one registered.
        try play(script([#"{"time": 0.1, "type": "key", "key": "1"}"#,
                         #"{"time": 0.7, "type": "key", "key": "l", "mods": ["shift"]}"#], end: 1.4), into: session)
        #expect(session.layoutKind == LayoutRegistry.shared.all.last?.kind)
        // Without the help, a letter keeps its meaning (B does nothing, the layout stays).
        let before = session.layoutKind
        try play(script([#"{"time": 0.1, "type": "key", "key": "b"}"#], end: 0.3), into: session)
        #expect(session.layoutKind == before)
    }

    @Test("the help fits the window: at 2 points a font pixel where it can, else at 1; each layout's lines once")
    func helpFits() throws {
        let help = OverlayPanel(lines: ViewerSession.helpLines, placement: .center)
        #expect(Set(help.lines.filter { $0.hasPrefix("  ") }).count == help.lines.filter { $0.hasPrefix("  ") }.count)
        for (width, height) in [(1280.0, 800.0), (900, 560), (640, 400)] {
            let viewport = Size(width: width, height: height)
            let frame = try #require(OverlayFrame.frames(for: [help], viewport: viewport).first)
            #expect(frame.origin.x >= 0 && frame.origin.y >= 0)
            #expect(frame.origin.x + frame.size.width <= width && frame.origin.y + frame.size.height <= height,
                    "\(frame) in \(viewport)")
        }
        // A panel too tall for 2 points a font pixel falls back to 1; a short one keeps 2.
        let tall = OverlayPanel(lines: Array(repeating: "x", count: 40), placement: .center)
        let frames = OverlayFrame.frames(for: [tall, OverlayPanel(lines: ["x"], placement: .topLeft)],
                                         viewport: Size(width: 1280, height: 600))
        #expect(frames.map(\.pixelSize) == [1, 2])
    }
}
