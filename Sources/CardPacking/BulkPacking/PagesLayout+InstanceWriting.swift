import CardLayout
import CardMath

/// The pages layout's bulk path: at rest, card `i` is a `W × H` card at content y
/// `topInset + i·pitch`, pushed back by `pushBack` and tilted about X by
/// `−60° + 20°·max((y − offsetY)/H, 0)`. Above the fold (cards whose top edge is at or above
/// the viewport's top) the tilt is constant; below it the tilt grows linearly with the index,
/// so its sine and cosine advance by angle addition (see `PagesWriter.write`).
///
/// With the tilt's `s`, `c`, the card's world center `(px, cy, pushBack)` and the size folded
/// in, the record's rows are `(W, 0, 0, px)`, `(0, c·H, −s, cy)`, `(0, s·H, c, pushBack)`.
extension PagesLayout: InstanceWriting {
    /// At rest (no highlighted or swiped card), a positive finite pitch, and numbers that stay
    /// within Float range down to the last card.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        guard highlightedIndex == nil, swipe == nil, context.isBulkSafe, pitch > 0,
              isBulkSafe(pitch), isBulkSafe(topInset), isBulkSafe(restingAngle),
              isBulkSafe(anglePerViewport), isBulkSafe(pushBack) else { return false }
        return isBulkSafe(Double(context.cardCount) * pitch + topInset)
    }

    /// zIndex = index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    /// Every card at rest has alpha 1.
    public var writesOnlyOpaqueRecords: Bool { true }

    /// At rest each page hides most of the one above it, except its top strip.
    public var stacksOverPreviousCard: Bool { true }

    public func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                               into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        let range = range.clamped(to: 0..<context.cardCount)
        guard !range.isEmpty else { return 0 }
        let writer = PagesWriter(layout: self, context: context, layerCount: layerCount)
        let fold = writer.fold(in: range)
        let flat = range.lowerBound..<fold, tilting = fold..<range.upperBound
        if reversed {
            writer.write(tilting, tilting: true, reversed: true, into: out)
            writer.write(flat, tilting: false, reversed: true, into: out + tilting.count)
        } else {
            writer.write(flat, tilting: false, reversed: false, into: out)
            writer.write(tilting, tilting: true, reversed: false, into: out + flat.count)
        }
        return range.count
    }
}

/// The loop-invariant part of the pages formula for one frame.
private struct PagesWriter {
    let layout: PagesLayout
    let width: Double, height: Double, halfHeight: Double
    let offsetY: Double
    /// Row 0 is the same for every card: `(W, 0, 0, W/2 − offsetX)`.
    let row0: SIMD4<Float>
    let pushBack: Float
    /// The eye's y, and the squared x and z distances from it of every card's center.
    let eyeY: Double, eyeDistanceXZSquared: Double
    /// The tilt's growth per card below the fold, radians.
    let tiltStep: Double
    let layerCount: Int

    init(layout: PagesLayout, context: LayoutContext, layerCount: Int) {
        self.layout = layout
        width = context.viewport.width
        height = context.viewport.height
        halfHeight = height / 2
        offsetY = context.offset.y
        let eye = context.camera.eye
        // The generic path: center + anchor offset (0) − offset, in this order.
        let centerX = (width / 2 + 0) - context.offset.x
        row0 = SIMD4<Float>(Float(width), 0, 0, Float(centerX))
        pushBack = Float(layout.pushBack)
        eyeY = eye.y
        let dx = centerX - eye.x, dz = layout.pushBack - eye.z
        eyeDistanceXZSquared = dx * dx + dz * dz
        tiltStep = height > 0 ? radians(layout.anglePerViewport * layout.pitch / height) : 0
        self.layerCount = layerCount
    }

    /// True when card `index` is below the fold: its tilt grows with the index (`d > 0`).
    func isTilting(_ index: Int) -> Bool {
        height > 0 && (layout.frameY(at: index) - offsetY) / height > 0
    }

    /// The first index of `range` below the fold (`range.upperBound` when none is).
    func fold(in range: Range<Int>) -> Int {
        guard height > 0 else { return range.upperBound }
        let estimate = ((offsetY - layout.topInset) / layout.pitch).rounded(.down) + 1
        var k = Int(clamp(estimate, Double(range.lowerBound), Double(range.upperBound)))
        // The estimate may be off by one where the division rounds; the predicate decides.
        while k > range.lowerBound, isTilting(k - 1) { k -= 1 }
        while k < range.upperBound, !isTilting(k) { k += 1 }
        return k
    }

    /// The exact tilt of card `index`, radians (the layout's own formula).
    func tilt(_ index: Int) -> Double {
        layout.tilt(frameY: layout.frameY(at: index), offsetY: offsetY, viewportHeight: height)
    }

    /// Writes `run` in index order (or reversed) to `out`, one record per card.
    func write(_ run: Range<Int>, tilting: Bool, reversed: Bool, into out: UnsafeMutablePointer<InstanceRecord>) {
        // Each combination gets its own loop, with the flags as constants.
        switch (tilting, reversed) {
        case (false, false): write(run, tilting: false, step: 1, into: out)
        case (false, true): write(run, tilting: false, step: -1, into: out)
        case (true, false): write(run, tilting: true, step: 1, into: out)
        case (true, true): write(run, tilting: true, step: -1, into: out)
        }
    }

    /// The loop: cards `run` from one end (`step` 1: from the lower bound; −1: from the upper).
    ///
    /// Below the fold the tilt advances by angle addition, applied straight to the two pairs of
    /// numbers the rows need, `(c·H, −s)` and `(s·H, c)`: rotating `(c, s)` by δ rotates them
    /// alike. The recurrence restarts from an exact sine and cosine every
    /// `BulkPacking.reseedInterval` cards.
    @inline(__always)
    private func write(_ run: Range<Int>, tilting: Bool, step: Int, into out: UnsafeMutablePointer<InstanceRecord>) {
        guard !run.isEmpty else { return }
        let first = step > 0 ? run.lowerBound : run.upperBound - 1
        var id = UInt32(truncatingIfNeeded: first)
        var layers = LayerCycle(id: id, layerCount: layerCount)
        let h = height
        func rows(_ angle: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            let (s, c) = sinCos(angle)
            return (SIMD2(c * h, -s), SIMD2(s * h, c))
        }
        var (cosPair, sinPair) = rows(tilt(first))
        let (stepSin, stepCos) = sinCos(tilting ? Double(step) * tiltStep : 0)
        // centerY = topInset + i·pitch + H/2 − offsetY (the constant terms summed first).
        let pitch = layout.pitch, base = (layout.topInset + halfHeight) - offsetY
        let eyeY = self.eyeY, xz = Float(eyeDistanceXZSquared), row0 = self.row0, pushBack = self.pushBack
        var index = first
        var record = out
        var remaining = run.count
        while remaining > 0 {
            let chunk = tilting ? min(remaining, BulkPacking.reseedInterval) : remaining
            if tilting, remaining != run.count { (cosPair, sinPair) = rows(tilt(index)) }
            for _ in 0..<chunk {
                let centerY = Double(index) * pitch + base
                let dy = Float(centerY - eyeY)
                let a = SIMD2<Float>(cosPair), b = SIMD2<Float>(sinPair)
                record.initialize(to: InstanceRecord(
                    row0: row0,
                    row1: SIMD4<Float>(0, a.x, a.y, Float(centerY)),
                    row2: SIMD4<Float>(0, b.x, b.y, pushBack),
                    alpha: 1, depth: (xz + dy * dy).squareRoot(), layer: layers.layer, id: id))
                record += 1
                index &+= step
                layers.follow(step: step, id: &id)
                if tilting {
                    let nextCos = cosPair * stepCos - sinPair * stepSin
                    sinPair = sinPair * stepCos + cosPair * stepSin
                    cosPair = nextCos
                }
            }
            remaining &-= chunk
        }
    }
}
