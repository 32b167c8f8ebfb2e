import CardBenchmark
import CardLayout
import CardMath
import Foundation
import Testing

/// The scripted fling: top to bottom and back, decelerating, the same every run.
@Suite("Fling script")
struct FlingScriptTests {
    @Test("starts at the top, reaches the bottom at half time, returns to the top")
    func ends() {
        let script = FlingScript(maximum: 1_000, axis: .vertical)
        #expect(script.position(at: 0) == 0)
        #expect(abs(script.position(at: 0.5) - 1_000) < 1e-9)
        #expect(abs(script.position(at: 1)) < 1e-9)
        #expect(script.offset(frame: 0, of: 11) == Vec2(0, 0))
        #expect(abs(script.offset(frame: 5, of: 11).y - 1_000) < 1e-9)
    }

    @Test("each half is a fling: the offset moves one way, fast first, slowing down (k = 4)")
    func decelerates() {
        let script = FlingScript(maximum: 500, axis: .horizontal)
        let down = (0...50).map { script.position(at: Double($0) / 100) }
        #expect(zip(down, down.dropFirst()).allSatisfy { $0 < $1 })
        let steps = zip(down, down.dropFirst()).map { $1 - $0 }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 > $1 })
        // The closed form, recomputed: 500·(1 − e^{−4t}) / (1 − e^{−4}) at t = 0.3 (u = 0.15).
        #expect(abs(script.position(at: 0.15) - 500 * (1 - exp(-1.2)) / (1 - exp(-4))) < 1e-9)
        // Back up: 500·(1 − g(t)) at t = 0.3 (u = 0.65).
        #expect(abs(script.position(at: 0.65) - 500 * (1 - (1 - exp(-1.2)) / (1 - exp(-4)))) < 1e-9)
        #expect(script.offset(frame: 3, of: 10).y == 0)
    }

    @Test("the scroll axis and maximum come from the layout; out-of-range input stays in range")
    func fromLayout() {
        let viewport = Size(width: 1280, height: 800)
        let pages = FlingScript(layout: PagesLayout(), viewport: viewport, cardCount: 100)
        #expect(pages.axis == .vertical)
        #expect(pages.maximum == PagesLayout().maximumOffset(viewport: viewport, cardCount: 100).y)
        let wheel = FlingScript(layout: WheelLayout(), viewport: viewport, cardCount: 100)
        #expect(wheel.axis == .horizontal)
        #expect(wheel.maximum == WheelLayout().maximumOffset(viewport: viewport, cardCount: 100).x)
        #expect(FlingScript(layout: PagesLayout(), viewport: viewport, cardCount: 0).position(at: 0.5) == 0)
        for u in [-1.0, .nan, 2.0, .infinity] {
            let p = pages.position(at: u)
            #expect(p >= 0 && p <= pages.maximum)
        }
        #expect(FlingScript(maximum: .nan, axis: .vertical).maximum == 0)
        #expect(pages.offset(frame: 0, of: 1) == .zero)
    }

    @Test("the replay drags by the layout's drag multiplier: a cover flow's 2, 1 elsewhere")
    func dragMultiplier() throws {
        let viewport = Size(width: 1280, height: 800)
        let coverflow = try #require(LayoutRegistry.shared.descriptor(named: "coverflow"))
        #expect(FlingScript(layout: coverflow.makeLayout(), viewport: viewport, cardCount: 100).dragMultiplier == 2)
        let values = try coverflow.values(setting: ["offsetMultiplier=0.5"])
        #expect(FlingScript(layout: coverflow.makeLayout(values), viewport: viewport, cardCount: 100).dragMultiplier == 0.5)
        #expect(FlingScript(layout: LayoutDescriptor.wheel.makeLayout(), viewport: viewport, cardCount: 100).dragMultiplier == 1)
    }
}
