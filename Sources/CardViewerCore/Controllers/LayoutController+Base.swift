import CardInteraction
import CardLayout
import CardMath

/// A controller built over one layout value, `base`: the content bounds, appearing and
/// disappearing attributes come straight from it (the dynamic state only changes resting
/// attributes).
protocol BaseLayoutController: LayoutController {
    associatedtype Base: CardLayout
    /// The layout at rest, without the controller's dynamic state.
    var base: Base { get }
}

extension BaseLayoutController {
    func maximumOffset(viewport: Size, cardCount: Int) -> Vec2 {
        base.maximumOffset(viewport: viewport, cardCount: cardCount)
    }

    func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        base.appearingAttributes(at: index, in: context)
    }

    func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        base.disappearingAttributes(for: attributes, in: context)
    }

    /// The base layout's paging or snapping, for controllers whose layout chooses where a
    /// released scroll rests (tasks, slidebox, wheel).
    func baseTargetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        let layout = base
        return { release in layout.targetOffset(for: release, in: LayoutContext(viewport: viewport, cardCount: cardCount)) }
    }
}
