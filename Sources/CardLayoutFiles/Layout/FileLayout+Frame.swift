import CardLayout
import CardMath

/// What a frame computes once for all its cards.
struct FileLayoutFrame {
    var w: Double
    var h: Double
    /// The scroll position in cards (modulo `n` when the layout wraps).
    var s: Double
    var n: Int
    /// The `o` range drawn.
    var lo: Double
    var hi: Double
    /// False when a value the frame computes is NaN or ±∞: no card is drawn.
    var isUsable: Bool
}

extension FileLayout {
    /// Runs the slot and frame programs for `context` on registers on the stack, then `body`
    /// with the frame, the registers and the stack (for the card program). `cards: false` runs
    /// the slot program only.
    ///
    /// - Complexity: O(size of the programs); allocates nothing (the registers live on the stack).
    func withFrame<R>(_ context: LayoutContext, cards: Bool = true,
                      _ body: (FileLayoutFrame?, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> R) -> R {
        let count = model.program.registerCount, depth = model.program.stackSize
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count + depth) { buffer in
            // The capacity is at least 1 (the stack is), so the buffer has an address.
            let registers = buffer.baseAddress!
            let stack = registers + count
            model.program.initialRegisters.withUnsafeBufferPointer { initial in
                for k in 0..<count { registers[k] = initial[k] }
            }
            let n = context.cardCount
            registers[LayoutFileScope.n] = Double(n)
            registers[LayoutFileScope.W] = context.viewport.width
            registers[LayoutFileScope.H] = context.viewport.height
            registers[LayoutFileScope.v] = 0  // the slot may not read it; set below from w
            model.program.slot.run(registers: registers, stack: stack)
            let w = registers[LayoutFileScope.w], h = registers[LayoutFileScope.h]
            guard w.isFinite, w > 0, h.isFinite, h > 0 else {
                model.warnings.warnOnce(-1) { "\(model.file): the slot is \(w) × \(h) points (item width × slot height): it must be positive; no card is drawn" }
                return body(nil, registers, stack)
            }
            let along = model.vertical ? context.offset.y : context.offset.x
            // `v`, cards per second: the scroll physics' velocity along the axis over the slot.
            registers[LayoutFileScope.v] = (model.vertical ? context.scrollVelocity.y : context.scrollVelocity.x) / w
            var s = along / w
            if model.wraps, n > 0 {
                s = ExpressionFunction.apply(.mod, s, Double(n))
            }
            registers[LayoutFileScope.s] = s
            guard cards else {
                return body(FileLayoutFrame(w: w, h: h, s: s, n: n, lo: 0, hi: 0, isUsable: true), registers, stack)
            }
            model.program.frame.run(registers: registers, stack: stack)
            var usable = true
            for k in model.program.optionRegisters.indices {
                // Already clamped to its range by the frame program (`FileLayoutProgram.clamped`).
                let register = model.program.optionRegisters[k], value = registers[register]
                if value.isNaN, n > 0 {
                    usable = false
                    let source = model.program.optionSources[k]
                    model.warnings.warnOnce(register) {
                        "\(model.file):\(source.position.line):\(source.position.column): '\(source.text)' gave NaN; no card is drawn while it does"
                    }
                }
            }
            for k in model.program.frameOutputs.indices where n > 0 && !registers[model.program.frameOutputs[k]].isFinite {
                usable = false
                let register = model.program.frameOutputs[k], value = registers[register], source = model.program.frameSources[k]
                model.warnings.warnOnce(register) {
                    "\(model.file):\(source.position.line):\(source.position.column): '\(source.text)' gave \(FileLayoutWarnings.text(value)); no card is drawn while it does"
                }
            }
            let half = Double(LayoutFileLimits.maximumCandidates / 2)
            var lo = -half, hi = half
            if let (a, b) = model.program.visible {
                lo = max(registers[a], -half)
                hi = min(registers[b], half)
            }
            let frame = FileLayoutFrame(w: w, h: h, s: s, n: n, lo: lo, hi: hi, isUsable: usable)
            return body(frame, registers, stack)
        }
    }

    /// `o` for card `i`: `i − s`, and where the layout wraps, `o > n/2` becomes `o − n` and
    /// `o < −n/2` becomes `o + n` (iCarousel, with `s` already in `0..<n`).
    func offset(of index: Int, s: Double, n: Int) -> Double {
        var o = Double(index) - s
        if model.wraps {
            let count = Double(n)
            if o > count / 2 { o -= count } else if o < -count / 2 { o += count }
        }
        return o
    }
}
