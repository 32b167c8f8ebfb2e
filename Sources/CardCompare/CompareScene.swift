import CardLayout
import CardMath
import CardPacking
import CardRendering

/// A named, reproducible frame for the comparison: card attributes, the viewport they were laid
/// out in and the scroll offset. The camera is the shared one at `eyeDistance`.
public struct CompareScene: Sendable {
    /// The scene's name on the command line and in reports, e.g. "pages-append".
    public var name: String
    /// One line saying what the scene shows.
    public var summary: String
    /// The viewport, points.
    public var viewport: Size
    /// The scroll offset the cards were laid out at, content points.
    public var offset: Vec2
    /// Every card of the frame, in layout order.
    public var cards: [CardAttributes]
    /// The shared camera's eye distance, points (`--camera-distance`; default 1500).
    public var eyeDistance = Camera.defaultEyeDistance

    public init(name: String, summary: String, viewport: Size, offset: Vec2 = .zero, cards: [CardAttributes]) {
        self.name = name
        self.summary = summary
        self.viewport = viewport
        self.offset = offset
        self.cards = cards
    }

    /// The shared camera of the scene's viewport at its eye distance.
    public var camera: Camera { Camera(viewport: viewport, eyeDistance: eyeDistance) }

    /// Cards that are drawn translucent (0 < alpha < 1, not hidden).
    public var translucentCount: Int {
        cards.filter { !$0.isHidden && $0.alpha > 0 && $0.alpha < 1 }.count
    }

    /// The frame the renderer draws for this scene, with identity colours.
    public func frame(ordering: RenderOrdering, translucency: Translucency = .peeled) -> RenderFrame {
        RenderFrame(cards: cards, camera: camera, offset: offset, ordering: ordering, shading: .identity,
                    translucency: translucency)
    }
}
