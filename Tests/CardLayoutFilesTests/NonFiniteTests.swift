import CardLayout
import CardLayoutFiles
import CardMath
import Foundation
import Synchronization
import Testing

/// A value that comes out NaN or ±∞ hides that card for the frame and warns once, naming the
/// expression and `o`; nothing non-finite leaves the layout.
@Suite struct NonFiniteTests {
    final class Sink: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    @Test func nanHidesTheCardAndWarnsOnce() throws {
        let text = """
            { "name": "sqrt-walk",
              "transform": [ { "translate": ["sqrt(o) * 100", 0, 0] } ] }
            """
        let sink = Sink()
        let file = try LayoutFile(bytes: Array(text.utf8), file: "walk.json", registry: LayoutRegistry(LayoutRegistry.builtIn),
                                  warn: { sink.add($0) })
        let layout = file.descriptor.makeLayout()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10, offset: Vec2(4 * FileLayoutDefaults.cardSize.width, 0))
        for _ in 0..<3 {
            for index in 0..<10 {
                let card = layout.attributes(at: index, in: context)
                #expect(card.isFinite)
                #expect(card.isHidden == (index < 4), "card \(index)")
                if index < 4 { #expect(card.alpha == 0 && card.transform == .identity) }
            }
            let visible = layout.visibleAttributes(in: context)
            #expect(visible.allSatisfy { $0.index >= 4 && $0.isFinite })
        }
        let lines = sink.lines.withLock { $0 }
        #expect(lines == ["walk.json:2:34: 'sqrt(o) * 100' gave NaN at o = -4.0; the card is hidden while it does"])
    }

    @Test func infinityInAFrameValueDrawsNothing() throws {
        let text = #"{ "name": "x", "options": { "k": "1 / (n - 10)" }, "transform": [ { "translate": ["k * o", 0, 0] } ] }"#
        let sink = Sink()
        let file = try LayoutFile(bytes: Array(text.utf8), file: "k.json", registry: LayoutRegistry(LayoutRegistry.builtIn),
                                  warn: { sink.add($0) })
        let layout = file.descriptor.makeLayout()
        let ten = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 10)
        #expect(layout.visibleAttributes(in: ten).isEmpty)
        #expect(layout.attributes(at: 3, in: ten).isHidden)
        let eleven = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 11)
        #expect(!layout.visibleAttributes(in: eleven).isEmpty)
        #expect(sink.lines.withLock { $0.count } == 1)
    }
}
