import CardLayout
import CardMath
import RealModule

extension FileLayout {
    /// The attributes of card `index` (0 ≤ index < n): the card program run over the frame's
    /// registers, the transform built from the steps. A card with a NaN or ±∞ value is hidden,
    /// its matrix the identity and its alpha 0 (nothing non-finite leaves the layout).
    ///
    /// - Complexity: O(program size); allocates nothing.
    func card(_ index: Int, frame: FileLayoutFrame, context: LayoutContext,
              registers: UnsafeMutablePointer<Double>, stack: UnsafeMutablePointer<Double>) -> CardAttributes {
        let o = offset(of: index, s: frame.s, n: frame.n)
        registers[LayoutFileScope.o] = o
        registers[LayoutFileScope.i] = Double(index)
        model.program.card.run(registers: registers, stack: stack)
        var finite = frame.isUsable
        for k in model.program.cardOutputs.indices where !registers[model.program.cardOutputs[k]].isFinite {
            finite = false
            let register = model.program.cardOutputs[k], value = registers[register], source = model.program.cardSources[k]
            model.warnings.warnOnce(register) {
                "\(model.file):\(source.position.line):\(source.position.column): '\(source.text)' gave \(FileLayoutWarnings.text(value)) at o = \(o); the card is hidden while it does"
            }
        }
        var attributes: CardAttributes
        if model.hasBase, let base = model.base {
            attributes = base.attributes(at: index, in: context)
            // The file's steps move the card after the base placed it, about the viewport's centre.
            let center = Vec3(context.viewport.width / 2, context.viewport.height / 2, 0)
            let world = attributes.localToWorld(offset: context.offset)
            attributes.transform = transform(registers) * .translation(-center) * world
            attributes.center = Vec3(context.offset.x + center.x, context.offset.y + center.y, 0)
            attributes.anchor = Vec2(0.5, 0.5)
        } else {
            let size = model.vertical ? Size(width: frame.h, height: frame.w) : Size(width: frame.w, height: frame.h)
            attributes = CardAttributes(
                index: index,
                center: Vec3(context.offset.x + context.viewport.width / 2, context.offset.y + context.viewport.height / 2, 0),
                size: size, transform: transform(registers))
        }
        let alpha = model.program.alpha.map { registers[$0] } ?? 1
        attributes.alpha *= min(max(alpha, 0), 1)
        if let hidden = model.program.hidden, registers[hidden] != 0 { attributes.isHidden = true }
        if !isInVisibleRange(o, frame: frame) { attributes.isHidden = true }
        let m = attributes.transform
        if !model.backfaces, m.c2.z <= 0 { attributes.isHidden = true }
        let z = m.c3.z
        if let zIndex = model.program.zIndex {
            attributes.zIndex = Int(clampForIndex(registers[zIndex].rounded()))
        } else if !model.hasBase {
            // Nearer the viewer on top; ties (a flat strip) to the card nearer the current one.
            attributes.zIndex = Int(clampForIndex((z * 1000 - Swift.abs(o)).rounded()))
        }
        if let bias = model.program.depthBias { attributes.depthBias = registers[bias] }
        guard finite, attributes.isFinite else {
            attributes.transform = .identity
            attributes.alpha = 0
            attributes.depthBias = 0
            attributes.isHidden = true
            return attributes
        }
        return attributes
    }

    /// True when `o` lies in the frame's `visible` range — where the layout wraps, when any of
    /// the card's places `o + k·n` does (the run `runs(_:)` visits: with `s` in `0..<n`, a run
    /// of the whole deck reaches past `±n/2`, where `o` has come round).
    @inline(__always)
    func isInVisibleRange(_ o: Double, frame: FileLayoutFrame) -> Bool {
        if o >= frame.lo && o <= frame.hi { return true }
        guard model.wraps, frame.n > 0 else { return false }
        let n = Double(frame.n)
        return ((frame.lo - o) / n).rounded(.up) <= ((frame.hi - o) / n).rounded(.down)
    }

    /// The product of the steps, in the order written (each applies before the one before it).
    func transform(_ registers: UnsafeMutablePointer<Double>) -> Mat4 {
        var m = Mat4.identity
        for k in model.program.steps.indices {
            switch model.program.steps[k] {
            case let .translate(x, y, z):
                m.c3 += m.c0 * registers[x] + m.c1 * registers[y] + m.c2 * registers[z]
            // A rotation about an axis changes two columns: M·R without a full product.
            case .rotateX(let a):
                let (s, c) = sinCos(registers[a])
                (m.c1, m.c2) = (m.c1 * c + m.c2 * s, m.c2 * c - m.c1 * s)
            case .rotateY(let a):
                let (s, c) = sinCos(registers[a])
                (m.c0, m.c2) = (m.c0 * c - m.c2 * s, m.c0 * s + m.c2 * c)
            case .rotateZ(let a):
                let (s, c) = sinCos(registers[a])
                (m.c0, m.c1) = (m.c0 * c + m.c1 * s, m.c1 * c - m.c0 * s)
            case let .rotate(x, y, z, angle):
                m = m * Self.rotation(axis: Vec3(registers[x], registers[y], registers[z]), angle: registers[angle])
            case let .scale(x, y, z):
                m.c0 = m.c0 * registers[x]
                m.c1 = m.c1 * registers[y]
                m.c2 = m.c2 * registers[z]
            }
        }
        return m
    }

    /// A right-handed rotation by `angle` radians about `axis` (Rodrigues); a zero axis is the
    /// identity (Core Animation ignores such a rotation).
    static func rotation(axis: Vec3, angle: Double) -> Mat4 {
        let length = axis.length
        guard length > 0 else { return length.isNaN ? Mat4(Vec4(.nan, 0, 0, 0), .zero, .zero, .zero) : .identity }
        let u = axis / length
        let (s, c) = sinCos(angle)
        let t = 1 - c
        return Mat4(rows: Vec4(c + u.x * u.x * t, u.x * u.y * t - u.z * s, u.x * u.z * t + u.y * s, 0),
                    Vec4(u.y * u.x * t + u.z * s, c + u.y * u.y * t, u.y * u.z * t - u.x * s, 0),
                    Vec4(u.z * u.x * t - u.y * s, u.z * u.y * t + u.x * s, c + u.z * u.z * t, 0),
                    Vec4(0, 0, 0, 1))
    }

    private func clampForIndex(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -1e15), 1e15)
    }
}
