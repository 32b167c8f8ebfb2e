import CardLayout
import CardMath

/// A small layout that lives only in this test target: one horizontal strip of cards, each
/// `cardWidth` points wide and three quarters of that tall (as tall with `square`), `gap` points apart, centred
/// vertically. It exists to show that a layout is one unit: this file and one `register` call,
/// and the command line, the keys and the help know it.
struct StripLayout: CardLayout {
    var cardWidth = 200.0
    var gap = 20.0
    /// Square cards instead of 4:3 ones (a flag, for the options panel's tests).
    var square = false

    var name: String { "strip" }
    var scrollAxis: ScrollAxis { .horizontal }

    /// The distance between neighbouring cards' centres, points.
    var pitch: Double { cardWidth + gap }

    func contentSize(viewport: Size, cardCount: Int) -> Size {
        Size(width: Double(max(cardCount, 1) - 1) * pitch + viewport.width, height: viewport.height)
    }

    func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let center = Vec3(context.viewport.width / 2 + Double(index) * pitch, context.viewport.height / 2, 0)
        return CardAttributes(index: index, center: center, size: Size(width: cardWidth, height: cardWidth * (square ? 1 : 0.75)))
    }

    func candidateRange(in context: LayoutContext) -> Range<Int> {
        let first = Int(max(0, ((context.offset.x - context.viewport.width / 2) / pitch).rounded(.down)))
        let last = Int(max(0, ((context.offset.x + context.viewport.width * 1.5) / pitch).rounded(.up)))
        return min(first, context.cardCount)..<min(last + 1, context.cardCount)
    }
}

extension LayoutDescriptor {
    static let strip = LayoutDescriptor(
        name: "strip", summary: "a test layout: one row of cards",
        options: [
            LayoutOption("cardWidth", default: 200, range: 20...2000, help: "card width, points"),
            LayoutOption("gap", default: 20, range: 0...500, help: "space between cards, points"),
            .flag("square", default: false, help: "square cards instead of 4:3"),
        ],
        behavior: LayoutBehavior(helpLines: ["  (nothing)        a strip has no gestures (strip)"]),
        make: { StripLayout(cardWidth: $0["cardWidth"], gap: $0["gap"], square: $0.flag("square")) })
}

/// Registers the strip once per process (the test runner may run these tests in any order).
func registerStrip() {
    do {
        try LayoutRegistry.shared.register(.strip)
    } catch LayoutRegistrationError.taken {
        // Registered by an earlier test.
    } catch {
        preconditionFailure("\(error)")
    }
}
