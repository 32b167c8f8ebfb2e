import CardLayout

/// How the options panel changes a value: one step per arrow key (ten with Shift), per wheel
/// notch, or per `dragPointsPerStep` of a horizontal drag. Pure functions of the option's kind,
/// range and default, so every layout's options (built-in, registered at run time, from a
/// file) get sensible steps without declaring any.
public enum OptionStepping {
    /// A horizontal drag over the panel moves the picked value one step per this many points.
    public static let dragPointsPerStep = 8.0
    /// Shift multiplies the step by this (SPEC §10: "Shift: ×10").
    public static let largeStepFactor = 10.0

    /// One step of `option` near `value` (its default when `nil`), in its unit: 1 for whole
    /// numbers and flags; for numbers a hundredth of a finite range, rounded down to 1, 2 or 5
    /// times a power of ten (pitch 40…2000 steps by 10, scale 0.1…1 by 0.005) — unless that is
    /// more than a tenth of the typical size (the larger of the value and the default), then a
    /// twentieth of that size, so a wide range does not make coarse steps (a carousel's spacing
    /// 1 in 0.01…100 steps by 0.05); where the range is unbounded, a tenth of the typical size
    /// (0.1 for 0 or ±∞).
    public static func step(of option: LayoutOption, near value: Double? = nil) -> Double {
        switch option.kind {
        case .flag, .whole: return 1
        case .number:
            var typical = 0.0
            for candidate in [value ?? option.defaultValue, option.defaultValue] where candidate.isFinite {
                typical = max(typical, abs(candidate))
            }
            let span = option.range.upperBound - option.range.lowerBound
            if span.isFinite, span > 0 {
                let step = roundedDown(span / 100)
                return typical > 0 && step > typical / 10 ? roundedDown(typical / 20) : step
            }
            return typical > 0 ? roundedDown(typical / 10) : 0.1
        }
    }

    /// `value` moved `steps` steps (negative: down) of `option` (`step(of:near:)` at `value`),
    /// kept in its range and on its grid of steps; flags toggle on an odd count. From ±∞ the first step lands on the largest
    /// finite value `finiteLimit` (a fade that was off starts at a value you can see); past that
    /// limit a value whose default is infinite becomes infinite again.
    public static func value(_ value: Double, of option: LayoutOption, movedBy steps: Double) -> Double {
        guard steps != 0 else { return value }
        if option.kind == .flag { return Int(abs(steps)) % 2 == 1 ? (value != 0 ? 0 : 1) : value }
        let step = step(of: option, near: value)
        let limit = finiteLimit(of: option)
        var moved: Double
        if value.isInfinite {
            guard (value > 0) != (steps > 0) else { return value }
            moved = value > 0 ? limit - (abs(steps) - 1) * step : -limit + (abs(steps) - 1) * step
        } else {
            moved = onGrid(value + steps * step, step: step)
            if option.defaultValue.isInfinite, abs(moved) > limit, (moved > 0) == (option.defaultValue > 0) {
                moved = option.defaultValue
            }
        }
        if option.kind == .whole { moved = moved.rounded() }
        return min(max(moved, option.range.lowerBound), option.range.upperBound)
    }

    /// The largest finite value the panel steps to before ±∞, for an option whose range is
    /// unbounded: a hundred steps.
    public static func finiteLimit(of option: LayoutOption) -> Double {
        let bound = max(abs(option.range.lowerBound), abs(option.range.upperBound))
        return bound.isFinite ? bound : 100 * step(of: option)
    }

    /// `x` rounded down to 1, 2 or 5 times a power of ten (x > 0).
    static func roundedDown(_ x: Double) -> Double {
        var power = 1.0
        while power * 10 <= x { power *= 10 }
        while power > x { power /= 10 }
        for multiple in [5.0, 2.0] where multiple * power <= x { return multiple * power }
        return power
    }

    /// `x` on the grid of `step`, computed so that decimal steps give decimal values (0.61, not
    /// 0.6100000000000001).
    static func onGrid(_ x: Double, step: Double) -> Double {
        guard x.isFinite else { return x }
        if step < 1 {
            let inverse = (1 / step).rounded()
            return (x * inverse).rounded() / inverse
        }
        return (x / step).rounded() * step
    }
}
