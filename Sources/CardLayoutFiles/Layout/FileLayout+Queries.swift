import CardLayout
import CardMath

/// The `CardLayout` queries: one card, the candidates, the visible cards, where a scroll rests.
extension FileLayout {
    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        withFrame(context) { frame, registers, stack in
            guard let frame else {
                return CardAttributes(index: index, center: .zero, size: Size(width: 1, height: 1), alpha: 0, isHidden: true)
            }
            return card(index, frame: frame, context: context, registers: registers, stack: stack)
        }
    }

    /// The indices whose `o` lies in the `visible` range (all within `maximumCandidates / 2`
    /// cards of the current one when the file gives none). Where the layout wraps and the run
    /// crosses the deck's end, the hull `0..<n`; `layoutVisible` visits the two pieces only.
    ///
    /// - Complexity: O(1).
    public func candidateRange(in context: LayoutContext) -> Range<Int> {
        if let base = model.base { return base.candidateRange(in: context) }
        return withFrame(context) { frame, _, _ in
            guard let frame, frame.isUsable else { return 0..<0 }
            let pieces = runs(frame)
            guard let first = pieces.0 else { return 0..<0 }
            guard let second = pieces.1 else { return first }
            return min(first.lowerBound, second.lowerBound)..<max(first.upperBound, second.upperBound)
        }
    }

    /// The candidates in index order. With a `visible` range (the file says which cards are
    /// drawn, as iCarousel's run does): each card of the range whose alpha is above 0, a card
    /// turned away or hidden coming marked hidden — the built-in carousels' set. Without one
    /// (up to `maximumCandidates` cards): those `Culling.isVisible` passes (transformed bounds).
    ///
    /// - Complexity: O(k), k the candidates (at most `maximumCandidates`); allocates nothing
    ///   beyond `out`'s growth.
    public func layoutVisible(in context: LayoutContext, into out: inout [CardAttributes]) {
        layoutCandidates(in: context, into: &out, culled: model.program.visible == nil)
    }

    /// Appends the attributes of every candidate whose alpha is above 0, in index order;
    /// `culled` keeps only those `Culling.isVisible` passes.
    ///
    /// - Complexity: O(k), k the candidates; allocates nothing beyond `out`'s growth.
    public func layoutCandidates(in context: LayoutContext, into out: inout [CardAttributes], culled: Bool = false) {
        let camera = context.camera
        withFrame(context) { frame, registers, stack in
            guard let frame, frame.isUsable else { return }
            func visit(_ range: Range<Int>?) {
                guard let range else { return }
                for index in range {
                    let attributes = card(index, frame: frame, context: context, registers: registers, stack: stack)
                    if culled ? Culling.isVisible(attributes, offset: context.offset, camera: camera) : attributes.alpha > 0 {
                        out.append(attributes)
                    }
                }
            }
            if model.base != nil {
                visit(model.base?.candidateRange(in: context))
                return
            }
            let pieces = runs(frame)
            visit(pieces.0)
            visit(pieces.1)
        }
    }

    /// The indices with `o` in `lo…hi`, as one or two runs in index order (two where a wrapping
    /// run crosses the deck's end), at most `maximumCandidates` cards and at most the deck.
    func runs(_ frame: FileLayoutFrame) -> (Range<Int>?, Range<Int>?) {
        let n = frame.n
        guard n > 0, frame.lo <= frame.hi else { return (nil, nil) }
        let first = (frame.s + frame.lo).rounded(.up), last = (frame.s + frame.hi).rounded(.down)
        guard first.isFinite, last.isFinite, first <= last else { return (nil, nil) }
        if !model.wraps {
            let range = clampedIndexRange(from: first, through: last, count: n)
            return (range.isEmpty ? nil : range, nil)
        }
        let count = min(Int(last - first) + 1, n)
        let start = Int(ExpressionFunction.apply(.mod, first, Double(n)))
        let end = start + count
        if end <= n { return (start..<end, nil) }
        return (0..<(end - n), start..<n)
    }

    /// Where a released scroll rests: with `snap` > 0, on a multiple of `snap` cards, rounded in
    /// the velocity's direction (to the nearest at rest); within the content unless it wraps.
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        if let base = model.base { return base.targetOffset(for: release, in: context) }
        let free = model.wraps ? release.proposed : clampedOffset(release.proposed, in: context)
        guard model.definition.snap > 0, let w = slot(viewport: context.viewport, cardCount: context.cardCount)?.w,
              free.x.isFinite, free.y.isFinite else {
            return free.x.isFinite && free.y.isFinite ? free : clampedOffset(release.proposed, in: context)
        }
        let axis = scrollAxis
        let step = model.definition.snap * w
        let units = axis.component(of: release.proposed) / step
        let velocity = axis.component(of: release.velocity)
        let k = velocity > 0 ? (units - 1e-6).rounded(.up) : velocity < 0 ? (units + 1e-6).rounded(.down) : units.rounded()
        var along = k * step
        if !model.wraps {
            let limit = axis.component(of: maximumOffset(viewport: context.viewport, cardCount: context.cardCount))
            along = min(max(along, 0), limit)
        }
        guard along.isFinite else { return clampedOffset(release.proposed, in: context) }
        return axis == .vertical ? Vec2(free.x, along) : Vec2(along, free.y)
    }
}
