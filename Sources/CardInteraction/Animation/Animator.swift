import CardLayout

/// Interruptible animations of card attributes, keyed by card id (UIKit's collection-view
/// animations, with depth): move, insert from appearing attributes, delete to disappearing
/// attributes, and whole layout-to-layout transitions.
///
/// Transforms interpolate decomposed (`CardAttributes.interpolate`), never as matrices.
/// Starting an animation for a card that is already animating starts it from the card's
/// presented attributes at that moment, so nothing jumps; the old one completes unfinished.
/// Times are seconds on the caller's clock, passed in explicitly: the animator has no clock.
public struct Animator: Sendable {
    var animations: [CardID: CardAnimation] = [:]
    var pendingCompletions: [AnimationCompletion] = []
    var lastTag: UInt64 = 0

    public init() {}

    /// True while any card animates (or waits out its delay).
    public var isAnimating: Bool { !animations.isEmpty }

    /// The number of cards animating.
    public var count: Int { animations.count }

    /// True while card `id` animates.
    public func isAnimating(_ id: CardID) -> Bool { animations[id] != nil }

    /// True while any card of the call `tag` animates.
    ///
    /// - Complexity: O(a), a the number of animating cards.
    public func isRunning(_ tag: AnimationTag) -> Bool { animations.values.contains { $0.tag == tag } }

    /// Animates `to.id` from `from` (or from what it shows now, if it is animating) to `to`.
    ///
    /// Attributes with non-finite numbers never reach the screen: a non-finite `from` jumps to
    /// `to`; a non-finite `to` (or time) starts nothing.
    @discardableResult
    public mutating func animate(from: CardAttributes, to: CardAttributes, timing: AnimationTiming = .standard,
                                 kind: AnimationKind = .move, at time: Double) -> AnimationTag {
        let tag = makeTag()
        add(from: from, to: to, timing: timing, kind: kind, tag: tag, at: time)
        return tag
    }

    /// Inserts a card: from `appearing` (e.g. the layout's appearing attributes) to `final`.
    /// The animation is keyed by `final.id` (`appearing`'s id is ignored).
    @discardableResult
    public mutating func insert(_ final: CardAttributes, appearing: CardAttributes,
                                timing: AnimationTiming = .standard, at time: Double) -> AnimationTag {
        var appearing = appearing
        appearing.id = final.id
        return animate(from: appearing, to: final, timing: timing, kind: .insert, at: time)
    }

    /// Deletes a card: from `current` to `disappearing`, after which `apply` no longer shows it.
    /// Keyed by `current.id` (`disappearing`'s id is ignored).
    /// Remove the card from the deck when the delete starts, as UIKit does, so the layout no
    /// longer produces it; the animator keeps showing it until it has gone.
    @discardableResult
    public mutating func delete(_ current: CardAttributes, disappearing: CardAttributes,
                                timing: AnimationTiming = .standard, at time: Double) -> AnimationTag {
        var disappearing = disappearing
        disappearing.id = current.id
        return animate(from: current, to: disappearing, timing: timing, kind: .delete, at: time)
    }

    /// What card `id` shows at `time`, if it animates.
    public func presented(_ id: CardID, at time: Double) -> CardAttributes? {
        animations[id]?.attributes(at: time)
    }

    /// What every animating card shows at `time`, in id order.
    ///
    /// - Complexity: O(a log a), a the number of animating cards.
    public func presented(at time: Double) -> [CardAttributes] {
        animations.keys.sorted().compactMap { animations[$0]?.attributes(at: time) }
    }

    /// Overlays the animations on a frame's resting attributes, in place: an animating card's
    /// entry is replaced by what it shows at `time`; animating cards missing from `attributes`
    /// (being deleted, or resting off screen but passing through it) are appended in id order.
    ///
    /// - Complexity: O(k + a log a), k the entries in `attributes`, a the animating cards;
    ///   O(k) when there is no animation.
    public func apply(at time: Double, to attributes: inout [CardAttributes]) {
        guard !animations.isEmpty else { return }
        var matched = 0
        for i in attributes.indices {
            if let animation = animations[attributes[i].id] {
                attributes[i] = animation.attributes(at: time)
                matched += 1
            }
        }
        guard matched < animations.count else { return }
        let present = Set(attributes.lazy.map(\.id))
        for id in animations.keys.sorted() where !present.contains(id) {
            if let animation = animations[id] { attributes.append(animation.attributes(at: time)) }
        }
    }

    /// Ends the animations that are over at `time` and reports them, with any that were
    /// interrupted or cancelled since the last call (those first), so a controller can chain
    /// its next step. Call once per frame after `apply`.
    public mutating func update(to time: Double) -> [AnimationCompletion] {
        var out = pendingCompletions
        pendingCompletions.removeAll()
        guard !time.isNaN, animations.values.contains(where: { $0.isFinished(at: time) }) else { return out }
        let done = animations.filter { $0.value.isFinished(at: time) }
        for (id, animation) in done.sorted(by: { $0.key < $1.key }) {
            animations[id] = nil
            out.append(AnimationCompletion(id: id, tag: animation.tag, kind: animation.kind, finished: true))
        }
        return out
    }

    /// Stops card `id` where it is now: it snaps to its resting attributes on the next frame
    /// (a deleting card disappears). Reported as unfinished.
    public mutating func cancel(_ id: CardID) {
        guard let animation = animations.removeValue(forKey: id) else { return }
        pendingCompletions.append(AnimationCompletion(id: id, tag: animation.tag, kind: animation.kind, finished: false))
    }

    /// Cancels every animation.
    public mutating func cancelAll() {
        for id in animations.keys.sorted() { cancel(id) }
    }

    // MARK: Internals

    mutating func makeTag() -> AnimationTag {
        lastTag += 1
        return AnimationTag(rawValue: lastTag)
    }

    mutating func add(from: CardAttributes, to: CardAttributes, timing: AnimationTiming, kind: AnimationKind,
                      tag: AnimationTag, at time: Double) {
        guard to.isFinite, time.isFinite else { return }
        var start = from.isFinite ? from : to
        if let running = animations[to.id] {
            start = running.attributes(at: time)
            pendingCompletions.append(AnimationCompletion(id: to.id, tag: running.tag, kind: running.kind, finished: false))
        }
        animations[to.id] = CardAnimation(from: DecomposedAttributes(start), to: DecomposedAttributes(to),
                                          start: time + timing.delay, timing: timing, tag: tag, kind: kind)
    }
}
