import CardLayout

/// Turns a frame's coplanar biases into depth offsets by rank (SPEC §8, `CoplanarOrder`).
///
/// Only the order of `depthBias` values means anything: iCarousel's `compareViewDepth` numbers
/// (a z in points, ties broken by 10⁻⁷ of a distance), whole steps (`o`, `−|o|`) or a layout
/// file's expression may all be used. So the packer ranks the distinct biases of the frame and
/// gives rank k the offset `(k − (ranks − 1)/2) · CoplanarOrder.depthPerStep` points: one step
/// between neighbours in the order whatever their biases' magnitudes, centred so no card moves
/// more than half the range.
///
/// Exact ties — overlapping cards in one plane with equal bias (`CoplanarTies`) — are ordered
/// as the painter's order draws them (zIndex, then index, the later on top), so that a tied
/// card's decorations stay under the tied card over it: what is ranked is then the pair (bias,
/// layer), layer 0 for a card in no tie and one more per tied card under it. A frame without
/// such ties gets exactly the offsets of its biases alone; one whose biases are all equal (every
/// seed layout) gets offset 0. The search runs only for frames that may tie (a layout file's,
/// an animation's, cards from anywhere); the frames of a layout that says it never ties
/// (`CardLayout.mayTieCoplanarCards`: every built-in but rotary, at its defaults) are ranked by
/// bias alone, at no cost.
///
/// Records come in holding their card's bias in `depthOffset` (what the packer and the bulk
/// writers write) and leave holding the offset the vertex shader applies.
struct BiasRanking {
    private var keys: [SortKey] = []
    private var scratch: [SortKey] = []

    private var ties = CoplanarTies()

    /// Replaces the biases in `records[i].depthOffset` by the offsets of their ranks, first
    /// searching the records for exact coplanar ties (`CoplanarTies`): the frame of a layout
    /// that may tie cards (`CardLayout.mayTieCoplanarCards`), or of cards from anywhere.
    ///
    /// - Parameters:
    ///   - volume: what the camera shows: only the records it may show are searched for ties
    ///     (`CoplanarTies`); the others keep layer 0.
    ///   - paintOrder: the painter's order of record `i`'s card (`PaintOrder`), which orders
    ///     exact ties.
    /// - Complexity: as `CoplanarTies.find` (one screen test per record, then O(m) for the m
    ///   records on screen in plane and edge order, such as a grid's, and bounded by a fixed
    ///   budget of comparisons), then as `rank(_:)`; no allocation once warm.
    mutating func rank(_ records: UnsafeMutableBufferPointer<InstanceRecord>, volume: ViewVolume,
                       paintOrder: (Int) -> PaintOrder) {
        guard records.count > 0 else { return }
        if ties.find(records, volume: volume, paintOrder: paintOrder) {
            rankWithLayers(records)
            return
        }
        rank(records)
    }

    /// Replaces the biases in `records[i].depthOffset` by the offsets of their ranks, with no
    /// search for ties: the frame of a layout that never ties cards
    /// (`CardLayout.mayTieCoplanarCards` false), or one `CoplanarTies` found none in.
    ///
    /// - Complexity: O(n) when every bias is equal, else O(n log n); no allocation once warm.
    mutating func rank(_ records: UnsafeMutableBufferPointer<InstanceRecord>) {
        let n = records.count
        guard n > 0 else { return }
        // Index loops: for-in allocates per element in debug builds, where the tests count.
        let first = records[0].depthOffset
        var i = 1
        while i < n, records[i].depthOffset == first { i += 1 }
        if i == n {
            if first != 0 {
                i = 0
                while i < n { records[i].depthOffset = 0; i += 1 }
            }
            return
        }
        // Only frames whose biases differ use the keys: grown here (with room to spare), so the
        // all-equal path of every other layout never touches them.
        if scratch.count < n { scratch = Array(repeating: SortKey(primary: 0, secondary: 0, position: 0), count: 2 * n) }
        keys.removeAll(keepingCapacity: true)
        keys.reserveCapacity(2 * n)
        i = 0
        while i < n {
            keys.append(SortKey(primary: Double(records[i].depthOffset), secondary: 0, position: i))
            i += 1
        }
        MergeSort.sort(&keys, scratch: &scratch)
        var ranks = 1
        i = 1
        while i < n {
            if keys[i].primary != keys[i - 1].primary { ranks += 1 }
            i += 1
        }
        let step = Float(CoplanarOrder.depthPerStep), middle = Float(ranks - 1) / 2
        var rank = 0
        i = 0
        while i < n {
            if i > 0, keys[i].primary != keys[i - 1].primary { rank += 1 }
            records[keys[i].position].depthOffset = (Float(rank) - middle) * step
            i += 1
        }
    }

    /// Ranks the distinct (bias, layer) pairs of a frame with ties (`ties.layers`): a tied card
    /// one step above each tied card under it, every bias above all the layers of lower biases.
    private mutating func rankWithLayers(_ records: UnsafeMutableBufferPointer<InstanceRecord>) {
        let n = records.count
        if scratch.count < n { scratch = Array(repeating: SortKey(primary: 0, secondary: 0, position: 0), count: 2 * n) }
        keys.removeAll(keepingCapacity: true)
        keys.reserveCapacity(2 * n)
        var i = 0
        while i < n {
            keys.append(SortKey(primary: Double(records[i].depthOffset), secondary: ties.layers[i], position: i))
            i += 1
        }
        MergeSort.sort(&keys, scratch: &scratch)
        func differs(_ i: Int) -> Bool { keys[i].primary != keys[i - 1].primary || keys[i].secondary != keys[i - 1].secondary }
        var ranks = 1
        i = 1
        while i < n {
            if differs(i) { ranks += 1 }
            i += 1
        }
        let step = Float(CoplanarOrder.depthPerStep), middle = Float(ranks - 1) / 2
        var rank = 0
        i = 0
        while i < n {
            if i > 0, differs(i) { rank += 1 }
            records[keys[i].position].depthOffset = (Float(rank) - middle) * step
            i += 1
        }
    }
}
