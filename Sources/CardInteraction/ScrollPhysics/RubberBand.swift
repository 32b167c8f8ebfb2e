/// UIScrollView's rubber band: how far the content follows a drag past the end of its bounds.
///
/// A drag that would move the offset `x` points past an end moves it only
/// `f(x) = (1 − 1/(x·c/d + 1))·d` points, with `d` the viewport's extent on that axis and
/// `c = 0.55`. `f` starts with slope `c` and never reaches `d`, so the content can be pulled at
/// most one viewport past its end. All distances are in points, along one axis.
public enum RubberBand {
    /// UIScrollView's coefficient `c`.
    public static let defaultCoefficient = 0.55

    /// The visible overshoot `f(x)` for a drag of `x ≥ 0` points past the end; 0 for `x ≤ 0`
    /// or an empty viewport (`d ≤ 0`: nothing to pull against).
    @inlinable public static func distance(overshoot x: Double, extent d: Double,
                                           coefficient c: Double = defaultCoefficient) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The inverse of `distance`: the drag past the end that shows an overshoot of `y` points.
    ///
    /// `x = y·d / (c·(d − y))`. `y` is limited to just under `d`, where the inverse grows without
    /// bound, so any offset maps back to a finite drag.
    @inlinable public static func overshoot(distance y: Double, extent d: Double,
                                            coefficient c: Double = defaultCoefficient) -> Double {
        guard y > 0, d > 0, c > 0 else { return 0 }
        let limited = min(y, d * (1 - 1e-9))
        return limited * d / (c * (d - limited))
    }

    /// `f′(x) = c·d² / (c·x + d)²`: how many points the content moves per point of drag, `x`
    /// points past the end (1 inside the bounds is handled by `constrain`).
    @inlinable public static func slope(overshoot x: Double, extent d: Double,
                                        coefficient c: Double = defaultCoefficient) -> Double {
        guard x > 0 else { return 1 }
        guard d > 0 else { return 0 }
        let s = c * x + d
        return c * d * d / (s * s)
    }

    /// The offset shown for the unconstrained offset `u` on an axis whose offsets run `lower…upper`:
    /// `u` itself inside, rubber-banded past either end.
    @inlinable public static func constrain(_ u: Double, lower: Double, upper: Double, extent d: Double,
                                            coefficient c: Double = defaultCoefficient) -> Double {
        if u < lower { return lower - distance(overshoot: lower - u, extent: d, coefficient: c) }
        if u > upper { return upper + distance(overshoot: u - upper, extent: d, coefficient: c) }
        return u
    }

    /// The unconstrained offset that `constrain` maps to the shown offset `p` (its inverse), so a
    /// drag that starts while the content is past an end continues without a jump.
    @inlinable public static func unconstrain(_ p: Double, lower: Double, upper: Double, extent d: Double,
                                              coefficient c: Double = defaultCoefficient) -> Double {
        if p < lower { return lower - overshoot(distance: lower - p, extent: d, coefficient: c) }
        if p > upper { return upper + overshoot(distance: p - upper, extent: d, coefficient: c) }
        return p
    }

    /// `d constrain / du` at the unconstrained offset `u`: 1 inside, `f′` past an end.
    @inlinable public static func constrainSlope(_ u: Double, lower: Double, upper: Double, extent d: Double,
                                                 coefficient c: Double = defaultCoefficient) -> Double {
        if u < lower { return slope(overshoot: lower - u, extent: d, coefficient: c) }
        if u > upper { return slope(overshoot: u - upper, extent: d, coefficient: c) }
        return 1
    }
}
