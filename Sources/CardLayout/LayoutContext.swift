import CardMath

/// What a layout is asked about: the viewport, how many cards, and where the content is scrolled.
public struct LayoutContext: Hashable, Sendable {
    /// The viewport in points.
    public var viewport: Size
    /// The number of cards in the deck.
    public var cardCount: Int
    /// The scroll offset: the content point shown at the viewport's top-left corner.
    public var offset: Vec2

    public init(viewport: Size, cardCount: Int, offset: Vec2 = .zero) {
        self.viewport = viewport
        self.cardCount = max(0, cardCount)
        self.offset = offset
    }

    /// The shared camera for this viewport (SPEC §1).
    @inlinable public var camera: Camera { Camera(viewport: viewport) }
}
