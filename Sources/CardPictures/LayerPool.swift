/// A pool of texture layers for one tier, least recently used out first, that can grow and
/// shrink (`LayerPool+Resizing.swift`) as the cards in view need more or fewer layers.
///
/// Maps pictures (indices into the deck's picture list) to layers `0..<capacity`. A layer is
/// only ever handed to a new picture together with forgetting its old one (`assign`), so a
/// lookup can never return another picture's layer. Layers *pinned* in the current frame (the
/// cards in view) are never evicted; `beginFrame()` unpins them all at once.
///
/// The recency order is an intrusive doubly linked list over the layers (head = most recently
/// used); free layers sit at the tail, so they are used before anything is evicted.
///
/// - Complexity: lookups, `use` and `forget` are O(1); `assign` is O(1) plus the pinned layers it
///   steps over at the tail (none when the scheduler touched the demanded pictures this frame,
///   as it does). Nothing allocates after `init`, except `resizePictures(to:)`, `grow(to:)` and
///   `shrink(to:)`.
public struct LayerPool: Sendable {
    /// How many layers the pool has now (its texture's layer count).
    public internal(set) var capacity: Int
    var layerOfPicture: [Int32]
    var pictureOfLayer: [Int32]
    var newer: [Int32]
    var older: [Int32]
    var pinnedIn: [UInt32]
    var head: Int32 = -1
    var tail: Int32 = -1
    var frame: UInt32 = 1
    /// How many layers hold a picture.
    public internal(set) var residentCount = 0

    /// A pool of `capacity` empty layers for pictures `0..<pictureCount`.
    public init(capacity: Int, pictureCount: Int) {
        self.capacity = max(0, capacity)
        layerOfPicture = Array(repeating: -1, count: max(0, pictureCount))
        pictureOfLayer = Array(repeating: -1, count: self.capacity)
        newer = Array(repeating: -1, count: self.capacity)
        older = Array(repeating: -1, count: self.capacity)
        pinnedIn = Array(repeating: 0, count: self.capacity)
        for layer in 0..<self.capacity { pushTail(Int32(layer)) }
    }

    /// How many pictures the pool can be asked about.
    public var pictureCount: Int { layerOfPicture.count }

    /// Grows (or shrinks) the picture index space; pictures at or past a new, smaller count are
    /// forgotten. Allocates: not for the frame loop.
    public mutating func resizePictures(to count: Int) {
        let count = max(0, count)
        if count < layerOfPicture.count {
            for picture in count..<layerOfPicture.count where layerOfPicture[picture] >= 0 { forget(picture) }
            layerOfPicture.removeLast(layerOfPicture.count - count)
        } else {
            layerOfPicture.append(contentsOf: repeatElement(-1, count: count - layerOfPicture.count))
        }
    }

    /// Starts a new frame: every pin of the previous frame is released. - Complexity: O(1).
    public mutating func beginFrame() {
        frame &+= 1
        if frame == 0 {
            // Wrapped after 2³² frames: clear the stamps so no old stamp reads as current.
            for layer in 0..<capacity { pinnedIn[layer] = 0 }
            frame = 1
        }
    }

    /// The layer holding `picture`, or `nil`. - Complexity: O(1).
    @inlinable public func layer(of picture: Int) -> Int? {
        let layer = rawLayer(of: picture)
        return layer >= 0 ? layer : nil
    }

    /// The layer of `picture`, −1 when none or out of range.
    @usableFromInline func rawLayer(of picture: Int) -> Int {
        guard picture >= 0, picture < layerOfPicture.count else { return -1 }
        return Int(layerOfPicture[picture])
    }

    /// The picture in `layer`, or `nil` when the layer is free.
    public func picture(in layer: Int) -> Int? {
        guard layer >= 0, layer < capacity, pictureOfLayer[layer] >= 0 else { return nil }
        return Int(pictureOfLayer[layer])
    }

    /// True when `layer` is pinned in the current frame.
    public func isPinned(_ layer: Int) -> Bool {
        layer >= 0 && layer < capacity && pinnedIn[layer] == frame
    }

    /// Marks `picture` as just used (most recent), pinned for this frame when `pin`; returns its
    /// layer, or `nil` (changing nothing) when it is not resident. - Complexity: O(1).
    @discardableResult
    public mutating func use(_ picture: Int, pin: Bool) -> Int? {
        let layer = rawLayer(of: picture)
        guard layer >= 0 else { return nil }
        moveToHead(Int32(layer))
        if pin { pinnedIn[layer] = frame }
        return layer
    }

    /// Gives `picture` a layer to upload into now, in this frame, before anything is drawn with
    /// it: its own layer when it is resident already, else a free one, else the least recently
    /// used unpinned layer, whose picture is forgotten first (returned as `evicted`). The layer is
    /// pinned for the rest of this frame, so a picture uploaded in a frame is drawn in it.
    ///
    /// - Returns: `nil`, changing nothing, when every layer is pinned (or the pool is empty, or
    ///   `picture` is out of range).
    public mutating func assign(_ picture: Int) -> (layer: Int, evicted: Int?)? {
        guard picture >= 0, picture < layerOfPicture.count else { return nil }
        if let layer = use(picture, pin: true) { return (layer, nil) }
        var candidate = tail
        while candidate >= 0, pinnedIn[Int(candidate)] == frame { candidate = newer[Int(candidate)] }
        guard candidate >= 0 else { return nil }
        let layer = Int(candidate)
        let old = Int(pictureOfLayer[layer])
        if old >= 0 {
            layerOfPicture[old] = -1
        } else {
            residentCount += 1
        }
        pictureOfLayer[layer] = Int32(picture)
        layerOfPicture[picture] = Int32(layer)
        moveToHead(candidate)
        pinnedIn[layer] = frame
        return (layer, old >= 0 ? old : nil)
    }

    /// Forgets `picture` (its file changed, it failed, it is gone); its layer becomes the first
    /// to be reused. Returns the layer it had. - Complexity: O(1).
    @discardableResult
    public mutating func forget(_ picture: Int) -> Int? {
        let layer = rawLayer(of: picture)
        guard layer >= 0 else { return nil }
        layerOfPicture[picture] = -1
        pictureOfLayer[layer] = -1
        pinnedIn[layer] = 0
        residentCount -= 1
        unlink(Int32(layer))
        pushTail(Int32(layer))
        return layer
    }

    /// The layers from most to least recently used (for tests and the HUD). Allocates.
    public var recencyOrder: [Int] {
        var order: [Int] = []
        var layer = head
        while layer >= 0 {
            order.append(Int(layer))
            layer = older[Int(layer)]
        }
        return order
    }

    // MARK: The recency list

    private mutating func moveToHead(_ layer: Int32) {
        guard head != layer else { return }
        unlink(layer)
        older[Int(layer)] = head
        newer[Int(layer)] = -1
        if head >= 0 { newer[Int(head)] = layer }
        head = layer
        if tail < 0 { tail = layer }
    }

    mutating func pushTail(_ layer: Int32) {
        newer[Int(layer)] = tail
        older[Int(layer)] = -1
        if tail >= 0 { older[Int(tail)] = layer }
        tail = layer
        if head < 0 { head = layer }
    }

    private mutating func unlink(_ layer: Int32) {
        let before = newer[Int(layer)], after = older[Int(layer)]
        if before >= 0 { older[Int(before)] = after } else if head == layer { head = after }
        if after >= 0 { newer[Int(after)] = before } else if tail == layer { tail = before }
        newer[Int(layer)] = -1
        older[Int(layer)] = -1
    }
}
