import RealModule

/// Sine and cosine of `angle` (radians) together.
@inlinable public func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
    (Double.sin(angle), Double.cos(angle))
}

/// Degrees to radians.
@inlinable public func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

/// Radians to degrees.
@inlinable public func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

/// `value` limited to `lo…hi`; NaN becomes `lo`.
@inlinable public func clamp(_ value: Double, _ lo: Double, _ hi: Double) -> Double {
    guard value == value else { return lo }
    return value < lo ? lo : (value > hi ? hi : value)
}

/// Linear interpolation: `a` at t = 0, `b` at t = 1.
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// Linear interpolation of vectors.
@inlinable public func lerp(_ a: Vec3, _ b: Vec3, _ t: Double) -> Vec3 { a + (b - a) * t }
