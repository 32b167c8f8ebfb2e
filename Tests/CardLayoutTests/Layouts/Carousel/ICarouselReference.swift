import Foundation

/// iCarousel's math written out independently from `iCarousel/iCarousel.m` (1.7.6–1.8), in Core
/// Animation's own convention: row-major 4×4 matrices acting on row vectors (`p' = p·M`), built
/// with `CATransform3DTranslate`/`CATransform3DRotate` as the file calls them. The perspective
/// `m34` is left out: here the one shared camera projects (SPEC §1), and `m34` never reaches z.
enum ICarouselReference {
    typealias M = [[Double]]

    static let identity: M = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]

    static func multiply(_ a: M, _ b: M) -> M {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// `CATransform3DTranslate(t, tx, ty, tz)`: the translation first, then `t`.
    static func translate(_ t: M, _ tx: Double, _ ty: Double, _ tz: Double) -> M {
        var m = identity
        m[3] = [tx, ty, tz, 1]
        return multiply(m, t)
    }

    /// `CATransform3DRotate(t, angle, x, y, z)` for a unit axis.
    static func rotate(_ t: M, _ a: Double, _ x: Double, _ y: Double, _ z: Double) -> M {
        let c = cos(a), s = sin(a), k = 1 - c
        let r: M = [[c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0],
                    [k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0],
                    [k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0],
                    [0, 0, 0, 1]]
        return multiply(r, t)
    }

    struct Options {
        var type: String
        var vertical = false
        var itemWidth: Double
        var spacing: Double? = nil
        var arc = 2 * Double.pi
        var radius: Double? = nil
        var count: Double
        var angle: Double? = nil
        var tilt: Double? = nil
        var toggle = 0.0
    }

    /// `transformForItemViewWithOffset:`.
    static func transform(offset: Double, _ o: Options) -> M {
        var offset = offset
        let t = identity
        let w = o.itemWidth
        switch o.type {
        case "linear":
            let spacing = o.spacing ?? 1
            return o.vertical ? translate(t, 0, offset * w * spacing, 0) : translate(t, offset * w * spacing, 0, 0)
        case "rotary", "rotary-inverted":
            let spacing = o.spacing ?? 1
            var radius = o.radius ?? max(w * spacing / 2, w * spacing / 2 / tan(o.arc / 2 / o.count))
            var angle = offset / o.count * o.arc
            if o.type == "rotary-inverted" { radius = -radius; angle = -angle }
            return o.vertical
                ? translate(t, 0, radius * sin(angle), radius * cos(angle) - radius)
                : translate(t, radius * sin(angle), 0, radius * cos(angle) - radius)
        case "cylinder", "cylinder-inverted":
            let spacing = o.spacing ?? 1
            var radius = o.radius ?? max(0.01, w * spacing / 2 / tan(o.arc / 2 / o.count))
            var angle = offset / o.count * o.arc
            if o.type == "cylinder-inverted" { radius = -radius; angle = -angle }
            var m = translate(t, 0, 0, -radius)
            m = o.vertical ? rotate(m, angle, -1, 0, 0) : rotate(m, angle, 0, 1, 0)
            return translate(m, 0, 0, radius + 0.01)
        case "carousel-wheel", "carousel-wheel-inverted":
            let spacing = o.spacing ?? 1
            var radius = o.radius ?? w * spacing * o.count / o.arc
            var angle = o.angle ?? o.arc / o.count
            if o.type == "carousel-wheel-inverted" { radius = -radius; angle = -angle }
            if o.vertical {
                let m = rotate(translate(t, -radius, 0, 0), angle * offset, 0, 0, 1)
                return translate(m, radius, 0, offset * 0.01)
            }
            let m = rotate(translate(t, 0, radius, 0), angle * offset, 0, 0, 1)
            return translate(m, 0, -radius, offset * 0.01)
        case "coverflow", "coverflow2":
            let tilt = o.tilt ?? 0.9, spacing = o.spacing ?? 0.25
            var clamped = max(-1, min(1, offset))
            if o.type == "coverflow2" {
                if o.toggle >= 0 {
                    if offset <= -0.5 { clamped = -1 } else if offset <= 0.5 { clamped = -o.toggle } else if offset <= 1.5 { clamped = 1 - o.toggle }
                } else {
                    if offset > 0.5 { clamped = 1 } else if offset > -0.5 { clamped = -o.toggle } else if offset > -1.5 { clamped = -1 - o.toggle }
                }
            }
            let x = (clamped * 0.5 * tilt + offset * spacing) * w
            let z = abs(clamped) * -w * 0.5
            if o.vertical {
                return rotate(translate(t, 0, x, z), -clamped * .pi / 2 * tilt, -1, 0, 0)
            }
            return rotate(translate(t, x, 0, z), -clamped * .pi / 2 * tilt, 0, 1, 0)
        default:  // time machines
            var tilt = o.tilt ?? 0.3
            let spacing = o.spacing ?? 1
            if o.type == "time-machine-inverted" { tilt = -tilt; offset = -offset }
            return o.vertical
                ? translate(t, 0, offset * w * tilt, offset * w * spacing)
                : translate(t, offset * w * tilt, 0, offset * w * spacing)
        }
    }

    /// `offsetForItemAtIndex:` (with `clampedOffset` applied to the scroll offset first when
    /// wrapping, as `didScroll` does); iCarousel 1.8.3 compares with `_numberOfItems/2.0`.
    static func offset(index: Int, scroll: Double, count n: Int, wraps: Bool) -> Double {
        var s = scroll
        if wraps { s = scroll - floor(scroll / Double(n)) * Double(n) }
        var offset = Double(index) - s
        if wraps {
            if offset > Double(n) / 2 { offset -= Double(n) } else if offset < -Double(n) / 2 { offset += Double(n) }
        }
        if n == 1 { offset = 0 }
        return offset
    }

    /// `alphaForItemWithOffset:` with 1.8's `fadeMinAlpha` as SPEC §8 writes it.
    static func alpha(offset: Double, fadeMin: Double, fadeMax: Double, fadeRange: Double, fadeMinAlpha: Double = 0) -> Double {
        if offset > fadeMax { return 1 - min(offset - fadeMax, fadeRange) / fadeRange * (1 - fadeMinAlpha) }
        if offset < fadeMin { return 1 - min(fadeMin - offset, fadeRange) / fadeRange * (1 - fadeMinAlpha) }
        return 1
    }

    /// `circularCarouselItemCount`, no `count` option set (`NSInteger`: truncated).
    static func circularCount(width: Double, itemWidth: Double, spacing: Double, items n: Int) -> Int {
        let count = Int(min(30, max(12, ceil(width / (spacing * itemWidth)) * .pi)))
        return min(n, count)
    }

    /// The z of point (1, 1, 1) under `t`: `compareViewDepth`'s `m13 + m23 + m33 + m43`.
    static func depthKey(_ t: M) -> Double { t[0][2] + t[1][2] + t[2][2] + t[3][2] }
    /// Its x: `m11 + m21 + m31 + m41`; its y likewise.
    static func xKey(_ t: M) -> Double { t[0][0] + t[1][0] + t[2][0] + t[3][0] }
    static func yKey(_ t: M) -> Double { t[0][1] + t[1][1] + t[2][1] + t[3][1] }
}
