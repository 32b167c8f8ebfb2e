import CardLayout
import CardMath

/// The grid's bulk path: at rest (no lifted card) every card is flat in its slot, so the rows
/// are `(cw, 0, 0, x − offsetX)`, `(0, ch, 0, y − offsetY)`, `(0, 0, 1, 0)` with `(x, y)` the
/// slot's center; the row and column advance as counters (no division per card).
extension GridLayout: RunInstanceWriting {
    /// At rest (no lifted card) with finite numbers.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        guard lifted == nil, context.isBulkSafe, isBulkSafe(margin), isBulkSafe(spacing) else { return false }
        let card = cardSize(viewport: context.viewport)
        let rows = Double(context.cardCount / columns(viewportWidth: context.viewport.width) + 1)
        return isBulkSafe(card.width) && isBulkSafe(card.height) && isBulkSafe(rows * (card.height + spacing) + margin)
    }

    /// zIndex = index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    /// Every card at rest has alpha 1.
    public var writesOnlyOpaqueRecords: Bool { true }

    /// The loop, from the lower end of `range` (`step` 1) or the upper (−1).
    @inline(__always)
    public func writeRun(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, step: Int,
                         into out: UnsafeMutablePointer<InstanceRecord>) {
        let columnCount = columns(viewportWidth: context.viewport.width)
        let card = cardSize(viewport: context.viewport)
        let eye = context.camera.eye
        let pitchX = card.width + spacing, pitchY = card.height + spacing
        let half = card.vector / 2
        let offset = context.offset, margin = margin
        let width = Float(card.width), height = Float(card.height)
        let eyeZSquared = Float(eye.z * eye.z)
        var index = step > 0 ? range.lowerBound : range.upperBound - 1
        var row = index / columnCount, column = index % columnCount
        var id = UInt32(truncatingIfNeeded: index)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        var record = out
        for _ in 0..<range.count {
            // The generic path: slot origin + half the size, + anchor offset (0) − offset.
            let x = (margin + Double(column) * pitchX + half.x + 0) - offset.x
            let y = (margin + Double(row) * pitchY + half.y + 0) - offset.y
            let dx = Float(x - eye.x), dy = Float(y - eye.y)
            record.initialize(to: InstanceRecord(
                row0: SIMD4<Float>(width, 0, 0, Float(x)),
                row1: SIMD4<Float>(0, height, 0, Float(y)),
                row2: SIMD4<Float>(0, 0, 1, 0),
                alpha: 1, depth: (dx * dx + dy * dy + eyeZSquared).squareRoot(),
                layer: layers.layer, id: id))
            record += 1
            index &+= step
            if step > 0 {
                column &+= 1
                if column == columnCount { column = 0; row &+= 1 }
                id &+= 1
                layers.advance(nextID: id)
            } else {
                column &-= 1
                if column < 0 { column = columnCount &- 1; row &-= 1 }
                id &-= 1
                layers.retreat(previousID: id)
            }
        }
    }
}
