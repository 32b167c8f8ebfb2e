import CardLayout
import CardMath
import Foundation
import Testing

/// The cards a carousel lays out (iCarousel's `updateNumberOfVisibleItems`, `loadUnloadViews`),
/// its default `count`, its order of coplanar cards (`compareViewDepth`) and where it rests.
@Suite struct CarouselVisibleSetTests {
    static let viewport = Size(width: 1280, height: 800)

    /// The visible count written out for the 1280 × 800 viewport, 256-point slots (160 vertical).
    static func expectedVisibleCount(_ type: CarouselType, n: Int, vertical: Bool = false) -> Int {
        let w = vertical ? 160.0 : 256, extent = vertical ? 800.0 : 1280
        let count = Double(ICarouselReference.circularCount(width: extent, itemWidth: w, spacing: 1, items: n))
        let visible: Double = switch type {
        case .linear: ceil(extent / w) + 2
        case .coverflow, .coverflow2: ceil(extent / (w * 0.25)) + 2
        case .rotary, .cylinder: count
        case .rotaryInverted, .cylinderInverted: ceil(count / 2)
        case .wheel, .wheelInverted: w * count / (2 * .pi) - w / 2 < 400 ? count : ceil(count / 2) + 1
        case .timeMachine, .timeMachineInverted: 30
        }
        return min(n, min(30, Int(visible)))
    }

    @Test("the default count is min(n, 30, max(12, ⌈W/(spacing·w)⌉·π)), truncated")
    func defaultCount() {
        let layout = CarouselLayout(type: .rotary)
        #expect(layout.geometry(viewport: Self.viewport, cardCount: 100).count == 15)  // ⌈5⌉·π = 15.7
        #expect(layout.geometry(viewport: Self.viewport, cardCount: 8).count == 8)
        #expect(layout.geometry(viewport: Size(width: 300, height: 800), cardCount: 100).count == 12)
        #expect(layout.geometry(viewport: Size(width: 2560, height: 800), cardCount: 100).count == 30)  // 10π capped
        var vertical = CarouselOptions(type: .rotary)
        vertical.vertical = true
        // Vertical: H = 800 and the slot is the card's height, 160: ⌈5⌉·π again.
        #expect(CarouselLayout(type: .rotary, options: vertical).geometry(viewport: Self.viewport, cardCount: 100).count == 15)
        for n in [3, 40] {
            #expect(layout.geometry(viewport: Self.viewport, cardCount: n).count
                    == Double(ICarouselReference.circularCount(width: 1280, itemWidth: 256, spacing: 1, items: n)))
        }
    }

    @Test("the visible count of every type, capped, overridden by visibleItems, capped at n", arguments: CarouselType.allCases)
    func visibleCounts(type: CarouselType) throws {
        for n in [3, 10, 100] {
            for vertical in [false, true] {
                var options = CarouselOptions(type: type)
                options.vertical = vertical
                let g = CarouselLayout(type: type, options: options).geometry(viewport: Self.viewport, cardCount: n)
                #expect(g.visibleCount == Self.expectedVisibleCount(type, n: n, vertical: vertical), "\(type) n \(n) vertical \(vertical)")
            }
            var options = CarouselOptions(type: type)
            options.visibleItems = 5
            #expect(CarouselLayout(type: type, options: options).geometry(viewport: Self.viewport, cardCount: n).visibleCount == min(5, n))
        }
    }

    /// `loadUnloadViews`' indices written out: N from round(s) − ⌊N/2⌋, moved into the deck or
    /// taken modulo n, less alpha 0.
    static func expectedIndices(_ layout: CarouselLayout, n: Int, s: Double) -> [Int] {
        let g = layout.geometry(viewport: viewport, cardCount: n)
        let count = g.visibleCount
        let wraps = layout.options.wrap
        var current = Int(s.rounded())
        current = wraps ? ((current % n) + n) % n : min(max(current, 0), n - 1)
        var first = current - count / 2
        if !wraps { first = max(0, min(n - 1 - count + 1, first)) }
        var indices: [Int] = []
        for k in 0..<count {
            let index = wraps ? (((first + k) % n) + n) % n : first + k
            let o = ICarouselReference.offset(index: index, scroll: s, count: n, wraps: wraps)
            let o2 = layout.type == .timeMachineInverted || layout.type == .timeMachine ? o : 0
            let alpha = ICarouselReference.alpha(offset: o2, fadeMin: layout.options.fadeMin, fadeMax: layout.options.fadeMax, fadeRange: 1)
            if alpha > 0 { indices.append(index) }
        }
        return indices.sorted()
    }

    @Test("the visible set is the run round(s) − ⌊N/2⌋ … , in the deck or wrapped, less alpha 0", arguments: CarouselType.allCases)
    func visibleSet(type: CarouselType) {
        let layout = CarouselLayout(type: type)
        for n in [5, 13, 60] {
            for s in [0.0, 0.45, 2.6, 7.2, 11.5, 30.4, 58.9, -0.7, Double(n) + 0.2] {
                let w = layout.geometry(viewport: Self.viewport, cardCount: n).itemWidth
                let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2(s * w, 0))
                let got = layout.visibleAttributes(in: context).map(\.index)
                let sWrapped = layout.options.wrap ? s - floor(s / Double(n)) * Double(n) : s
                #expect(got == Self.expectedIndices(layout, n: n, s: sWrapped), "\(type) n \(n) s \(s)")
                // The candidate range is a run within the deck, of at most the visible count.
                let range = layout.candidateRange(in: context)
                #expect(range.lowerBound >= 0 && range.upperBound <= n && range.count <= layout.geometry(viewport: Self.viewport, cardCount: n).visibleCount)
            }
        }
    }

    @Test("the work per frame does not grow with the deck")
    func independentOfTheDeck() {
        for type in CarouselType.allCases {
            let layout = CarouselLayout(type: type)
            let small = LayoutContext(viewport: Self.viewport, cardCount: 1_000, offset: Vec2(500 * 256.3, 0))
            let huge = LayoutContext(viewport: Self.viewport, cardCount: 50_000_000, offset: Vec2(500 * 256.3, 0))
            #expect(layout.visibleAttributes(in: small).map(\.index) == layout.visibleAttributes(in: huge).map(\.index), "\(type)")
            #expect(layout.visibleAttributes(in: huge).count <= 30)
        }
    }

    /// Whether `a` is in front of `b` by `compareViewDepth`: the larger z of (1, 1, 1); on exact
    /// ties the one nearer the current card along the scroll axis.
    static func inFront(_ a: ICarouselReference.M, _ b: ICarouselReference.M, current: ICarouselReference.M, vertical: Bool) -> Bool? {
        let difference = ICarouselReference.depthKey(a) - ICarouselReference.depthKey(b)
        if difference != 0 { return difference > 0 }
        let key = vertical ? ICarouselReference.yKey : ICarouselReference.xKey
        let da = abs(key(a) - key(current)), db = abs(key(b) - key(current))
        return da == db ? nil : da < db
    }

    @Test("depthBias and zIndex keep compareViewDepth's order, coplanar ties by nearness to the current card",
          arguments: [(CarouselType.wheel, ["spacing=1"]), (.wheelInverted, []), (.linear, ["spacing=0.5"]),
                      (.linear, ["spacing=0.5", "vertical=true"]), (.coverflow, []), (.coverflow2, []), (.rotary, []),
                      (.cylinder, []), (.timeMachine, [])])
    func depthOrder(type: CarouselType, set: [String]) throws {
        let descriptor = try #require(LayoutRegistry.shared.descriptor(named: type.name))
        let layout = try #require(descriptor.makeLayout(try descriptor.values(setting: set)) as? CarouselLayout)
        let vertical = layout.options.vertical
        let n = 20
        for s in [6.0, 6.3, 9.5] {
            let g = layout.geometry(viewport: Self.viewport, cardCount: n)
            let offset = vertical ? Vec2(0, s * g.itemWidth) : Vec2(s * g.itemWidth, 0)
            let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: offset)
            let cards = layout.visibleAttributes(in: context)
            #expect(cards.count > 3)
            let current = Int(s.rounded())
            let currentMatrix = ICarouselReference.transpose(layout.attributes(at: current, in: context).transform)
            for a in cards {
                for b in cards where a.index != b.index {
                    guard let front = Self.inFront(ICarouselReference.transpose(a.transform), ICarouselReference.transpose(b.transform),
                                                   current: currentMatrix, vertical: vertical) else { continue }
                    #expect((a.depthBias > b.depthBias) == front, "\(type) s \(s): \(a.index) vs \(b.index)")
                    #expect((a.zIndex > b.zIndex) == front, "\(type) s \(s): zIndex \(a.index) vs \(b.index)")
                }
            }
        }
    }

    @Test("releases rest on whole cards, in the deck or wrapped")
    func resting() {
        let linear = CarouselLayout(type: .linear)
        let context = LayoutContext(viewport: Self.viewport, cardCount: 10)
        #expect(linear.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(3.4 * 256, 0)), in: context) == Vec2(3 * 256, 0))
        #expect(linear.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(3.6 * 256, 0)), in: context) == Vec2(4 * 256, 0))
        #expect(linear.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(40 * 256, 0)), in: context) == Vec2(9 * 256, 0))
        #expect(linear.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(-3 * 256, 0)), in: context) == .zero)
        let rotary = CarouselLayout(type: .rotary)
        #expect(rotary.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(-1.2 * 256, 0)), in: context) == Vec2(9 * 256, 0))
        #expect(rotary.targetOffset(for: ScrollRelease(current: .zero, proposed: Vec2(12.4 * 256, 0)), in: context) == Vec2(2 * 256, 0))
        // Content: (n − 1)·w plus the viewport, n·w when wrapping.
        #expect(linear.contentSize(viewport: Self.viewport, cardCount: 10).width == 9 * 256 + 1280)
        #expect(rotary.contentSize(viewport: Self.viewport, cardCount: 10).width == 10 * 256 + 1280)
    }

    @Test("cover flow 2's toggle jumps against the change and eases back to 0 in 0.2–0.4 s")
    func toggleEasing() {
        var toggle = CoverFlowToggle()
        #expect(toggle.value(at: 5) == 0)
        toggle.currentCardChanged(by: 1, at: 10, speed: 0)  // 0.4 s at rest
        #expect(toggle.value(at: 10) == -1)
        for t in [0.05, 0.1, 0.2, 0.3, 0.39] {
            let x = t / 0.4
            let ease = x < 0.5 ? 0.5 * pow(x * 2, 3) : 0.5 * pow(x * 2 - 2, 3) + 1
            #expect(abs(toggle.value(at: 10 + t) - (ease - 1)) < 1e-12)
        }
        #expect(toggle.value(at: 10.4) == 0 && !toggle.isMoving(at: 10.5))
        toggle.currentCardChanged(by: -2, at: 20, speed: 4)  // fast: 0.2 + 0.2/4 = 0.25 s
        #expect(toggle.value(at: 20) == 1)
        #expect(toggle.value(at: 20.125) == 0.5 && toggle.value(at: 20.25) == 0)
        toggle.currentCardChanged(by: 1, at: 30, speed: 0.5)  // slow: 0.4 s
        #expect(abs(toggle.value(at: 30.2) + 0.5) < 1e-12)
    }
}

extension ICarouselReference {
    /// Our column-vector matrix as Core Animation's row-vector one.
    static func transpose(_ m: Mat4) -> M { (0..<4).map { i in (0..<4).map { j in m.row(j)[i] } } }
}
