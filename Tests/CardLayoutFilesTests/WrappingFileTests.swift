import CardLayout
import CardLayoutFiles
import CardMath
import CardTestSupport
import Foundation
import Testing

/// A wrapping file layout (examples/layouts/icarousel/rotary.json) against SPEC §8's rotary:
/// `translate(r·sin a, 0, r·cos a − r)`, `a = o/count·arc`, `o` wrapped into ±n/2, the visible
/// cards the run of `count` around the current one (iCarousel's run from round(s) − ⌊count/2⌋),
/// in index order across the deck's end.
@Suite struct WrappingFileTests {
    @Test(arguments: [0.0, 3.25, 9.5, 19.75, 23.0, -2.5])
    func rotaryMatchesTheFormula(scroll: Double) throws {
        let url = ExampleFiles.folder.appendingPathComponent("icarousel/rotary.json")
        let file = try LayoutFile(bytes: Array(try Data(contentsOf: url)), file: "rotary.json",
                                  registry: LayoutRegistry(LayoutRegistry.builtIn), warn: { Issue.record("\($0)") })
        let layout = file.descriptor.makeLayout()
        let n = 20, w = FileLayoutDefaults.cardSize.width, viewport = Size(width: 1280, height: 800)
        let count = min(Double(n), 30, max(12, (viewport.width / w).rounded(.up) * .pi)).rounded(.down)
        #expect(count == 15)
        let r = max(w / 2, w / 2 / tan(2 * .pi / 2 / count))
        let context = LayoutContext(viewport: viewport, cardCount: n, offset: Vec2(scroll * w, 0))
        var s = scroll.truncatingRemainder(dividingBy: Double(n))
        if s < 0 { s += Double(n) }
        for index in 0..<n {
            var o = Double(index) - s
            if o > Double(n) / 2 { o -= Double(n) } else if o < -Double(n) / 2 { o += Double(n) }
            let a = o / count * 2 * .pi
            let expected = Mat4.translation(Vec3(viewport.width / 2, viewport.height / 2, 0))
                * .translation(Vec3(r * sin(a), 0, r * cos(a) - r))
            let card = layout.attributes(at: index, in: context)
            // The file's `visible`: the run of `count` cards from round(s) − ⌊count/2⌋.
            let half = (count / 2).rounded(.down), d = s.rounded() - s
            let inRun = o >= d - half - 1e-9 && o <= d - half + count - 1 + 1e-9
            #expect(card.isHidden == !inRun, "card \(index) at o = \(o)")
            if inRun {
                #expect(closeEnough(card.localToWorld(offset: context.offset), expected, absolute: 1e-9), "card \(index) at o = \(o)")
            }
        }
        let visible = layout.visibleAttributes(in: context).map(\.index)
        #expect(visible == visible.sorted(), "\(visible)")
        #expect(Set(visible).count == visible.count)
        #expect(visible.count == 15)
    }
}
