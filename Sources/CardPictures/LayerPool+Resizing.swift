/// A layer's contents moving to another layer when a pool shrinks: the caller copies layer
/// `from` of the old texture into layer `to` of the new, smaller one.
public struct LayerMove: Sendable, Equatable {
    /// The picture the layer holds (it keeps its key: only its layer number changes).
    public var picture: Int
    /// Its layer in the pool before the shrink.
    public var from: Int
    /// Its layer after.
    public var to: Int

    public init(picture: Int, from: Int, to: Int) {
        self.picture = picture
        self.from = from
        self.to = to
    }
}

/// What `LayerPool.shrink(to:)` did.
public struct LayerShrink: Sendable, Equatable {
    /// The pool's layer count after the shrink (at least the pinned layers).
    public var capacity: Int
    /// Every picture that is still resident, with its old and new layer (`from == to` for the
    /// ones that stay put), in the order of their new layers.
    public var kept: [LayerMove]
    /// The pictures that no longer have a layer (the least recently used ones).
    public var evicted: [Int]

    /// The kept pictures whose layer number changed (the layers to copy).
    public var moves: [LayerMove] { kept.filter { $0.from != $0.to } }
}

extension LayerPool {
    /// How many layers are pinned in the current frame. - Complexity: O(capacity).
    public var pinnedCount: Int {
        var count = 0
        for layer in 0..<capacity where pinnedIn[layer] == frame { count += 1 }
        return count
    }

    /// Adds empty layers up to `newCapacity` (nothing when it is not larger): every picture keeps
    /// its layer and its recency, pins stay, and the new layers are used before anything is
    /// evicted. The texture must grow with it, its old layers copied over (or uploaded again).
    ///
    /// - Complexity: O(newCapacity); allocates.
    public mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        let added = newCapacity - capacity
        pictureOfLayer.append(contentsOf: repeatElement(-1, count: added))
        newer.append(contentsOf: repeatElement(-1, count: added))
        older.append(contentsOf: repeatElement(-1, count: added))
        pinnedIn.append(contentsOf: repeatElement(0, count: added))
        let old = capacity
        capacity = newCapacity
        for layer in old..<newCapacity { pushTail(Int32(layer)) }
    }

    /// Shrinks the pool to `newCapacity` layers (never below the layers pinned this frame, never
    /// grows it): the most recently used pictures keep a layer — pinned ones first —, moved
    /// down into `0..<capacity` where their layer is past the end; the rest are forgotten.
    /// A layer still changes hands only with its picture's key: a move carries the picture with
    /// it, so a lookup never returns another picture's layer.
    ///
    /// - Returns: the new capacity, the kept pictures with their old and new layers (copy
    ///   `moves` from the old texture into the new one) and the evicted pictures.
    /// - Complexity: O(old capacity); allocates.
    public mutating func shrink(to newCapacity: Int) -> LayerShrink {
        let target = min(capacity, max(newCapacity, pinnedCount, 0))
        // Most recent first, pinned ones before the others.
        let order = recencyOrder.filter { pictureOfLayer[$0] >= 0 }
        let pinnedFirst = order.filter { pinnedIn[$0] == frame } + order.filter { pinnedIn[$0] != frame }
        let keptLayers = Array(pinnedFirst.prefix(target))
        let evictedLayers = pinnedFirst.dropFirst(target)

        // Layers already inside the new range stay put; the others take the free low layers.
        var taken = [Bool](repeating: false, count: target)
        for layer in keptLayers where layer < target { taken[layer] = true }
        var nextFree = 0
        var newLayerOf: [Int: Int] = [:]
        for layer in keptLayers {
            if layer < target {
                newLayerOf[layer] = layer
            } else {
                while taken[nextFree] { nextFree += 1 }
                taken[nextFree] = true
                newLayerOf[layer] = nextFree
            }
        }

        var kept: [LayerMove] = []
        var evicted: [Int] = []
        for layer in evictedLayers {
            let picture = Int(pictureOfLayer[layer])
            layerOfPicture[picture] = -1
            evicted.append(picture)
        }
        var newPictureOfLayer = [Int32](repeating: -1, count: target)
        var newPinnedIn = [UInt32](repeating: 0, count: target)
        for layer in keptLayers {
            let picture = pictureOfLayer[layer], to = newLayerOf[layer]!
            newPictureOfLayer[to] = picture
            newPinnedIn[to] = pinnedIn[layer]
            layerOfPicture[Int(picture)] = Int32(to)
            kept.append(LayerMove(picture: Int(picture), from: layer, to: to))
        }
        // The recency list again: the kept pictures in their old order (most recent first), then
        // the free layers at the tail, used first.
        let recency = order.compactMap { newLayerOf[$0] }
        capacity = target
        pictureOfLayer = newPictureOfLayer
        pinnedIn = newPinnedIn
        newer = [Int32](repeating: -1, count: target)
        older = [Int32](repeating: -1, count: target)
        head = -1
        tail = -1
        residentCount = keptLayers.count
        for layer in recency { pushTail(Int32(layer)) }
        for layer in 0..<target where newPictureOfLayer[layer] < 0 { pushTail(Int32(layer)) }
        kept.sort { $0.to < $1.to }
        return LayerShrink(capacity: target, kept: kept, evicted: evicted)
    }
}
