import CardLayout
import CardMath

/// The grid's bulk path: at rest (no lifted card) every card is flat in its slot, so the rows
/// are `(cw, 0, 0, x − offsetX)`, `(0, ch, 0, y − offsetY)`, `(0, 0, 1, 0)` with `(x, y)` the
/// slot's center; the row and column advance as counters (no division per card).
extension GridLayout: InstanceWriting {
    /// At rest (no lifted card) with finite numbers.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        guard lifted == nil, context.isBulkSafe, isBulkSafe(margin), isBulkSafe(spacing) else { return false }
        let card = cardSize(viewport: context.viewport)
        let rows = Double(context.cardCount / columns(viewportWidth: context.viewport.width) + 1)
        return isBulkSafe(card.width) && isBulkSafe(card.height) && isBulkSafe(rows * (card.height + spacing) + margin)
    }

    /// zIndex = index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    public func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                               into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        let range = range.clamped(to: 0..<context.cardCount)
        guard !range.isEmpty else { return 0 }
        let columnCount = columns(viewportWidth: context.viewport.width)
        let card = cardSize(viewport: context.viewport)
        let eye = context.camera.eye
        let pitchX = card.width + spacing, pitchY = card.height + spacing
        let half = card.vector / 2
        let offset = context.offset
        let rowScale = SIMD2<Float>(Float(card.width), Float(card.height))
        var index = reversed ? range.upperBound - 1 : range.lowerBound
        var row = index / columnCount, column = index % columnCount
        var id = UInt32(truncatingIfNeeded: index)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        let eyeZSquared = eye.z * eye.z
        for slot in 0..<range.count {
            // The generic path: slot origin + half the size, + anchor offset (0) − offset.
            let x = (margin + Double(column) * pitchX + half.x + 0) - offset.x
            let y = (margin + Double(row) * pitchY + half.y + 0) - offset.y
            let dx = x - eye.x, dy = y - eye.y
            (out + slot).initialize(to: InstanceRecord(
                row0: SIMD4<Float>(rowScale.x, 0, 0, Float(x)),
                row1: SIMD4<Float>(0, rowScale.y, 0, Float(y)),
                row2: SIMD4<Float>(0, 0, 1, 0),
                alpha: 1, depth: Float((dx * dx + dy * dy + eyeZSquared).squareRoot()),
                layer: layers.layer, id: id))
            if reversed {
                index -= 1
                column -= 1
                if column < 0 { column = columnCount - 1; row -= 1 }
                id &-= 1
                layers.retreat(previousID: id)
            } else {
                index += 1
                column += 1
                if column == columnCount { column = 0; row += 1 }
                id &+= 1
                layers.advance(nextID: id)
            }
        }
        return range.count
    }
}
