import CardLayout
import CardMath
import CardPacking

/// How cards are coloured.
public enum CardShading: String, CaseIterable, Sendable {
    /// The card's picture (or its placeholder, or a colour made from its id when there are no
    /// pictures), rounded corners, a thin rim, its number badge and its title.
    case textured
    /// One flat colour per card (`IdentityColor`) with the card's alpha, on black: exact, for
    /// tests and comparisons (an opaque card's colour reads back as its id).
    case identity
}

/// Everything one frame shows.
public struct RenderFrame: Sendable {
    /// The cards to draw, in any order (the ordering decides the draw order); hidden,
    /// transparent and non-finite cards are skipped.
    public var cards: [CardAttributes]
    /// The shared camera; its viewport (points) maps onto the whole drawable (pixels).
    public var camera: Camera
    /// The scroll offset, content points.
    public var offset: Vec2
    public var ordering: RenderOrdering
    public var shading: CardShading
    /// How `depth` ordering draws translucent cards: exact (`peeled`, the default) or `sorted`.
    public var translucency: Translucency

    public init(cards: [CardAttributes], camera: Camera, offset: Vec2 = .zero,
                ordering: RenderOrdering = .depth, shading: CardShading = .textured,
                translucency: Translucency = .peeled) {
        self.cards = cards
        self.camera = camera
        self.offset = offset
        self.ordering = ordering
        self.shading = shading
        self.translucency = translucency
    }
}

/// What one frame cost the GPU interface.
public struct RenderStats: Hashable, Sendable {
    /// Instanced draw calls issued: one per non-empty pass.
    public var drawCalls = 0
    /// Instances drawn (cards that survived packing).
    public var instances = 0
    /// Bytes written to the instance buffer.
    public var uploadedBytes = 0
    /// Layers of translucent fragments peeled (`Translucency.peeled`; 0 when the frame took the
    /// single sorted pass).
    public var peeledLayers = 0
    /// Samples that passed the depth test in the opaque pass, when the renderer counts them
    /// (`CardRenderer.countsOpaqueSamples`); 0 otherwise.
    public var samplesPassed = 0

    public init() {}
}

/// An RGB colour with components 0…1.
public struct ClearColor: Hashable, Sendable {
    public var red: Float, green: Float, blue: Float

    public init(red: Float, green: Float, blue: Float) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The default background: a dark blue-grey that lets the cards stand out.
    public static let slate = ClearColor(red: 0.10, green: 0.11, blue: 0.14)
}
