import CardMath

/// SlideBox's behaviour (SPEC §2.3): paging one card per swipe, and swiping the front card up
/// to delete it while the next card grows into its place.
extension SlideBoxLayout {
    /// The largest tilt of a dragged front card, radians (15°).
    public static let maximumTilt = radians(15)

    /// The card at the front at horizontal offset `offsetX`: `offsetX / pageDistance`, rounded
    /// (the seed floors it, which a rounding error just below a page boundary would turn into
    /// the previous card). Never negative; callers limit it to the deck.
    ///
    /// - Complexity: O(1).
    public func frontIndex(offsetX: Double, viewport: Size) -> Int {
        let u = (offsetX / pageDistance(viewport: viewport)).rounded()
        guard u > 0 else { return 0 }  // also NaN
        return Int(min(u, 1e15))
    }

    /// Whether a pan with this translation starts a front-card drag rather than a horizontal
    /// scroll: it must be more vertical than horizontal (the seed's
    /// `gestureRecognizerShouldBegin`: `|ty| > |tx|`).
    public func beginsFrontDrag(translation: Vec2) -> Bool {
        abs(translation.y) > abs(translation.x)
    }

    /// The part of a drag the front card follows: all of the horizontal component, and only
    /// the upward part of the vertical one (a card cannot be pushed down into the deck).
    @inlinable public func effectiveDrag(_ drag: Vec2) -> Vec2 {
        Vec2(drag.x, min(drag.y, 0))
    }

    /// The dragged card's tilt about its center, radians: proportional to the horizontal drag,
    /// reaching `maximumTilt` at half a card width (clockwise when dragged right).
    ///
    /// The seed computed `atan(ty/tx)` in radians and then converted it as if it were degrees,
    /// so its cards hardly tilted (at most ~3°); this is the tilt it meant, kept gentle.
    public func tilt(forDrag drag: Vec2, viewport: Size) -> Double {
        let halfWidth = max(cardSize(viewport: viewport).width / 2, 1e-9)
        return SlideBoxLayout.maximumTilt * clamp(drag.x / halfWidth, -1, 1)
    }

    /// The scale of the card behind a front card dragged `drag`:
    /// `clamp(0.9 + |ty / pageDistance| / 10, 0, 1)`, ty the upward part of the drag.
    public func nextCardScale(forDrag drag: Vec2, viewport: Size) -> Double {
        let ty = effectiveDrag(drag).y
        return clamp(0.9 + abs(ty / pageDistance(viewport: viewport)) / 10, 0, 1)
    }

    /// The resting attributes with `frontDrag` applied: the front card follows the effective
    /// drag and tilts (`T(drag) · Rz(tilt) · resting`); the card behind it grows by
    /// `nextCardScale`.
    ///
    /// - Complexity: O(1).
    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        var card = restingAttributes(at: index, in: context)
        guard let drag = frontDrag, drag.x.isFinite, drag.y.isFinite else { return card }
        let front = frontIndex(offsetX: context.offset.x, viewport: context.viewport)
        let viewport = context.viewport
        if index == front {
            let d = effectiveDrag(drag)
            card.transform = .translation(Vec3(d.x, d.y, 0)) * .rotationZ(tilt(forDrag: drag, viewport: viewport))
                * card.transform
        } else if index == front + 1 {
            let r = ratio(at: index, offsetX: context.offset.x, viewport: viewport)
            let scale = nextCardScale(forDrag: drag, viewport: viewport)
            card.transform = .translation(Vec3(0, 0, CardStacking.z(layers: 10 * (r - 1))))
                * .scale(Vec3(scale, scale, 1))
        }
        return card
    }

    /// Whether a front-card drag released at vertical offset `ty` (points, negative = up)
    /// deletes the card: at or above half the card's height (the seed's `ty ≤ −cardH/2`).
    public func shouldDeleteOnRelease(ty: Double, cardHeight: Double) -> Bool {
        ty <= -cardHeight / 2
    }

    /// Paging, one card per swipe. When the drag moved the offset at least `pagingThreshold`
    /// (30) points, the target is one page from the page the drag started on, in the
    /// direction of the velocity (or of the drag when the velocity is 0); otherwise the drag
    /// snaps back to its page.
    ///
    /// Clamped to the cards: pages `0…n − 1`. (The seed clamps to its content, which reaches
    /// one page past the last card to an empty screen; a user paging through photos expects
    /// to stop at the last one.)
    ///
    /// - Complexity: O(1).
    public func targetOffset(for release: ScrollRelease, in context: LayoutContext) -> Vec2 {
        let clamped = clampedOffset(release.proposed, in: context)
        let start = release.dragStart.x, current = release.current.x, velocity = release.velocity.x
        guard start.isFinite, current.isFinite, !velocity.isNaN else { return clamped }
        let distance = pageDistance(viewport: context.viewport)
        let lastPage = Double(max(context.cardCount - 1, 0))
        let startPage = clamp((start / distance).rounded(), 0, lastPage)
        var page = startPage
        let moved = current - start
        if abs(moved) >= pagingThreshold {
            let forward = velocity != 0 ? velocity > 0 : moved > 0
            page = clamp(startPage + (forward ? 1 : -1), 0, lastPage)
        }
        let maximum = maximumOffset(viewport: context.viewport, cardCount: context.cardCount).x
        return Vec2(min(page * distance, maximum), clamped.y)
    }

    /// A deleted card flies up above the viewport and fades out: it moves up by `H/2 + cardH`
    /// from where it was (a resting card's bottom edge ends half a card above the viewport,
    /// clear of it even tilted) and its alpha goes to 0.
    ///
    /// - Complexity: O(1).
    public func disappearingAttributes(for attributes: CardAttributes, in context: LayoutContext) -> CardAttributes {
        var final = attributes
        final.center.y -= context.viewport.height / 2 + cardSize(viewport: context.viewport).height
        final.alpha = 0
        return final
    }
}
