import CardLayout
import CardPacking
import CardRendering

/// The straightforward path: `CardAttributes` from the layout protocol (one dynamic call per
/// card) into an array, then `InstancePacker` (a record per card, sorted when the ordering
/// needs it) — the viewer's per-frame path where no bulk writer applies (a layout without one,
/// cards animating or dragged).
///
/// Scope `.visible` is the layout's `layoutVisible(in:into:)` (candidates culled by their
/// transformed bounds); `.all` is `attributes(at:)` for every card.
final class GenericPipeline: FramePipeline {
    private let layout: any CardLayout
    private let scope: BulkInstancePacker.Scope
    private var cards: [CardAttributes] = []
    private var packer = InstancePacker()
    private(set) var passes: [InstancePass] = []

    init(layout: any CardLayout, scope: BulkInstancePacker.Scope) {
        self.layout = layout
        self.scope = scope
        passes.reserveCapacity(2)
    }

    func layout(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        cards.removeAll(keepingCapacity: true)
        switch scope {
        case .visible:
            layout.layoutVisible(in: context, into: &cards)
        case .all:
            for index in 0..<context.cardCount { cards.append(layout.attributes(at: index, in: context)) }
        }
    }

    func pack(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        packer.pack(cards, offset: context.offset, camera: context.camera, ordering: ordering, layerCount: layerCount,
                    searchingTies: layout.mayTieCoplanarCards)
        passes.removeAll(keepingCapacity: true)
        packer.forEachPass { passes.append($0) }
    }

    func withRecords<Result>(_ body: (UnsafeBufferPointer<InstanceRecord>) throws -> Result) rethrows -> Result {
        try packer.records.withUnsafeBufferPointer(body)
    }
}
