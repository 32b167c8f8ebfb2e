import CardInteraction
import CardLayout
import CardMath

/// What every layout controller works on: the deck, the viewport, the scroll physics, the
/// animator and the session's clock.
///
/// The viewport is in points; the scroll offset (`physics.offset`) in content points; `time` in
/// seconds on the session's clock, which the animator's times are on too.
struct ViewerScene {
    /// The cards in order, with the user's edits.
    var deck: Deck
    /// The viewport the layouts see, points; the last non-empty one while the window is minimised.
    var viewport: Size
    /// The scroll offset and its motion, on the current layout's axis.
    var physics: ScrollPhysics
    /// Running card animations, in content points.
    var animator = Animator()
    /// The session's clock, seconds.
    var time = 0.0
    /// Cards in the deck that are not shown yet (an appended card waits for its insert animation).
    var hidden: Set<CardID> = []
    /// Grows by one with every change to the deck that should be saved.
    var deckRevision = 0
    /// The shared camera's distance from the plane z = 0 now, points: the layout's preferred
    /// one (`LayoutDescriptor.preferredEyeDistance`) or `--camera-distance`, on its way to a new
    /// layout's while a switch animates it (`eyeDistanceAnimation`). Setting it stops that.
    var eyeDistance: Double {
        get { eyeDistanceAnimation?.value(at: time) ?? restingEyeDistance }
        set {
            restingEyeDistance = newValue
            eyeDistanceAnimation = nil
        }
    }
    /// Where the eye distance rests (the end of a running animation), points.
    private(set) var restingEyeDistance = Camera.defaultEyeDistance
    /// The eye distance's animation after a layout switch, `nil` when none has run since it was set.
    private(set) var eyeDistanceAnimation: EyeDistanceAnimation?
    /// The pointer's last known position, viewport points.
    var pointer = Vec2.zero
    /// Cards swiped up in SlideBox with `swipeUp=reject`, for the session to reject (SPEC §10).
    var swipedToReject: [CardID] = []
    /// Reused by hit-testing, so a tap does not allocate a new list of cards.
    private var scratch: [CardAttributes] = []

    init(deck: Deck, viewport: Size, physics: ScrollPhysics) {
        self.deck = deck
        self.viewport = viewport
        self.physics = physics
    }

    /// The layout context now: viewport, card count, scroll offset, eye distance and the scroll's
    /// velocity (content points per second; layout files read it as `v`).
    var context: LayoutContext {
        var context = LayoutContext(viewport: viewport, cardCount: deck.count, offset: physics.offset, eyeDistance: eyeDistance)
        context.scrollVelocity = physics.velocity
        return context
    }

    /// True while the eye distance moves (a frame later shows another camera).
    var eyeDistanceAnimates: Bool { eyeDistanceAnimation.map { time < $0.end } ?? false }

    /// Moves the eye distance from where it is now to `target` (points) over `timing`, from now;
    /// nothing when it rests there already.
    mutating func animateEyeDistance(to target: Double, timing: AnimationTiming) {
        let now = eyeDistance
        guard target != restingEyeDistance || now != target else { return }
        restingEyeDistance = target
        eyeDistanceAnimation = now == target ? nil : EyeDistanceAnimation(from: now, to: target, start: time, timing: timing)
    }

    /// Records a change to the deck that the state file must get.
    mutating func deckDidChange() { deckRevision += 1 }

    // MARK: Frames

    /// Replaces `out` with what the screen shows now: the controller's visible cards with their
    /// ids (hidden ones marked hidden), overlaid with the running animations.
    ///
    /// - Complexity: O(k) for k visible cards when nothing animates; no allocation once `out`
    ///   has grown (the animator allocates while cards it moves are off the visible list).
    func presentedCards(of controller: some LayoutController, into out: inout [CardAttributes]) {
        out.removeAll(keepingCapacity: true)
        guard !viewport.isEmpty else { return }
        controller.layoutVisible(in: context, deck: deck, into: &out)
        assignIDs(&out)
        animator.apply(at: time, to: &out)
    }

    /// Sets each card's id from the deck (layouts number cards by index) and hides the cards
    /// that wait for their insert animation.
    func assignIDs(_ cards: inout [CardAttributes]) {
        let count = deck.count
        for i in cards.indices {
            let index = cards[i].index
            guard index >= 0, index < count else { continue }
            let id = deck[index].id
            cards[i].id = id
            if !hidden.isEmpty, hidden.contains(id) { cards[i].isHidden = true }
        }
    }

    /// The card of the deck shown under viewport point `point` (exact: a ray through the real
    /// transforms, what the depth buffer shows), or `nil`. Cards on their way out do not count.
    ///
    /// - Complexity: O(k), k the cards on screen.
    mutating func hitTest(_ point: Vec2, with controller: some LayoutController) -> CardID? {
        var cards = scratch
        scratch = []
        presentedCards(of: controller, into: &cards)
        let context = self.context
        let hit = HitTesting.hitTest(point, in: cards, offset: context.offset, camera: context.camera)
        scratch = cards
        guard let id = hit?.id, deck.index(of: id) != nil, !hidden.contains(id) else { return nil }
        return id
    }

    // MARK: Scrolling

    /// Scroll physics for `controller` at `offset` (clamped to its content), on its axis, with
    /// its paging or snapping.
    static func makePhysics(for controller: some LayoutController, viewport: Size, cardCount: Int,
                            offset: Vec2) -> ScrollPhysics {
        let axes: ScrollPhysics.Axes = controller.scrollAxis == .vertical ? .vertical : .horizontal
        let bounds = controller.scrollBounds(viewport: viewport, cardCount: cardCount)
        let start = Vec2(clamp(offset.x, bounds.lower.x, bounds.upper.x), clamp(offset.y, bounds.lower.y, bounds.upper.y))
        return ScrollPhysics(axes: axes, viewport: viewport, minimumOffset: bounds.lower, maximumOffset: bounds.upper,
                             offset: start, targetOffset: controller.targetOffset(viewport: viewport, cardCount: cardCount))
    }

    /// Brings the physics' bounds and target choice up to date after the card count, the
    /// viewport or the controller's state changed. Content past a new end springs back.
    mutating func updateScrollBounds(for controller: some LayoutController) {
        let bounds = controller.scrollBounds(viewport: viewport, cardCount: deck.count)
        physics.setBounds(viewport: viewport, minimumOffset: bounds.lower, maximumOffset: bounds.upper)
        physics.targetOffset = controller.targetOffset(viewport: viewport, cardCount: deck.count)
    }

    /// Scrolls (animated) so that card `index` shows, unless it is on screen already.
    mutating func scrollToShow(_ index: Int, with controller: some LayoutController) {
        guard index >= 0, index < deck.count else { return }
        let target = controller.offset(showing: index, in: context)
        physics.scroll(to: target, animated: true)
    }
}
