import CardLayout
import CardMath

/// The wheel's bulk path: card `i` turns by `anglePerItem·i + angle(offset)` about an anchor
/// `radius` points below its center — linear in the index, so the turn's sine and cosine come
/// from an `AngleRecurrence`. With `ay` the anchor's offset below the center and `(px, py)` the
/// card's unturned world center, the rows are `(c·w, −s·h, 0, s·ay + px)`,
/// `(s·w, c·h, 0, −c·ay + py)`, `(0, 0, 1, z)`.
extension WheelLayout: RunInstanceWriting {
    /// The wheel has no dynamic state; its numbers must be finite.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        context.isBulkSafe && isBulkSafe(itemSize.width) && isBulkSafe(itemSize.height) && itemSize.height != 0
            && isBulkSafe(effectiveRadius) && anglePerItem.isFinite
    }

    /// zIndex = turn·10⁶, which grows with the index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    /// Every card at rest has alpha 1.
    public var writesOnlyOpaqueRecords: Bool { true }

    /// The loop, from the lower end of `range` (`step` 1) or the upper (−1); the turn's sine and
    /// cosine restart from exact values every `BulkPacking.reseedInterval` cards.
    @inline(__always)
    public func writeRun(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, step: Int,
                         into out: UnsafeMutablePointer<InstanceRecord>) {
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
        var index = step > 0 ? range.lowerBound : range.upperBound - 1
        var id = UInt32(truncatingIfNeeded: index)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        func turn(_ i: Int) -> Double { a * Double(i) + turn0 }
        var rotation = AngleRecurrence(angle: turn(index), step: Double(step) * a)
        var record = out
        var remaining = range.count
        while remaining > 0 {
            let chunk = min(remaining, BulkPacking.reseedInterval)
            if remaining != range.count { rotation.reseed(angle: turn(index)) }
            for _ in 0..<chunk {
                let s = rotation.sin, c = rotation.cos
                let z = CardStacking.z(layers: turn(index) / a)
                let x = s * ay + px, y = -c * ay + py
                let dx = Float(x - eye.x), dy = Float(y - eye.y), dz = Float(z - eye.z)
                record.initialize(to: InstanceRecord(
                    row0: SIMD4<Float>(Float(c * w), Float(-s * h), 0, Float(x)),
                    row1: SIMD4<Float>(Float(s * w), Float(c * h), 0, Float(y)),
                    row2: SIMD4<Float>(0, 0, 1, Float(z)),
                    alpha: 1, depth: (dx * dx + dy * dy + dz * dz).squareRoot(),
                    layer: layers.layer, id: id))
                record += 1
                index &+= step
                layers.follow(step: step, id: &id)
                rotation.advance()
            }
            remaining &-= chunk
        }
    }
}
