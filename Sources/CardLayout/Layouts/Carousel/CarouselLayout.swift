import CardMath

/// iCarousel's eleven carousel types as one layout value (SPEC §8): a type, its options and
/// cover flow 2's `toggle`.
///
/// Coordinates: content points. The scroll position `s` is in slots: the offset along the axis is
/// `s·w` (`w` the slot length, `itemWidth`). Before its transform every card is centred on the
/// viewport, at content point `offset + (W/2, H/2, 0)`; the type's transform (Core Animation's
/// order, `CarouselType` files under `Types/`) then places it by its offset `o = i − s` in slots.
/// A card is fitted into its slot (`w` along the axis, the card's own extent across) keeping its
/// aspect, so it never overflows the slot.
///
/// Non-wrapping: content `(n − 1)·w` plus the viewport along the axis (`s` in `0…n − 1`, rubber
/// bands past the ends). Wrapping: content `n·w` plus the viewport; offsets outside it are taken
/// modulo `n·w` (the controller keeps its scroll there; the physics has no ends).
///
/// Layouts have no hidden state: cover flow 2's `_toggle` (−1…1; 0 at rest) is a parameter the
/// controller sets from the scroll's direction and time (`CoverFlowToggle`).
public struct CarouselLayout: CardLayout {
    public var type: CarouselType
    public var options: CarouselOptions
    /// The card's size before fitting into its slot, points (the bundled deck's 16:10 pages).
    public var cardSize = Size(width: 256, height: 160)
    /// Cover flow 2's `_toggle`, −1…1 (0 at rest); ignored by the other types.
    public var toggle = 0.0

    public init(type: CarouselType, options: CarouselOptions? = nil, cardSize: Size = Size(width: 256, height: 160)) {
        self.type = type
        self.options = options ?? CarouselOptions(type: type)
        self.cardSize = cardSize
    }

    public var name: String { type.name }

    public var scrollAxis: ScrollAxis { options.vertical ? .vertical : .horizontal }

    /// True for rotary, and for any type with options other than its defaults; false for the
    /// other ten types at their defaults, where no two cards it can show overlap in one plane
    /// with equal bias, as `BuiltInTiesTests` checks over decks, scroll offsets, viewports and
    /// orderings (their frames skip the tie search: `CardLayout.mayTieCoplanarCards`).
    ///
    /// Rotary ties: the cards at offsets ±k from the current card face the viewer at one z
    /// (`cos` is even) with one bias (`depthOrder`'s distance to the current card is the same on
    /// both sides), and at the back of the ring, where they come together, they overlap. Other
    /// options tie too (a linear carousel with `spacing` below 0.5, more visible items, a cover
    /// flow's `tilt` at ±2: the test finds them), so only the defaults are vouched for.
    public var mayTieCoplanarCards: Bool {
        type == .rotary || options != CarouselOptions(type: type)
    }

    /// The card's length along the scroll axis, points: the default slot length.
    @inlinable public var cardLength: Double { options.vertical ? cardSize.height : cardSize.width }

    /// The resolved numbers for `viewport` and `n` cards.
    public func geometry(viewport: Size, cardCount n: Int) -> CarouselGeometry {
        CarouselGeometry(type: type, options: options, cardLength: cardLength, viewport: viewport, cardCount: n)
    }

    /// The card fitted into its slot (`w` along the axis, the card's extent across), aspect kept:
    /// scaled by `min(1, w / length)`, points.
    public func fittedCardSize(geometry g: CarouselGeometry) -> Size {
        let length = cardLength
        guard length > 0, length.isFinite else { return cardSize }
        let scale = min(1, g.itemWidth / length)
        return Size(width: cardSize.width * scale, height: cardSize.height * scale)
    }

    /// The scroll distance along the axis: `(n − 1)·w`, or `n·w` when wrapping, plus the viewport.
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        let g = geometry(viewport: viewport, cardCount: n)
        let distance = Double(g.wraps ? n : max(n - 1, 0)) * g.itemWidth
        return options.vertical
            ? Size(width: viewport.width, height: distance + viewport.height)
            : Size(width: distance + viewport.width, height: viewport.height)
    }

    /// The scroll position `s` in slots at `context.offset`.
    public func slots(in context: LayoutContext, geometry g: CarouselGeometry) -> Double {
        g.slots(atOffset: scrollAxis.component(of: context.offset))
    }

    public func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let g = geometry(viewport: context.viewport, cardCount: context.cardCount)
        let s = slots(in: context, geometry: g)
        return attributes(at: index, slots: s, current: g.currentIndex(atSlots: s), in: context, geometry: g)
    }

    /// The transform of a card `o` slots from the current position, about its centre.
    public func transform(offset o: Double, geometry g: CarouselGeometry) -> Mat4 {
        switch type {
        case .linear: LinearCarousel.transform(offset: o, geometry: g)
        case .rotary, .rotaryInverted: RotaryCarousel.transform(offset: o, geometry: g)
        case .cylinder, .cylinderInverted: CylinderCarousel.transform(offset: o, geometry: g)
        case .wheel, .wheelInverted: WheelCarousel.transform(offset: o, geometry: g)
        case .coverflow, .coverflow2: CoverFlowCarousel.transform(offset: o, toggle: toggle, geometry: g)
        case .timeMachine, .timeMachineInverted: TimeMachineCarousel.transform(offset: o, geometry: g)
        }
    }

    /// The fade of a card `o` slots from the current position (SPEC §8): `f = o − fadeMax` above
    /// `fadeMax`, `fadeMin − o` below `fadeMin`, else 0; `1 − min(f, fadeRange)/fadeRange·(1 − fadeMinAlpha)`.
    public func alpha(offset o: Double) -> Double {
        let f: Double
        if o > options.fadeMax { f = o - options.fadeMax } else if o < options.fadeMin { f = options.fadeMin - o } else { f = 0 }
        guard f > 0 else { return 1 }
        let range = options.fadeRange > 0 ? options.fadeRange : 1
        return max(0, 1 - min(f, range) / range * (1 - options.fadeMinAlpha))
    }
}
