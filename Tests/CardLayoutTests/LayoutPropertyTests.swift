import CardLayout
import CardMath
import PropertyBased
import Testing

/// Properties every layout keeps for any input: no NaN or infinity anywhere, visible cards in
/// index order and inside the deck, targets inside the content — for 0, 1, 2 or millions of
/// cards, offsets far beyond either end, and viewports from 1×1 to 8K.
@Suite struct LayoutPropertyTests {
    static let specialCounts = [0, 1, 2, 3, 5_000_000]
    static let specialOffsets = [0, -1e12, 1e12, -1, 1e6, -0.5]

    /// Every built-in layout (the registry's built-in list).
    static let kinds = Gen.int(in: 0...(LayoutRegistry.builtIn.count - 1)).map { LayoutRegistry.builtIn[$0].kind }
    static let countPick = Gen.int(in: 0...9)
    static let rawCount = Gen.int(in: 0...3_000_000)
    static let offsetPick = Gen.int(in: 0...11)
    static let rawOffset = Gen.double(in: -1e12...1e12)
    static let width = Gen.int(in: 1...7680)
    static let height = Gen.int(in: 1...4320)
    static let state = Gen.double(in: -3000...3000)

    /// A count: one of the special ones, or a random one (small or large).
    static func count(_ pick: Int, _ raw: Int) -> Int {
        pick < specialCounts.count ? specialCounts[pick] : (pick % 2 == 0 ? raw % 50 : raw)
    }

    /// An offset: one of the special ones, or a random one.
    static func offset(_ pick: Int, _ raw: Double) -> Double {
        pick < specialOffsets.count ? specialOffsets[pick] : (pick % 2 == 0 ? raw / 1e8 : raw)
    }

    /// The layout of `kind`, with its dynamic state set from `value` when `withState` is true.
    static func layout(_ kind: LayoutKind, count: Int, state value: Double, withState: Bool) -> any CardLayout {
        guard withState else { return kind.makeLayout() }
        let index = count > 0 ? Int(abs(value).rounded()) % count : 0
        switch kind {
        case .pages:
            var pages = PagesLayout()
            pages.highlightedIndex = index
            pages.swipe = (index: max(index - 1, 0), dx: value)
            return pages
        case .slidebox:
            return SlideBoxLayout(frontDrag: Vec2(value / 3, -abs(value)))
        case .grid:
            return GridLayout(lifted: (index: index, position: Vec2(value, value * 7)))
        case .wheel:
            return WheelLayout(radius: abs(value) + 1)
        default:
            return kind.makeLayout()
        }
    }

    static func check(_ layout: any CardLayout, context: LayoutContext, velocity: Double) {
        let n = context.cardCount
        let content = layout.contentSize(viewport: context.viewport, cardCount: n)
        #expect(content.width.isFinite && content.height.isFinite && content.width >= 0 && content.height >= 0)
        let maximum = layout.maximumOffset(viewport: context.viewport, cardCount: n)
        #expect(maximum.x.isFinite && maximum.y.isFinite)

        let visible = layout.visibleAttributes(in: context)
        for card in visible {
            #expect(LayoutTestSupport.isFinite(card, offset: context.offset), "\(layout.name) card \(card.index)")
            #expect(card.index >= 0 && card.index < n)
        }
        let indices = visible.map(\.index)
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 }, "\(layout.name): \(indices)")
        #expect(Set(indices).isSubset(of: Set(layout.candidateRange(in: context).clamped(to: 0..<max(n, 0))))
                || layout is PagesLayout || layout is GridLayout  // their hulls may be skipped, never exceeded
                || (layout as? CarouselLayout).map { Self.isWrappedRun(indices, $0, context) } == true)
        let range = layout.candidateRange(in: context)
        #expect(range.lowerBound >= 0 && range.upperBound <= n)

        let axis = layout.scrollAxis == .vertical ? Vec2(0, 1) : Vec2(1, 0)
        let release = ScrollRelease(current: context.offset, proposed: context.offset + axis * velocity * 0.5,
                                    velocity: axis * velocity, dragStart: context.offset - axis * velocity * 0.01)
        let target = layout.targetOffset(for: release, in: context)
        #expect(target.x.isFinite && target.y.isFinite)
        #expect(target.x >= 0 && target.x <= maximum.x && target.y >= 0 && target.y <= maximum.y,
                "\(layout.name): target \(target) max \(maximum)")

        if n > 0 {
            let index = visible.first?.index ?? 0
            let appearing = layout.appearingAttributes(at: index, in: context)
            #expect(LayoutTestSupport.isFinite(appearing, offset: context.offset))
            let disappearing = layout.disappearingAttributes(for: layout.attributes(at: index, in: context), in: context)
            #expect(LayoutTestSupport.isFinite(disappearing, offset: context.offset))
        }
    }

    /// A wrapping carousel's run that crosses the deck's end: its candidate range is the piece
    /// holding the current card, the other piece starts at 0 (`CarouselLayout.candidateRange`).
    static func isWrappedRun(_ indices: [Int], _ layout: CarouselLayout, _ context: LayoutContext) -> Bool {
        let range = layout.candidateRange(in: context)
        let g = layout.geometry(viewport: context.viewport, cardCount: context.cardCount)
        let outside = indices.filter { !range.contains($0) }
        let run = layout.visibleRun(in: context, geometry: g)
        return g.wraps && run.first + run.count > context.cardCount
            && outside.allSatisfy { $0 < run.first + run.count - context.cardCount || $0 >= run.first }
    }

    @Test func everyLayoutStaysFiniteAndOrdered() async {
        await propertyCheck(count: 400, input: Self.kinds, Self.countPick, Self.rawCount, Self.offsetPick, Self.rawOffset,
                            Self.width, Self.height, Self.state) { kind, countPick, rawCount, offsetPick, rawOffset, w, h, velocity in
            let n = Self.count(countPick, rawCount)
            let along = Self.offset(offsetPick, rawOffset)
            let layout = kind.makeLayout()
            let offset = layout.scrollAxis == .vertical ? Vec2(0, along) : Vec2(along, 0)
            let context = LayoutContext(viewport: Size(width: Double(w), height: Double(h)), cardCount: n, offset: offset)
            Self.check(layout, context: context, velocity: velocity * 10)
        }
    }

    @Test func dynamicStatesStayFiniteAndOrdered() async {
        await propertyCheck(count: 400, input: Self.kinds, Self.countPick, Self.rawCount, Self.offsetPick, Self.rawOffset,
                            Self.width, Self.height, Self.state) { kind, countPick, rawCount, offsetPick, rawOffset, w, h, value in
            let n = Self.count(countPick, rawCount)
            let along = Self.offset(offsetPick, rawOffset)
            let layout = Self.layout(kind, count: n, state: value, withState: true)
            let offset = layout.scrollAxis == .vertical ? Vec2(value / 100, along) : Vec2(along, value / 100)
            let context = LayoutContext(viewport: Size(width: Double(w), height: Double(h)), cardCount: n, offset: offset)
            Self.check(layout, context: context, velocity: value)
        }
    }

    /// The per-frame query never walks the deck: its candidates are few whatever the count.
    @Test func candidatesDoNotGrowWithTheDeck() async {
        await propertyCheck(count: 200, input: Self.kinds, Self.rawOffset) { kind, raw in
            let layout = kind.makeLayout()
            let along = abs(raw) / 1e6
            let offset = layout.scrollAxis == .vertical ? Vec2(0, along) : Vec2(along, 0)
            let small = LayoutContext(viewport: LayoutTestSupport.viewport, cardCount: 1_000_000, offset: offset)
            let huge = LayoutContext(viewport: LayoutTestSupport.viewport, cardCount: 100_000_000, offset: offset)
            #expect(layout.candidateRange(in: small).count <= 64)
            #expect(layout.candidateRange(in: small) == layout.candidateRange(in: huge))
            #expect(layout.candidateRange(in: huge).count <= 64)
        }
    }
}
