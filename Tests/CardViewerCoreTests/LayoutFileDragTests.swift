import CardLayout
import CardLayoutFiles
import CardMath
import CardInteraction
@testable import CardViewerCore
import Testing

/// A layout file's `offsetMultiplier` scales drags as SPEC §9 and docs/LAYOUT-FILES.md say (a
/// drag of Δ points moves the offset by Δ·offsetMultiplier points), the file's own, else its
/// base's, else 1 (issue 34: the key was parsed and checked but did nothing in the viewer).
@Suite struct LayoutFileDragTests {
    static func file(_ name: String, _ rest: String) throws -> LayoutFile {
        try LayoutFile(bytes: Array(#"{ "name": "\#(name)", \#(rest) }"#.utf8), file: "\(name).json", warn: { _ in })
    }

    @Test("dragMultiplier: the file's offsetMultiplier, else its base's, else 1")
    func multiplier() throws {
        let plain = #""itemWidth": 200, "transform": [{ "translate": ["o * w", 0, 0] }]"#
        #expect(try Self.file("a", plain).descriptor.makeLayout().dragMultiplier == 1)
        #expect(try Self.file("b", plain + #", "offsetMultiplier": 2.5"#).descriptor.makeLayout().dragMultiplier == 2.5)
        #expect(try Self.file("c", #""base": "coverflow""#).descriptor.makeLayout().dragMultiplier == 2)
        #expect(try Self.file("d", #""base": "coverflow", "offsetMultiplier": 0.5"#).descriptor.makeLayout().dragMultiplier == 0.5)
    }

    @Test("a drag of 70 points in a file layout with offsetMultiplier 2 moves the offset 140 points")
    func dragInTheSession() throws {
        let file = try Self.file("drag-double", #""itemWidth": 200, "transform": [{ "translate": ["o * w", 0, 0] }], "offsetMultiplier": 2"#)
        try LayoutRegistry.shared.replace(file.descriptor)
        let kind = try #require(LayoutKind(rawValue: "drag-double"))
        let session = ViewerSession(deck: Deck(syntheticCount: 30),
                                    configuration: .init(layout: kind, viewport: testViewport, offset: Vec2(10 * 200, 0)))
        try play(script([#"{"time": 0.1, "type": "down", "x": 400, "y": 400}"#, #"{"time": 0.15, "type": "move", "x": 380, "y": 400}"#,
                         #"{"time": 0.2, "type": "move", "x": 360, "y": 400}"#], end: 0.25), into: session)
        let before = session.offset
        try play(script([#"{"time": 0.05, "type": "move", "x": 330, "y": 400}"#, #"{"time": 0.1, "type": "move", "x": 290, "y": 400}"#],
                        end: 0.15), into: session)
        #expect(abs(session.offset.x - before.x - 140) < 1e-9, "moved \(session.offset.x - before.x)")
    }
}
