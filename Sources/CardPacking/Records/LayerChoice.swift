/// The default picture layer of each card, as the packers write it: the card's own entry in a
/// table indexed by id (a deck whose cards show their own pictures), else `id % count` (the
/// bundled pictures in turn), else 0.
///
/// A value: copying it shares the table. Layers past the pool's last are clamped to it.
public struct LayerChoice: Sendable {
    /// Picture layers available (0: none; cards then get layer 0, which the shader colours by id).
    public var count: Int
    /// The layer of each card id; ids past its end use `id % count`.
    public var table: [UInt32]

    public init(count: Int, table: [UInt32] = []) {
        self.count = max(0, min(count, PictureLayer.poolLimit))
        self.table = table
    }

    /// The layer of card `id`.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func layer(forID id: UInt32) -> UInt16 {
        guard count > 1 else { return 0 }
        if Int(id) < table.count { return UInt16(truncatingIfNeeded: min(Int(table[Int(id)]), count - 1)) }
        return UInt16(truncatingIfNeeded: id % UInt32(truncatingIfNeeded: count))
    }
}
