import RealModule

/// How an animation's progress follows its time: `progress(u)` for the fraction `u` (0…1) of
/// its duration; 0 at the start, 1 at the end.
public enum TimingCurve: Hashable, Sendable {
    case linear
    /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`: fast start, gentle stop (UIKit's `.curveEaseOut`).
    case easeOut
    /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`.
    case easeInOut
    /// A CSS cubic Bézier from (0, 0) through the control points to (1, 1); x1 and x2 in 0…1.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring from 0 to 1 that has settled (within 0.1 %) at the end of the duration.
    /// `dampingRatio` 1 does not overshoot; smaller values overshoot and ring (clamped to 0.05…1),
    /// as UIKit's `usingSpringWithDamping`.
    case spring(dampingRatio: Double)

    /// The progress at the fraction `u` of the duration (clamped to 0…1). Exactly 0 at 0 and 1
    /// at 1; a spring may pass 1 in between.
    public func progress(_ u: Double) -> Double {
        guard u > 0 else { return 0 }
        guard u < 1 else { return 1 }
        switch self {
        case .linear: return u
        case .easeOut: return CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1).y(atX: u)
        case .easeInOut: return CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1).y(atX: u)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: u)
        case .spring(let ratio):
            return TimingCurve.spring(u, dampingRatio: ratio)
        }
    }

    /// A unit step response `1 − e^(−ζωu)·(…)`, with ω chosen so that the envelope has decayed to
    /// 0.1 % at u = 1: `ω = ln(1000)/ζ` when underdamped; `(1 + ω)·e^(−ω) = 0.001` (ω ≈ 9.23)
    /// when critically damped.
    static func spring(_ u: Double, dampingRatio: Double) -> Double {
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.05), 1)
        if zeta >= 0.999 {
            let omega = 9.233
            return 1 - (1 + omega * u) * Double.exp(-omega * u)
        }
        let omega = Double.log(1000) / zeta
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let envelope = Double.exp(-zeta * omega * u)
        return 1 - envelope * (Double.cos(damped * u) + zeta * omega / damped * Double.sin(damped * u))
    }
}

/// A CSS timing Bézier: x(s), y(s) cubic in s with endpoints (0, 0) and (1, 1).
struct CubicBezier {
    var x1: Double, y1: Double, x2: Double, y2: Double

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// y where x(s) = `x`: Newton's method, with bisection where the slope vanishes (x(s) is
    /// monotone for control x in 0…1).
    func y(atX x: Double) -> Double {
        let cx1 = min(max(x1, 0), 1), cx2 = min(max(x2, 0), 1)
        var s = x
        for _ in 0..<8 {
            let error = coordinate(s, cx1, cx2) - x
            if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
            let d = slope(s, cx1, cx2)
            if abs(d) < 1e-9 { break }
            s = min(max(s - error / d, 0), 1)
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = coordinate(s, cx1, cx2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return coordinate(s, y1, y2)
    }
}
