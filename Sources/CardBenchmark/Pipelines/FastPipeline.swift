import CardLayout
import CardPacking
import CardRendering

/// The fast path: the layout writes instance records directly, in draw order
/// (`BulkInstancePacker.writeRecords` is the layout stage, `orderRecords` the packing stage).
///
/// Scope `.visible` writes the layout's candidates (`candidateRange`, a superset of the visible
/// cards; the GPU clips the rest); `.all` writes every card.
final class FastPipeline: FramePipeline {
    private let layout: any InstanceWriting
    private let scope: BulkInstancePacker.Scope
    private let packer = BulkInstancePacker()

    init(layout: any InstanceWriting, scope: BulkInstancePacker.Scope) {
        self.layout = layout
        self.scope = scope
    }

    func layout(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        // Opens the existential once per frame; the writer then runs specialised for its type.
        packer.writeRecords(any: layout, scope: scope, in: context, ordering: ordering, layerCount: layerCount)
    }

    func pack(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int) {
        packer.orderRecords()
    }

    func withRecords<Result>(_ body: (UnsafeBufferPointer<InstanceRecord>) throws -> Result) rethrows -> Result {
        try body(packer.records)
    }

    var passes: [InstancePass] { packer.passes }
}
