/// The pixels a comparison does not count: within about one pixel of a card edge or an
/// intersection line, where rasterisation and depth precision may round either way.
///
/// Derived from the reference alone: a pixel is excluded when any of its eight neighbours sees
/// a different list of cards (a different front card, or the same cards in another depth
/// order — an intersection line), or when the outline of a card that could be seen there
/// passes within the reference's outline margin of its center.
public struct ExclusionMask: Sendable {
    public let width: Int
    public let height: Int
    /// Per pixel, row-major, top row first: `true` = not counted.
    public let excluded: [Bool]
    /// How many pixels are excluded.
    public let excludedCount: Int

    /// - Complexity: O(pixels).
    public init(_ reference: ReferenceImage) {
        let w = reference.width, h = reference.height
        var excluded = reference.nearOutline
        let signatures = reference.signatures
        for y in 0..<h {
            for x in 0..<w where !excluded[y * w + x] {
                let own = signatures[y * w + x]
                search: for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) where signatures[ny * w + nx] != own {
                        excluded[y * w + x] = true
                        break search
                    }
                }
            }
        }
        width = w
        height = h
        self.excluded = excluded
        excludedCount = excluded.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// Pixels counted: all minus the excluded ones.
    public var countedCount: Int { width * height - excludedCount }
}
