import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The controller of a layout without gestures of its own (`LayoutBehavior.Interaction
/// .standard`, and any interaction whose controller needs a layout type the descriptor does not
/// make: `ControllerTable`): drags and flings scroll it, wheels scroll it, a click opens the card
/// under it, and a released scroll rests where the layout's `targetOffset` says when its
/// behaviour pages or snaps. Every layout added as a folder and a registry line, and every
/// layout file, gets this controller.
///
/// It draws through the generic path (attributes, then packing): a bulk record writer
/// (`InstanceWriting`) is an optional speed-up that only the controllers over a typed layout
/// (`BaseLayoutController`) hand to the packer.
struct StandardController: LayoutController {
    let kind: LayoutKind
    /// The layout with the user's options.
    let layout: any CardLayout
    let resting: LayoutBehavior.Resting

    var scrollAxis: ScrollAxis { layout.scrollAxis }

    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes {
        layout.attributes(at: index, in: context)
    }

    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes]) {
        layout.layoutVisible(in: context, into: &out)
    }

    func writeBulkRecords(into packer: BulkInstancePacker, deck: Deck, context: LayoutContext,
                          ordering: RenderOrdering) -> Bool {
        false
    }

    func maximumOffset(viewport: Size, cardCount: Int) -> Vec2 {
        layout.maximumOffset(viewport: viewport, cardCount: cardCount)
    }

    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? {
        guard resting != .free else { return nil }
        let layout = layout
        return { release in layout.targetOffset(for: release, in: LayoutContext(viewport: viewport, cardCount: cardCount)) }
    }

    func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        layout.appearingAttributes(at: index, in: context)
    }

    func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        layout.disappearingAttributes(for: attributes, in: context)
    }

    /// The offset that brings the card's centre to the viewport's centre along the scroll
    /// axis, where the layout rests (content points).
    func offset(showing index: Int, in context: LayoutContext) -> Vec2 {
        guard index >= 0, index < context.cardCount else { return settledOffset(.zero, in: context) }
        let center = layout.attributes(at: index, in: LayoutContext(viewport: context.viewport, cardCount: context.cardCount)).center
        let proposed = scrollAxis == .vertical
            ? Vec2(0, center.y - context.viewport.height / 2)
            : Vec2(center.x - context.viewport.width / 2, 0)
        let settled = settledOffset(proposed, in: context)
        guard resting != .free else { return settled }
        return layout.targetOffset(for: ScrollRelease(current: settled, proposed: settled), in: context)
    }

    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool { false }
}
