import CardLayout
import CardMath
import CardPacking
import CardRendering

/// What UIKit allocates for every card of every layout pass: `UICollectionViewLayoutAttributes`
/// is a class, so each card's attributes are a heap object with a reference count.
final class UIKitLayoutAttributes {
    var index: Int
    var id: CardID
    var center: Vec3
    var size: Size
    var anchorPoint: Vec2
    var transform3D: Mat4
    var alpha: Double
    var zIndex: Int
    var isHidden: Bool

    init(_ attributes: CardAttributes) {
        index = attributes.index
        id = attributes.id
        center = attributes.center
        size = attributes.size
        anchorPoint = attributes.anchor
        transform3D = attributes.transform
        alpha = attributes.alpha
        zIndex = attributes.zIndex
        isHidden = attributes.isHidden
    }

    /// The attributes as a value again, for packing.
    var value: CardAttributes {
        CardAttributes(index: index, id: id, center: center, size: size, anchor: anchorPoint, transform: transform3D,
                       alpha: alpha, zIndex: zIndex, isHidden: isHidden)
    }
}

/// The UIKit-style baseline: one `UIKitLayoutAttributes` object per card per frame, kept in an
/// array of references (as `layoutAttributesForElements(in:)` returns them), then packed: each
/// object read back into attributes and packed by `InstancePacker` (sorted by zIndex when the
/// ordering needs it, as Core Animation sorts its layers).
///
/// Scope `.visible` lays out the layout's candidates (`candidateRange`, as UIKit asks for the
/// elements in a rect, the same cards as the fast path); `.all` every card.
final class UIKitPipeline: FramePipeline {
    private let layout: any CardLayout
    private let scope: BulkInstancePacker.Scope
    private var objects: [UIKitLayoutAttributes] = []
    private var cards: [CardAttributes] = []
    private var packer = InstancePacker()
    private(set) var passes: [InstancePass] = []

    init(layout: any CardLayout, scope: BulkInstancePacker.Scope) {
        self.layout = layout
        self.scope = scope
        passes.reserveCapacity(2)
    }

    func layout(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        objects.removeAll(keepingCapacity: true)
        let range = scope == .all ? 0..<context.cardCount : layout.candidateRange(in: context)
        for index in range {
            objects.append(UIKitLayoutAttributes(layout.attributes(at: index, in: context)))
        }
    }

    func pack(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        cards.removeAll(keepingCapacity: true)
        for object in objects { cards.append(object.value) }
        packer.pack(cards, offset: context.offset, camera: context.camera, ordering: ordering, layerCount: layerCount,
                    searchingTies: layout.mayTieCoplanarCards)
        passes.removeAll(keepingCapacity: true)
        packer.forEachPass { passes.append($0) }
    }

    func withRecords<Result>(_ body: (UnsafeBufferPointer<InstanceRecord>) throws -> Result) rethrows -> Result {
        try packer.records.withUnsafeBufferPointer(body)
    }
}
