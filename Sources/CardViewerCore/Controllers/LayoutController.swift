import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// One layout's behaviour in the viewer: its layout value with the dynamic state that gestures
/// set (a highlighted page, a lifted grid card…), and what taps, pans, long presses and wheel
/// notches do in it (SPEC §2).
///
/// Controllers are values: the session copies one before a change and hands both copies to
/// `ViewerScene.animateRelayout`, which animates every card from the old attributes to the new.
/// Dynamic state is kept by card id, never by index, so deck edits cannot make it point at the
/// wrong card; `index` arguments are positions in the deck passed alongside.
protocol LayoutController {
    /// Which layout this is.
    var kind: LayoutKind { get }
    /// The axis the content scrolls along.
    var scrollAxis: ScrollAxis { get }
    /// Whether the layout may tie cards in one plane (`CardLayout.mayTieCoplanarCards`): the
    /// packer then searches the frame for exact coplanar ties.
    var mayTieCoplanarCards: Bool { get }

    /// The attributes of card `index` with the dynamic state applied, content points.
    ///
    /// - Complexity: O(1).
    func attributes(at index: Int, in context: LayoutContext, deck: Deck) -> CardAttributes

    /// Appends the attributes of the cards that can be visible (deck indices, ids not yet set).
    ///
    /// - Complexity: O(k), k the cards that can be visible; no allocation once `out` has grown.
    func layoutVisible(in context: LayoutContext, deck: Deck, into out: inout [CardAttributes])

    /// Writes the instance records of the cards that can be visible straight from the layout
    /// (the bulk path: no `CardAttributes` in between) into `packer`, in the draw order of
    /// `ordering`, when the layout with the controller's state can (`InstanceWriting.canWriteInBulk`);
    /// returns false, writing nothing, when it cannot. Records carry deck indices as ids and
    /// layer 0: the caller gives them ids and pictures.
    ///
    /// - Complexity: O(k), k the candidates; no allocation once the packer has grown.
    func writeBulkRecords(into packer: BulkInstancePacker, deck: Deck, context: LayoutContext,
                          ordering: RenderOrdering) -> Bool

    /// The largest scroll offset the content allows.
    func maximumOffset(viewport: Size, cardCount: Int) -> Vec2

    /// The offsets the scroll physics keeps to (past them it rubber-bands): `0…maximumOffset`,
    /// except for a layout without ends (a wrapping carousel), whose physics never meets one.
    func scrollBounds(viewport: Size, cardCount: Int) -> (lower: Vec2, upper: Vec2)

    /// True while the controller's own state moves with time (cover flow 2's flip easing back):
    /// the session draws frame after frame.
    func isAnimating(at time: Double) -> Bool

    /// The layout's choice of where a released scroll rests (paging, snapping); `nil` for free
    /// scrolling. Captures the layout as it is now: ask again after a change.
    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset?

    /// Where an inserted card at `index` starts (UIKit's appearing attributes).
    func appearingAttributes(at index: Int, in context: LayoutContext) -> CardAttributes
    /// Where a deleted card goes from `attributes` (UIKit's disappearing attributes).
    func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes

    /// A resting scroll offset that shows card `index` (used to keep the user's place across
    /// layout switches and to bring appended or restored cards into view).
    func offset(showing index: Int, in context: LayoutContext) -> Vec2
    /// Where the deck scrolls before an appended card at `index` is inserted (A, the append's
    /// scroll step): by default the card's own place (`offset(showing:)`).
    func offset(insertingAt index: Int, in context: LayoutContext) -> Vec2
    /// Where the deck scrolls once the appended card at `index` has arrived, if it moves on.
    func offset(afterInsertingAt index: Int, in context: LayoutContext) -> Vec2?

    /// A resting offset near `offset` for the content as it is now (after a delete or resize).
    func settledOffset(_ offset: Vec2, in context: LayoutContext) -> Vec2

    /// The offset that keeps the user's place when the viewport changes from `old` to `viewport`.
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2

    /// Handles a recognized gesture; returns false to let the session treat it generically
    /// (pans and drags scroll, wheels scroll, the rest is ignored).
    mutating func handle(_ gesture: GestureEvent, in scene: inout ViewerScene) -> Bool

    /// Called once per frame with the frame's time step, seconds (grid auto-scroll).
    mutating func tick(_ dt: Double, in scene: inout ViewerScene)

    /// Esc: dismisses a highlighted card or cancels an interaction; false when nothing did.
    mutating func dismiss(in scene: inout ViewerScene) -> Bool

    /// Ends any interaction in progress without committing it (before a layout switch or quit):
    /// a lifted grid card returns to where it came from, a swipe springs back.
    mutating func cancelInteraction(in scene: inout ViewerScene)

    /// True while a finger-driven interaction (swipe, lift, front drag) is in progress; deck
    /// edits from keys wait until it ends.
    var isInteracting: Bool { get }

    /// The card shown opened (pages highlight, tasks open), if any.
    var highlightedCard: CardID? { get }

    /// Opens card `id` (or closes the open one when `nil`), animated; returns the animation's
    /// tag, `nil` when nothing changed or the layout has no such state.
    mutating func setHighlighted(_ id: CardID?, in scene: inout ViewerScene, timing: AnimationTiming) -> AnimationTag?

    /// Card `id` is about to leave the deck: forget any state that names it.
    mutating func forget(_ id: CardID)

    /// A wheel notch (offset points along the layout's axis, already mapped to it).
    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene)

    /// `values` with the options the controller changes at run time brought up to date (the
    /// wheel's radius after `[` and `]`), for the state file.
    func optionValues(_ values: LayoutOptionValues) -> LayoutOptionValues

    /// The current card where the layout defines it by the scroll position (SPEC §10: tasks'
    /// front-most card, SlideBox's front photo, the wheel's and the carousels' card at the
    /// centre) for the scroll offset in `context`; `nil` where the current card does not follow
    /// the scroll (pages, the grid, the standard layouts). See `LayoutController+CurrentCard.swift`.
    func centeredCard(in context: LayoutContext) -> Int?

    /// Cards the Up and Down arrows move the current card by (the grid: a row).
    func rowStep(viewport: Size) -> Int

    /// A key the layout view does not handle itself (e.g. `[` and `]` for the wheel's radius);
    /// `nil` when the layout has no use for it.
    mutating func handleKey(_ key: Key, in scene: inout ViewerScene) -> LayoutKeyEffect?

    /// The card lifted by the user's finger (the grid's long press), if any.
    var liftedCard: CardID? { get }

    /// What a single click on a card does in this layout (SPEC §10).
    var tapResponse: LayoutTapResponse { get }

    /// True when bringing a card into view means showing it whole along the scroll axis, not
    /// only among the cards on screen (the grid, whose rows half out of view are on screen).
    var revealsWholeCards: Bool { get }

    /// True when the arrows move the current card as a wheel notch turns the layout (the
    /// carousels: round the end of a wrapping deck, the shorter way), not card by card.
    var arrowsTurnLikeNotches: Bool { get }
}

/// What a key did in a layout (`LayoutController.handleKey`).
struct LayoutKeyEffect {
    /// The confirmation to show ("wheel radius 625 points"), if the change may not show.
    var message: String?
    /// True when the key changed what the state keeps of the layout (its options).
    var changesOptions: Bool
}

/// What a single click on a card does in a layout (SPEC §10).
enum LayoutTapResponse {
    /// Opens the card under the pointer (pages, tasks, the standard layouts).
    case opensCard
    /// Makes the card under the pointer current (the grid).
    case focusesCard
    /// Opens the front card, wherever the click was on the deck (SlideBox).
    case opensFrontCard
    /// Brings a side card to the centre; opens the card already there (the wheel, the carousels).
    case centersThenOpens
}

extension LayoutController {
    func targetOffset(viewport: Size, cardCount: Int) -> ScrollPhysics.TargetOffset? { nil }

    func offset(insertingAt index: Int, in context: LayoutContext) -> Vec2 { offset(showing: index, in: context) }

    func offset(afterInsertingAt index: Int, in context: LayoutContext) -> Vec2? { nil }

    func scrollBounds(viewport: Size, cardCount: Int) -> (lower: Vec2, upper: Vec2) {
        (.zero, maximumOffset(viewport: viewport, cardCount: cardCount))
    }

    func isAnimating(at time: Double) -> Bool { false }

    mutating func tick(_ dt: Double, in scene: inout ViewerScene) {}

    /// The offset unchanged, clamped to the new content.
    func offset(resizingFrom old: LayoutContext, to viewport: Size) -> Vec2 {
        settledOffset(old.offset, in: LayoutContext(viewport: viewport, cardCount: old.cardCount))
    }

    mutating func dismiss(in scene: inout ViewerScene) -> Bool {
        guard highlightedCard != nil else { return false }
        return setHighlighted(nil, in: &scene, timing: .standard) != nil
    }

    mutating func cancelInteraction(in scene: inout ViewerScene) {}

    var isInteracting: Bool { false }

    var highlightedCard: CardID? { nil }

    mutating func setHighlighted(_ id: CardID?, in scene: inout ViewerScene, timing: AnimationTiming) -> AnimationTag? {
        nil
    }

    mutating func forget(_ id: CardID) {}

    mutating func scrollWheel(by delta: Vec2, in scene: inout ViewerScene) {
        scene.physics.scrollWheel(by: delta)
    }

    mutating func handleKey(_ key: Key, in scene: inout ViewerScene) -> LayoutKeyEffect? { nil }

    var liftedCard: CardID? { nil }

    var tapResponse: LayoutTapResponse { .opensCard }

    var revealsWholeCards: Bool { false }

    var arrowsTurnLikeNotches: Bool { false }

    func optionValues(_ values: LayoutOptionValues) -> LayoutOptionValues { values }
}
