import CardMath

/// What a layout is asked about: the viewport, how many cards, where the content is scrolled,
/// how far the shared camera's eye is, and how fast the content scrolls.
public struct LayoutContext: Hashable, Sendable {
    /// The viewport in points.
    public var viewport: Size
    /// The number of cards in the deck.
    public var cardCount: Int
    /// The scroll offset: the content point shown at the viewport's top-left corner.
    public var offset: Vec2
    /// The shared camera's distance from the plane z = 0, points (`--camera-distance`; SPEC §1).
    public var eyeDistance: Double
    /// How fast the content scrolls now, content points per second (the scroll physics'
    /// velocity); zero at rest and for a single frame (`layout`, `render`). Layout files read it
    /// as `v`, in cards per second.
    public var scrollVelocity: Vec2 = .zero

    public init(viewport: Size, cardCount: Int, offset: Vec2 = .zero, eyeDistance: Double = Camera.defaultEyeDistance) {
        self.viewport = viewport
        self.cardCount = max(0, cardCount)
        self.offset = offset
        self.eyeDistance = eyeDistance
    }

    /// The shared camera for this viewport and eye distance (SPEC §1).
    @inlinable public var camera: Camera { Camera(viewport: viewport, eyeDistance: eyeDistance) }
}
