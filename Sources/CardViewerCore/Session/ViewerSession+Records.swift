import CardInteraction
import CardLayout
import CardMath
import CardPacking

/// The frame as instance records: the bulk path of the viewer's own frames.
extension ViewerSession {
    /// Lays out the frame at the session's time straight into instance records — the layout
    /// stage of a resting frame — when nothing on screen animates or waits to appear and the
    /// current layout, with its controller's state, can write its records itself (nothing
    /// highlighted, dragged, lifted or swiped; numbers within Float range). Returns false,
    /// writing nothing, otherwise: the caller then takes `prepareFrame()` and packs `frameCards`.
    ///
    /// The records are written in `ordering`'s draw order with deck indices as ids; give them
    /// their ids with `assignDeckIDs(to:)` (the packing stage).
    ///
    /// - Complexity: O(k), k the candidates; no allocation once the packer has grown.
    public func writeBulkRecords(into packer: BulkInstancePacker) -> Bool {
        guard !scene.viewport.isEmpty, !scene.animator.isAnimating, scene.hidden.isEmpty, !viewsChangeFrame else {
            return false
        }
        guard layout.writeBulkRecords(into: packer, ordering: ordering) else { return false }
        frameCards.removeAll(keepingCapacity: true)
        frameLaidOut(visibleCards: Self.onScreenCount(packer.records, camera: camera))
        return true
    }

    /// Where `record`'s unit-quad point (u, v) appears, viewport points; nil behind the eye.
    private static func corner(_ record: InstanceRecord, _ u: Float, _ v: Float, _ camera: Camera) -> Vec2? {
        let local = SIMD4<Float>(u, v, 0, 1)
        let world = Vec3(Double((record.row0 * local).sum()), Double((record.row1 * local).sum()),
                         Double((record.row2 * local).sum()))
        return camera.project(world)?.point
    }

    /// How many of `records` (candidates: a superset of the visible cards) reach into the
    /// viewport, by the bounds of their projected corners (a card reaching behind the eye
    /// counts): the HUD's "cards visible" on the bulk path, close to the generic path's exact
    /// culling.
    ///
    /// - Complexity: O(k), no allocation.
    static func onScreenCount(_ records: UnsafeBufferPointer<InstanceRecord>, camera: Camera) -> Int {
        let width = camera.viewport.width, height = camera.viewport.height
        var count = 0
        for record in records {
            // The corners one by one: an array literal would allocate per card in debug builds.
            guard let a = corner(record, -0.5, -0.5, camera), let b = corner(record, 0.5, -0.5, camera),
                  let c = corner(record, -0.5, 0.5, camera), let d = corner(record, 0.5, 0.5, camera) else {
                count += 1  // reaching behind the eye: count it
                continue
            }
            // Pairwise: the variadic min and max build an array.
            let minX = min(min(a.x, b.x), min(c.x, d.x)), maxX = max(max(a.x, b.x), max(c.x, d.x))
            let minY = min(min(a.y, b.y), min(c.y, d.y)), maxY = max(max(a.y, b.y), max(c.y, d.y))
            if maxX > 0, minX < width, maxY > 0, minY < height { count += 1 }
        }
        return count
    }

    /// Gives bulk-written records (whose ids are deck indices) the ids of the deck's cards,
    /// leaving their layers as written: the viewer's frame, whose picture pass sets every
    /// record's layer afterwards.
    ///
    /// - Complexity: O(k) for k records, no allocation.
    public func assignDeckIDs(to packer: BulkInstancePacker) {
        let deck = scene.deck
        packer.withMutableRecords { records in
            for i in records.indices {
                records[i].id = deck.id(at: Int(records[i].id))?.rawValue ?? records[i].id
            }
        }
    }

    /// Gives bulk-written records (whose ids are deck indices) the ids of the deck's cards and
    /// the layers `layers` chooses for those ids: a frame without a picture pass, as the
    /// generic path packs it with `layers`.
    ///
    /// - Complexity: O(k) for k records, no allocation.
    public func assignDeckIDs(to packer: BulkInstancePacker, layers: LayerChoice) {
        let deck = scene.deck
        packer.withMutableRecords { records in
            for i in records.indices {
                let id = deck.id(at: Int(records[i].id))?.rawValue ?? records[i].id
                records[i].id = id
                records[i].layer = layers.layer(forID: id)
            }
        }
    }
}
