import CardLayout
import CardLayoutFiles
import CardMath
import CardTestSupport
import Foundation
import Testing

/// SPEC §9's coverflow file (examples/layouts/coverflow.json) gives SPEC §8's coverflow:
/// `translate((c·tilt/2 + o·spacing)·w, 0, −|c|·w/2) · rotateY(−c·π/2·tilt)`, `c = clamp(o, −1, 1)`,
/// about a card centred at (W/2, H/2, 0).
@Suite struct CoverflowFileTests {
    static let viewport = Size(width: 1280, height: 800)

    static func coverflow() throws -> LayoutFile {
        try LayoutFile(bytes: Array(try Data(contentsOf: ExampleFiles.folder.appendingPathComponent("coverflow.json"))),
                       file: "coverflow.json", registry: LayoutRegistry(LayoutRegistry.builtIn), warn: { _ in })
    }

    /// SPEC §8's coverflow, written out in Swift.
    static func expected(o: Double, w: Double, tilt: Double = 0.9, spacing: Double = 0.25) -> Mat4 {
        let c = min(max(o, -1), 1)
        return Mat4.translation(Vec3((c * tilt / 2 + o * spacing) * w, 0, -abs(c) * w / 2)) * .rotationY(-c * .pi / 2 * tilt)
    }

    @Test(arguments: [0.0, 0.3, 0.5, 1.25, 2.75, 7.5, 14.0])
    func matchesTheFormula(scroll: Double) throws {
        let layout = try Self.coverflow().descriptor.makeLayout()
        let w = FileLayoutDefaults.cardSize.width
        let context = LayoutContext(viewport: Self.viewport, cardCount: 30, offset: Vec2(scroll * w, 0))
        for index in [0, 1, 2, 3, 7, 8, 14, 15, 29] {
            let card = layout.attributes(at: index, in: context)
            let o = Double(index) - scroll
            let world = Mat4.translation(Vec3(Self.viewport.width / 2, Self.viewport.height / 2, 0)) * Self.expected(o: o, w: w)
            #expect(closeEnough(card.localToWorld(offset: context.offset), world, absolute: 1e-9), "card \(index) at s = \(scroll)")
            #expect(card.size == FileLayoutDefaults.cardSize)
            let visibleHalf = (Self.viewport.width / (w * 0.25) / 2).rounded(.up) + 1
            #expect(card.isHidden == (abs(o) > visibleHalf), "card \(index) at o = \(o)")
        }
    }

    /// Options set with `--set` reach the formula; `itemWidth` sets w.
    @Test func optionsAndItemWidth() throws {
        let descriptor = try Self.coverflow().descriptor
        #expect(descriptor.options.map(\.name) == ["itemWidth", "tilt", "spacing"])
        let values = try descriptor.values(setting: ["tilt=0.5", "spacing=0.4", "itemWidth=300"])
        let layout = descriptor.makeLayout(values)
        let context = LayoutContext(viewport: Self.viewport, cardCount: 10, offset: Vec2(600, 0))
        for index in 0..<10 {
            let o = Double(index) - 2
            let world = Mat4.translation(Vec3(640, 400, 0)) * Self.expected(o: o, w: 300, tilt: 0.5, spacing: 0.4)
            let card = layout.attributes(at: index, in: context)
            #expect(closeEnough(card.localToWorld(offset: context.offset), world, absolute: 1e-9))
        }
    }

    /// The visible set is the `visible` range: O(visible), in index order, whatever the deck's size.
    @Test func visibleCardsAreTheRange() throws {
        let layout = try Self.coverflow().descriptor.makeLayout()
        let w = FileLayoutDefaults.cardSize.width
        let context = LayoutContext(viewport: Self.viewport, cardCount: 5_000_000, offset: Vec2(2_500_000.4 * w, 0))
        let half = (Self.viewport.width / (w * 0.25) / 2).rounded(.up) + 1
        let range = layout.candidateRange(in: context)
        #expect(range == Int((2_500_000.4 - half).rounded(.up))..<Int((2_500_000.4 + half).rounded(.down)) + 1)
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible == visible.sorted())
        #expect(!visible.isEmpty && visible.count <= range.count)
    }
}

/// The example files shipped in examples/layouts/.
enum ExampleFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/layouts")

    /// Every .json file under the folder, sorted.
    static var all: [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }
}

/// Each step's matrix is the one CardMath builds (the layout multiplies rotations about an axis
/// into two columns instead of a full product).
@Suite struct TransformStepTests {
    @Test func stepsMatchCardMath() throws {
        let text = #"""
            { "name": "steps", "options": { "a": 0.7, "b": -1.3, "c": 2.1 },
              "transform": [ { "translate": [10, -20, 30] }, { "rotateX": "a" }, { "scale": [1.5, 0.5, 2] },
                             { "rotateY": "b" }, { "rotate": { "axis": [1, 2, -2], "angle": "c" } }, { "rotateZ": "a + b" },
                             { "scale": 0.75 } ] }
            """#
        let layout = try layoutFile(text).descriptor.makeLayout()
        let card = layout.attributes(at: 0, in: LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 1))
        let u = Vec3(1, 2, -2) / 3
        let rotation = Quaternion(angle: 2.1, axis: u).matrix
        let expected = Mat4.translation(Vec3(10, -20, 30)) * .rotationX(0.7) * .scale(Vec3(1.5, 0.5, 2)) * .rotationY(-1.3)
            * rotation * .rotationZ(0.7 - 1.3) * .scale(Vec3(0.75, 0.75, 0.75))
        #expect(closeEnough(card.transform, expected, absolute: 1e-12), "\(card.transform) vs \(expected)")
    }
}
