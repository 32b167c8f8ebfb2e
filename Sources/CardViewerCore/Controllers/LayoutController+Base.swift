import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// A controller built over one layout value, `base`: the content bounds, appearing and
/// disappearing attributes come straight from it (the dynamic state only changes resting
/// attributes), and so does the bulk path of a frame: the layout, with the controller's state,
/// writes the frame's instance records itself when its writer applies (`InstanceWriting`).
///
/// One concept per layout kind: `LayoutKind.makeLayout()` makes the resting layout for tools
/// without a session; the controller (`ViewerSession.makeController`) keeps its own typed layout
/// and hands it to the packer here, so the viewer's fast path is the user's path.
protocol BaseLayoutController: LayoutController {
    associatedtype Base: InstanceWriting
    /// The layout at rest, without the controller's dynamic state.
    var base: Base { get }

    /// The layout with the controller's dynamic state applied, as it lays out the cards of
    /// `deck`; `nil` when the state is not part of the layout value (a card opened over the
    /// task switcher), so only the generic path can draw it.
    func stateLayout(for deck: Deck, in context: LayoutContext) -> Base?
}

extension BaseLayoutController {
    /// The base layout's (its dynamic states — a lifted, highlighted, swiped or dragged card —
    /// lift the card out of the others' planes or move it within its own).
    var mayTieCoplanarCards: Bool { base.mayTieCoplanarCards }

    func writeBulkRecords(into packer: BulkInstancePacker, deck: Deck, context: LayoutContext,
                          ordering: RenderOrdering) -> Bool {
        guard let layout = stateLayout(for: deck, in: context), layout.canWriteInBulk(in: context) else { return false }
        // Specialised for `Base`: the writer's loop runs without dynamic dispatch per card.
        packer.writeRecords(layout, scope: .visible, in: context, ordering: ordering, layerCount: 0)
        return true
    }

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
