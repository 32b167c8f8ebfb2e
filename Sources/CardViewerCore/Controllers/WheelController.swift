import CardEvents
import CardInteraction
import CardLayout
import CardMath

/// The spinning wheel (SPEC §2.5): horizontal drags and flings turn the wheel, which comes to
/// rest on a whole card (rounded in the direction it was turning); `[` and `]` make the radius
/// smaller and larger, and every card animates to the new wheel.
struct WheelController: BaseLayoutController {
    var base = WheelLayout()

    /// Each `[` divides the radius by this, each `]` multiplies it.
    static let radiusFactor = 1.25
    /// The radius stays within these, points.
    static var radiusRange: ClosedRange<Double> { WheelLayout.radiusRange }

    var kind = LayoutKind.wheel
    var scrollAxis: ScrollAxis { .horizontal }

    func stateLayout(for deck: Deck, in context: LayoutContext) -> WheelLayout? { base }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        base.attributes(at: index, in: context)
    }

    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        base.layoutVisible(in: context, into: &out)
    }

    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        baseTargetOffset(viewport: viewport, cardCount: cardCount)
    }

    /// The offset that brings the card to the top of the wheel.
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        let step = base.cardStep(viewport: context.viewport, cardCount: context.cardCount) ?? 0
        return settledOffset(Vec2(Double(index) * step, 0), in: context)
    }

    /// The same card at the top.
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        guard let step = base.cardStep(viewport: old.viewport, cardCount: old.cardCount) else { return .zero }
        let card = (old.offset.x / step).rounded()
        return offset(showing: card.isFinite ? Int(clamp(card, 0, 1e9)) : 0,
                      in: LayoutContext(viewport: viewport, cardCount: old.cardCount))
    }

    /// The radius as `[` and `]` left it.
    func optionValues(_ values: LayoutOptionValues) -> LayoutOptionValues {
        var values = values
        if values["radius"] != base.radius { try? values.set("radius", to: base.radius) }
        return values
    }

    /// Wheels and trackpads turn the wheel (the session has already mapped vertical wheels to x).
    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool { false }

    /// `[` shrinks the radius, `]` grows it, animated; the same card stays at the top. The
    /// message says the radius, and when a key met a limit, which one.
    mutating func handleKey(_ key: Key, in scene: inout ViewerScene) -> LayoutKeyEffect? {
        let factor: Double
        switch key {
        case .character("["): factor = 1 / Self.radiusFactor
        case .character("]"): factor = Self.radiusFactor
        default: return nil
        }
        let before = base.radius
        let radius = min(max(base.radius * factor, Self.radiusRange.lowerBound), Self.radiusRange.upperBound)
        if radius != base.radius {
            let old = scene.snapshot(self)
            base.radius = radius
            scene.updateScrollBounds(for: self)
            scene.animateRelayout(from: old, to: self, timing: AnimationTiming(duration: 0.35, curve: .easeInOut))
        }
        let limit = radius == before ? (before >= Self.radiusRange.upperBound ? " (the largest)" : " (the smallest)") : ""
        return LayoutKeyEffect(message: "wheel radius \(Int(base.radius.rounded())) points" + limit, changesOptions: true)
    }

    var tapResponse: LayoutTapResponse { .centersThenOpens }
}
