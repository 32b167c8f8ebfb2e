import CardLayout
import CardMath

/// The wheel's bulk path: card `i` turns by `anglePerItem·i + angle(offset)` about an anchor
/// `radius` points below its center — linear in the index, so the turn's sine and cosine come
/// from an `AngleRecurrence`. With `ay` the anchor's offset below the center and `(px, py)` the
/// card's unturned world center, the rows are `(c·w, −s·h, 0, s·ay + px)`,
/// `(s·w, c·h, 0, −c·ay + py)`, `(0, 0, 1, z)`.
extension WheelLayout: InstanceWriting {
    /// The wheel has no dynamic state; its numbers must be finite.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        context.isBulkSafe && isBulkSafe(itemSize.width) && isBulkSafe(itemSize.height) && itemSize.height != 0
            && isBulkSafe(effectiveRadius) && anglePerItem.isFinite
    }

    /// zIndex = turn·10⁶, which grows with the index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    public func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                               into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        let range = range.clamped(to: 0..<context.cardCount)
        guard !range.isEmpty else { return 0 }
        let viewport = context.viewport, offset = context.offset
        let a = anglePerItem
        let turn0 = angle(offsetX: offset.x, viewport: viewport, cardCount: context.cardCount)
        let anchorY = (itemSize.height / 2 + effectiveRadius) / itemSize.height
        let ay = (anchorY - 0.5) * itemSize.height
        let eye = context.camera.eye
        // The generic path: center + anchor offset − offset, in this order.
        let px = (offset.x + viewport.width / 2 + 0) - offset.x
        let py = (viewport.height / 2 + ay) - offset.y
        let w = itemSize.width, h = itemSize.height
        var index = reversed ? range.upperBound - 1 : range.lowerBound
        let step = reversed ? -1 : 1
        var id = UInt32(truncatingIfNeeded: index)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        func turn(_ i: Int) -> Double { a * Double(i) + turn0 }
        var rotation = AngleRecurrence(angle: turn(index), step: Double(step) * a)
        var untilReseed = BulkPacking.reseedInterval
        for slot in 0..<range.count {
            let s = rotation.sin, c = rotation.cos
            let z = CardStacking.z(layers: turn(index) / a)
            let x = s * ay + px, y = -c * ay + py
            let dx = x - eye.x, dy = y - eye.y, dz = z - eye.z
            (out + slot).initialize(to: InstanceRecord(
                row0: SIMD4<Float>(Float(c * w), Float(-s * h), 0, Float(x)),
                row1: SIMD4<Float>(Float(s * w), Float(c * h), 0, Float(y)),
                row2: SIMD4<Float>(0, 0, 1, Float(z)),
                alpha: 1, depth: Float((dx * dx + dy * dy + dz * dz).squareRoot()),
                layer: layers.layer, id: id))
            index += step
            if reversed {
                id &-= 1
                layers.retreat(previousID: id)
            } else {
                id &+= 1
                layers.advance(nextID: id)
            }
            untilReseed -= 1
            if untilReseed == 0 {
                rotation.reseed(angle: turn(index))
                untilReseed = BulkPacking.reseedInterval
            } else {
                rotation.advance()
            }
        }
        return range.count
    }
}
