import CardMath

/// Tolerance helpers: numbers are compared with tolerances, never with exact float equality.

/// True when `a` and `b` differ by at most `absolute` or by `relative` of the larger magnitude.
public func closeEnough(_ a: Double, _ b: Double, absolute: Double = 1e-9, relative: Double = 1e-9) -> Bool {
    if a == b { return true }
    guard a.isFinite, b.isFinite else { return false }
    let diff = abs(a - b)
    return diff <= absolute || diff <= relative * max(abs(a), abs(b))
}

/// Element-wise `closeEnough` for vectors.
public func closeEnough(_ a: Vec2, _ b: Vec2, absolute: Double = 1e-9) -> Bool {
    closeEnough(a.x, b.x, absolute: absolute) && closeEnough(a.y, b.y, absolute: absolute)
}

/// Element-wise `closeEnough` for vectors.
public func closeEnough(_ a: Vec3, _ b: Vec3, absolute: Double = 1e-9) -> Bool {
    closeEnough(a.x, b.x, absolute: absolute) && closeEnough(a.y, b.y, absolute: absolute)
        && closeEnough(a.z, b.z, absolute: absolute)
}

/// Element-wise `closeEnough` for matrices.
public func closeEnough(_ a: Mat4, _ b: Mat4, absolute: Double = 1e-9) -> Bool {
    zip(a.columnMajor, b.columnMajor).allSatisfy { closeEnough($0, $1, absolute: absolute) }
}

/// A small deterministic pseudo-random generator (SplitMix64) so test inputs are reproducible.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
