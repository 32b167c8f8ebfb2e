import CardLayout

extension Animator {
    /// Animates a layout change: every card in both sets from its old to its new attributes;
    /// a card only in `new` appears from `appearing(new)`; a card only in `old` goes to
    /// `disappearing(old)` and is then dropped. Cards are matched by id. One tag names it all.
    ///
    /// Pass a card in both sets whenever the other layout can place it, so it moves rather than
    /// fades. The defaults fade in and out in place.
    ///
    /// - Complexity: O(n + m), the sizes of the two sets.
    @discardableResult
    public mutating func transition(from old: [CardAttributes], to new: [CardAttributes],
                                    appearing: (CardAttributes) -> CardAttributes = Animator.fadedOut,
                                    disappearing: (CardAttributes) -> CardAttributes = Animator.fadedOut,
                                    timing: AnimationTiming = .standard, at time: Double) -> AnimationTag {
        let tag = makeTag()
        var oldByID: [CardID: CardAttributes] = [:]
        oldByID.reserveCapacity(old.count)
        for card in old { oldByID[card.id] = card }
        var newIDs = Set<CardID>()
        newIDs.reserveCapacity(new.count)
        for card in new {
            newIDs.insert(card.id)
            if let before = oldByID[card.id] {
                add(from: before, to: card, timing: timing, kind: .move, tag: tag, at: time)
            } else {
                var start = appearing(card)
                start.id = card.id
                add(from: start, to: card, timing: timing, kind: .insert, tag: tag, at: time)
            }
        }
        for card in old where !newIDs.contains(card.id) {
            var end = disappearing(card)
            end.id = card.id
            add(from: card, to: end, timing: timing, kind: .delete, tag: tag, at: time)
        }
        return tag
    }

    /// The same attributes, fully transparent: the default appearing and disappearing state.
    public static func fadedOut(_ attributes: CardAttributes) -> CardAttributes {
        var faded = attributes
        faded.alpha = 0
        return faded
    }
}
