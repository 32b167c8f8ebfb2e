/// Which tiles of the photo view's picture are in which layer of the tile pool (SPEC §10): a
/// least-recently-used map from `TileKey` to layer, for one picture at a time (cleared when the
/// view shows another). Pure bookkeeping for the frame thread.
public struct TileResidency: Sendable {
    /// Layers in the pool.
    public private(set) var capacity: Int
    private var layerOfKey: [TileKey: Int] = [:]
    private var keyOfLayer: [TileKey?]
    private var lastUse: [Int]
    private var clock = 0

    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 0)
        keyOfLayer = Array(repeating: nil, count: self.capacity)
        lastUse = Array(repeating: 0, count: self.capacity)
    }

    /// Tiles held.
    public var count: Int { layerOfKey.count }

    /// The layer holding `key`, marked used now; nil when it is not held.
    /// - Complexity: O(1).
    public mutating func use(_ key: TileKey) -> Int? {
        guard let layer = layerOfKey[key] else { return nil }
        clock += 1
        lastUse[layer] = clock
        return layer
    }

    /// The layer holding `key`, without marking it used.
    public func layer(of key: TileKey) -> Int? { layerOfKey[key] }

    /// A layer for `key` (already held: its own): a free one, else the one used longest ago
    /// that holds none of `pinned` (the tiles in view); nil when every layer holds a pinned tile.
    /// - Complexity: O(capacity).
    public mutating func place(_ key: TileKey, pinned: Set<TileKey>) -> Int? {
        if let layer = use(key) { return layer }
        var chosen: Int?
        for layer in 0..<capacity {
            guard let held = keyOfLayer[layer] else { chosen = layer; break }
            if pinned.contains(held) { continue }
            if chosen == nil || lastUse[layer] < lastUse[chosen!] { chosen = layer }
        }
        guard let layer = chosen else { return nil }
        if let old = keyOfLayer[layer] { layerOfKey[old] = nil }
        keyOfLayer[layer] = key
        layerOfKey[key] = layer
        clock += 1
        lastUse[layer] = clock
        return layer
    }

    /// Forgets every tile; `capacity` layers from now on.
    public mutating func removeAll(capacity: Int? = nil) {
        if let capacity { self.capacity = max(capacity, 0) }
        layerOfKey = [:]
        keyOfLayer = Array(repeating: nil, count: self.capacity)
        lastUse = Array(repeating: 0, count: self.capacity)
    }
}
