import CardLayout
import CardPacking
import CardRendering

/// The CPU half of a frame in the layout-throughput scenarios (scope `all`, and the `uikit`
/// baseline: `Benchmark.measurePipeline`), in two timed stages: lay out the cards, then pack
/// them into instance records in draw order; the run's own `CardRenderer` uploads and draws
/// them. The scrolling scenario (scope `visible`, paths `fast` and `generic`) does not use one:
/// it runs the viewer's own frame (`ViewerFrameRenderer`, `Benchmark.measureViewerFrames`).
///
/// Implementations keep their buffers between frames, so that what a warm frame allocates is
/// what the approach itself allocates.
public protocol FramePipeline: AnyObject {
    /// The layout stage. The ordering and layer count are for pipelines that write records in
    /// draw order while they lay out.
    func layout(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int)
    /// The packing stage (sorting included when the ordering needs it).
    func pack(in context: LayoutContext, ordering: RenderOrdering, layerCount: Int)
    /// Calls `body` with the packed records (valid only inside `body`).
    func withRecords<Result>(_ body: (UnsafeBufferPointer<InstanceRecord>) throws -> Result) rethrows -> Result
    /// The draw passes over the packed records.
    var passes: [InstancePass] { get }
}

/// How a frame's cards are laid out and packed.
public enum PipelinePath: String, Sendable, Codable, CaseIterable {
    /// The viewer's path, the default: in the scrolling scenario the viewer's own frame (the
    /// bulk writers at rest, where the layout has one); in the all-cards scenario the layout
    /// writes every card's record directly (`BulkInstancePacker`) where it can.
    case fast
    /// `CardAttributes` first, then `InstancePacker`: in the scrolling scenario, the viewer's
    /// frame with its bulk path turned off; in the all-cards scenario, `attributes(at:)` through
    /// the layout protocol for every card.
    case generic
    /// UIKit's way: one heap object per card per frame (like `UICollectionViewLayoutAttributes`),
    /// then packed.
    case uikit

    /// Makes the pipeline for `kind`, laying out `scope`.
    public func makePipeline(kind: LayoutKind, options: LayoutOptionValues? = nil, scope: BulkInstancePacker.Scope) -> FramePipeline {
        let layout = kind.descriptor.makeLayout(options)
        switch self {
        case .fast:
            // The seeds' layouts write in bulk (`InstanceWriting`, in CardPacking); the others
            // (the carousels, layout files) are measured on the generic path.
            if let writer = layout as? any InstanceWriting {
                return FastPipeline(layout: writer, scope: scope)
            } else {
                return GenericPipeline(layout: layout, scope: scope)
            }
        case .generic: return GenericPipeline(layout: layout, scope: scope)
        case .uikit: return UIKitPipeline(layout: layout, scope: scope)
        }
    }
}
