import CardLayout
import CardMath

/// Everything one frame shows, as laid out: the cards' attributes and how to draw them.
///
/// `InstancePacker.pack(_:layers:)` turns it into records and passes; the renderer draws those
/// (it never sees attributes). Used by `compare` and by tests; the viewer packs its own records.
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
    /// Whether packing searches the cards for exact coplanar ties (`InstancePacker.pack`'s
    /// `searchingTies`): true unless the cards come from a layout that never ties
    /// (`CardLayout.mayTieCoplanarCards` false).
    public var searchesCoplanarTies = true

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

extension InstancePacker {
    /// Packs `frame`'s cards with its offset, camera and ordering; `layers` picks each card's
    /// picture layer.
    ///
    /// - Complexity: as `pack(_:offset:camera:ordering:layers:)`.
    public mutating func pack(_ frame: RenderFrame, layers: LayerChoice) {
        pack(frame.cards, offset: frame.offset, camera: frame.camera, ordering: frame.ordering, layers: layers,
             searchingTies: frame.searchesCoplanarTies)
    }
}
