import CardMath

/// Sine and cosine of an angle that grows by a fixed step per card, by angle addition:
/// `sin(a + δ) = sin a·cos δ + cos a·sin δ`, `cos(a + δ) = cos a·cos δ − sin a·sin δ` — four
/// multiplications instead of a sine and a cosine.
///
/// Each step rounds by about an ulp, so writers start a new recurrence from an exact
/// `sinCos` every `BulkPacking.reseedInterval` cards; the values then stay within ~1e-13.
struct AngleRecurrence {
    private(set) var sin: Double
    private(set) var cos: Double
    private let stepSin: Double
    private let stepCos: Double

    /// Starts at `angle` (radians), stepping by `step` radians per `advance()`.
    init(angle: Double, step: Double) {
        (sin, cos) = sinCos(angle)
        (stepSin, stepCos) = sinCos(step)
    }

    /// Restarts at `angle` exactly, keeping the step.
    @inline(__always) mutating func reseed(angle: Double) {
        (sin, cos) = sinCos(angle)
    }

    /// Moves to the next angle.
    @inline(__always) mutating func advance() {
        let s = sin * stepCos + cos * stepSin
        cos = cos * stepCos - sin * stepSin
        sin = s
    }
}
