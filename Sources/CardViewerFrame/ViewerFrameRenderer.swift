import CardMath
import CardPacking
import CardRendering
import CardViewerCore

/// The viewer's frame: a session laid out, packed and drawn — the one function the viewer's
/// window and replays and the benchmark's scrolling scenario all call, so what the benchmark
/// times is what a user runs.
///
/// Stages (each reported to the observer as it ends):
/// 1. **layout** — at rest, the layout of the current controller, with its state, writes the
///    instance records of its candidates itself (`ViewerSession.writeBulkRecords`, the bulk
///    writers: no `CardAttributes`, no allocation, no dynamic dispatch per card); otherwise (a
///    card animating, dragged, lifted, highlighted, or numbers out of Float range) the session
///    lays out its visible cards with the animations applied (`prepareFrame()`).
/// 2. **packing** — bulk: translucent records after the opaque ones, then the deck's ids and the
///    layers; generic: `InstancePacker` (records in draw order). Then `decorate`, if set, sets
///    the records' pictures.
/// 3. **upload** — the records into the instance buffer.
/// 4. **submit** — clear, one pipeline and one instanced draw per pass. Not presented.
public final class ViewerFrameRenderer {
    /// The renderer frames are drawn with.
    public let renderer: CardRenderer
    /// The records and passes of the last frame.
    public let packer = BulkInstancePacker()
    /// The picture layer of each card id (a deck whose cards show their own pictures); empty:
    /// the pool's layers in turn by id.
    public var layerTable: [UInt32] = []
    /// False draws every frame through the generic path (a baseline for the benchmark).
    public var allowsBulkPath = true
    /// How `depth` ordering draws translucent cards.
    public var translucency: Translucency = .peeled
    /// Called with the frame's records after packing, to point them at their pictures
    /// (`InstanceRecord.setPicture`): O(visible) per frame. Must not allocate to keep frames free
    /// of allocations.
    public var decorate: ((UnsafeMutableBufferPointer<InstanceRecord>) -> Void)?
    /// True when the last frame took the bulk path.
    public private(set) var usedBulkPath = false

    public init(renderer: CardRenderer) {
        self.renderer = renderer
    }

    /// The frame's stages.
    public enum Stage: Int, CaseIterable, Sendable {
        case layout, packing, upload, submit
    }

    /// Draws the frame at the session's time (advance the session first); the observer hears
    /// the end of each stage. Does not present. Nothing is drawn while the session is
    /// minimised or the drawable is 0 × 0.
    ///
    /// - Complexity: O(k) for k cards that can be visible, whatever the deck's size; no
    ///   allocation in this code once warm.
    @discardableResult
    public func draw<Observer: FrameStageObserver>(_ session: ViewerSession, observer: inout Observer) throws -> RenderStats {
        let layers = LayerChoice(count: renderer.imageLayerCount, table: layerTable)
        let bulk = allowsBulkPath && session.writeBulkRecords(into: packer)
        if !bulk { session.prepareFrame() }
        usedBulkPath = bulk
        observer.stageEnded(.layout)
        let ordering = session.ordering, camera = session.camera
        if bulk {
            packer.orderRecords()
            session.assignDeckIDs(to: packer, layers: layers)
        } else {
            packer.pack(cards: session.frameCards, offset: session.offset, camera: camera, ordering: ordering, layers: layers)
        }
        if let decorate { packer.withMutableRecords(decorate) }
        observer.stageEnded(.packing)
        let records = packer.records
        var stats = RenderStats()
        stats.uploadedBytes = try renderer.upload(records)
        observer.stageEnded(.upload)
        let drawn = try renderer.draw(records, passes: packer.passes, camera: camera, translucency: translucency)
        stats.drawCalls = drawn.drawCalls
        stats.instances = drawn.instances
        stats.peeledLayers = drawn.peeledLayers
        observer.stageEnded(.submit)
        return stats
    }

    /// Draws the frame without an observer.
    @discardableResult
    public func draw(_ session: ViewerSession) throws -> RenderStats {
        var none = NoObserver()
        return try draw(session, observer: &none)
    }

    private struct NoObserver: FrameStageObserver {
        mutating func stageEnded(_ stage: Stage) {}
    }
}

/// Hears the stages of a frame end (timing, allocation counting). Generic, so the viewer pays
/// nothing for it.
public protocol FrameStageObserver {
    mutating func stageEnded(_ stage: ViewerFrameRenderer.Stage)
}
