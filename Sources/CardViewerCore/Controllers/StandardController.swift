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
    var mayTieCoplanarCards: Bool { layout.mayTieCoplanarCards }

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

    /// Drags follow the pointer (the session's own handling), except a layout whose drags are
    /// scaled (`dragMultiplier`: a layout file's `offsetMultiplier`): the physics then follows a
    /// pointer whose movement along the axis is multiplied, and so is its velocity at release,
    /// as in the carousels.
    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool {
        let m = layout.dragMultiplier
        guard m != 1, m.isFinite, m > 0 else { return false }
        let phase: GesturePhase, position: Vec2, pressedAt: Vec2, velocity: Vec2
        switch gesture {
        case .pan(let pan): (phase, position, pressedAt, velocity) = (pan.phase, pan.position, pan.startPosition, pan.velocity)
        case .longPress(let press):
            (phase, position, pressedAt, velocity) = (press.phase, press.position, press.startPosition, press.velocity)
        default: return false
        }
        func scaled(_ v: Vec2) -> Vec2 { scrollAxis == .vertical ? Vec2(v.x, v.y * m) : Vec2(v.x * m, v.y) }
        switch phase {
        case .began: scene.physics.beginDrag(at: scaled(position), pressedAt: scaled(pressedAt))
        case .changed: scene.physics.drag(to: scaled(position))
        case .ended: scene.physics.endDrag(pointerVelocity: scaled(velocity))
        case .cancelled: scene.physics.cancelDrag()
        }
        return true
    }
}
