/// A run of instance records drawn with one instanced draw call, and what kind of pass it is.
///
/// Packing says which records form which pass; the renderer owns the GL state of each kind (its
/// pipeline description), so no depth or blend flag travels with the records.
public struct InstancePass: Hashable, Sendable {
    /// The kinds of passes a frame has, in the order they are drawn.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `depth` ordering's opaque cards, nearest first: depth test and writes, no blending.
        /// Drawn front to back, the depth test rejects hidden fragments before they are shaded.
        case opaque
        /// `depth` ordering's translucent cards, farthest first: depth test without writes,
        /// blended (or depth-peeled by the renderer).
        case translucent
        /// `zindex` ordering: every card back to front by zIndex, no depth test, blended — Core
        /// Animation's painter's order.
        case backToFront
    }

    /// The records drawn, indices into the packer's records.
    public var range: Range<Int>
    public var kind: Kind

    public init(range: Range<Int>, kind: Kind) {
        self.range = range
        self.kind = kind
    }

    /// The passes of a frame of `count` records whose first `opaqueCount` are opaque, in
    /// `ordering`, skipping empty ones; calls `body` with each.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public static func forEach(count: Int, opaqueCount: Int, ordering: RenderOrdering,
                               _ body: (InstancePass) throws -> Void) rethrows {
        switch ordering {
        case .zindex:
            if count > 0 { try body(InstancePass(range: 0..<count, kind: .backToFront)) }
        case .depth:
            if opaqueCount > 0 { try body(InstancePass(range: 0..<opaqueCount, kind: .opaque)) }
            if count > opaqueCount { try body(InstancePass(range: opaqueCount..<count, kind: .translucent)) }
        }
    }
}
