import CardLayout
import CardMath

/// SlideBox's bulk path: at rest (no front-card drag), card `a` has
/// `ratio = 1 − 0.1·a + (offsetX / pageDistance) / 10`, linear in the index, and
/// `transform = T(0, 0, z) · S(scale, scale, 1) · T(tx, 0, 0)`. Every card is centered on
/// screen, so with the card size `cw × ch` folded in the rows are
/// `(scale·cw, 0, 0, scale·tx + W/2)`, `(0, scale·ch, 0, H/2 − offsetY)`, `(0, 0, 1, z)`.
extension SlideBoxLayout: RunInstanceWriting {
    /// At rest (no front-card drag) with finite numbers.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        frontDrag == nil && context.isBulkSafe && isBulkSafe(cardScale.x) && isBulkSafe(cardScale.y)
    }

    /// zIndex = 10000 − index: reverse index order is zIndex order.
    public var restingZIndexOrder: IndexOrder { .descending }

    /// Every card at rest has alpha 1.
    public var writesOnlyOpaqueRecords: Bool { true }

    /// The loop, from the lower end of `range` (`step` 1) or the upper (−1).
    @inline(__always)
    public func writeRun(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, step: Int,
                         into out: UnsafeMutablePointer<InstanceRecord>) {
        let viewport = context.viewport
        let card = cardSize(viewport: viewport)
        let distance = pageDistance(viewport: viewport)
        let pages = (context.offset.x / distance) / 10
        let leftTranslation = -(viewport.width / 2 + card.width / 2)
        let eye = context.camera.eye
        // The generic path: center + anchor offset (0) − offset, in this order.
        let centerX = (context.offset.x + viewport.width / 2 + 0) - context.offset.x
        let centerY = (viewport.height / 2 + 0) - context.offset.y
        let dy = Float(centerY - eye.y), floatCenterY = Float(centerY)
        let cardWidth = card.width, cardHeight = card.height, eyeX = eye.x, eyeZ = eye.z
        var index = step > 0 ? range.lowerBound : range.upperBound - 1
        var id = UInt32(truncatingIfNeeded: index)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        var record = out
        for _ in 0..<range.count {
            let r = 1 - 0.1 * Double(index) + pages
            let scale = clamp(r, 0, 1.1)
            var tx = 0.0
            if r > 1 {
                if r >= 1.1 {
                    tx = leftTranslation
                } else {
                    tx = -(r - r.rounded(.down)) * distance * 10
                    if tx == 0 { tx = -distance }
                }
            }
            let z = CardStacking.z(layers: 10 * (r - 1))
            let x = scale * tx + centerX
            let dx = Float(x - eyeX), dz = Float(z - eyeZ)
            record.initialize(to: InstanceRecord(
                row0: SIMD4<Float>(Float(scale * cardWidth), 0, 0, Float(x)),
                row1: SIMD4<Float>(0, Float(scale * cardHeight), 0, floatCenterY),
                row2: SIMD4<Float>(0, 0, 1, Float(z)),
                alpha: 1, depth: (dx * dx + dy * dy + dz * dz).squareRoot(),
                layer: layers.layer, id: id))
            record += 1
            index &+= step
            layers.follow(step: step, id: &id)
        }
    }
}
