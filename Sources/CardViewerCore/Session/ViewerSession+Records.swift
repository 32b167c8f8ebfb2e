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
    /// their ids with `assignDeckIDs(to:layers:)` (the packing stage).
    ///
    /// - Complexity: O(k), k the candidates; no allocation once the packer has grown.
    public func writeBulkRecords(into packer: BulkInstancePacker) -> Bool {
        guard !scene.viewport.isEmpty, !scene.animator.isAnimating, scene.hidden.isEmpty else { return false }
        guard controller.writeBulkRecords(into: packer, deck: scene.deck, context: scene.context, ordering: ordering) else {
            return false
        }
        frameCards.removeAll(keepingCapacity: true)
        visibleCardCount = packer.count
        return true
    }

    /// Gives bulk-written records (whose ids are deck indices) the ids of the deck's cards and
    /// the layers `layers` chooses for those ids.
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
