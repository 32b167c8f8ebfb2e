import CardMath
import CardPacking
import CardRendering
import CardViewerCore

/// The viewer's frame: a session laid out, packed with its pictures and drawn — the one
/// function the viewer's window and replays, `render` and the benchmark's scrolling scenario
/// all call (`ViewerBuilder` makes it), so what the benchmark times is what a user runs.
///
/// Stages, each once per frame (each reported to the observer as it ends):
/// 1. **layout** — at rest, the layout of the current controller, with its state, writes the
///    instance records of its candidates itself (`ViewerSession.writeBulkRecords`, the bulk
///    writers: no `CardAttributes`, no allocation, no dynamic dispatch per card); otherwise (a
///    card animating, dragged, lifted, highlighted, or numbers out of Float range) the session
///    lays out its visible cards with the animations applied (`prepareFrame()`).
/// 2. **packing** — bulk: translucent records after the opaque ones, then the deck's ids;
///    generic: `InstancePacker` (records in draw order). Then the picture pass
///    (`ViewerPictures.decorate`) gives every record its picture layer, rectangle, fade and
///    title: the only place a frame's layer is chosen (the packers leave it 0).
/// 3. **upload** — the records into the instance buffer.
/// 4. **submit** — clear, one pipeline and one instanced draw per pass. Not presented.
public final class ViewerFrameRenderer {
    /// The session whose frames are drawn.
    public let session: ViewerSession
    /// The renderer frames are drawn with.
    public let renderer: CardRenderer
    /// The picture pipeline whose pass decorates each frame's records.
    public let pictures: ViewerPictures
    /// The records and passes of the last frame (decorated: what was uploaded).
    public let packer = BulkInstancePacker()
    /// False draws every frame through the generic path (a baseline for the benchmark).
    public var allowsBulkPath = true
    /// How `depth` ordering draws translucent cards.
    public var translucency: Translucency = .peeled
    /// True when the last frame took the bulk path.
    public private(set) var usedBulkPath = false

    /// The packers' layer choice: none (every record layer 0), the picture pass sets them.
    private static let unchosenLayers = LayerChoice(count: 0)

    /// Made by `ViewerBuilder` only.
    init(session: ViewerSession, renderer: CardRenderer, pictures: ViewerPictures) {
        self.session = session
        self.renderer = renderer
        self.pictures = pictures
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
    public func draw<Observer: FrameStageObserver>(observer: inout Observer) throws -> RenderStats {
        let session = self.session
        let bulk = allowsBulkPath && session.writeBulkRecords(into: packer)
        if !bulk { session.prepareFrame() }
        usedBulkPath = bulk
        observer.stageEnded(.layout)
        let camera = session.camera
        if bulk {
            packer.orderRecords()
            session.assignDeckIDs(to: packer)
        } else {
            packer.pack(cards: session.frameCards, offset: session.offset, camera: camera, ordering: session.ordering,
                        layers: Self.unchosenLayers, searchingTies: session.frameMayTieCoplanarCards)
        }
        let pictures = self.pictures
        let focused = session.focusedCard, photo = session.photoCard
        packer.withMutableRecords {
            pictures.decorate($0)
            FrameMarks.apply($0, focused: focused, photo: photo, cullBits: { session.cullBits(ofID: $0) },
                             labelBits: { session.colorLabelBits(ofID: $0) })
            CompareRecords.apply($0, session: session)
        }
        observer.stageEnded(.packing)
        let records = packer.records
        var stats = RenderStats()
        stats.uploadedBytes = try renderer.upload(records)
        observer.stageEnded(.upload)
        renderer.photoChecks = PhotoChecks(clipping: session.showsClipping, peaking: session.showsPeaking)
        let drawn = try renderer.draw(records, passes: packer.passes, camera: camera, translucency: translucency)
        stats.drawCalls = drawn.drawCalls
        stats.instances = drawn.instances
        stats.peeledLayers = drawn.peeledLayers
        observer.stageEnded(.submit)
        return stats
    }

    /// Draws the frame without an observer.
    @discardableResult
    public func draw() throws -> RenderStats {
        var none = NoObserver()
        return try draw(observer: &none)
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
