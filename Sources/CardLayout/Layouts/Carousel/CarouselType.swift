/// The eleven carousel types of iCarousel (SPEC §8), with the defaults each gives its options
/// (iCarousel 1.8's `valueForOption:withDefault:` calls, `layOutItemViews` and
/// `alphaForItemWithOffset:`).
public enum CarouselType: String, Sendable, Hashable, CaseIterable {
    case linear
    case rotary
    case rotaryInverted = "rotary-inverted"
    case cylinder
    case cylinderInverted = "cylinder-inverted"
    case wheel = "carousel-wheel"
    case wheelInverted = "carousel-wheel-inverted"
    case coverflow
    case coverflow2
    case timeMachine = "time-machine"
    case timeMachineInverted = "time-machine-inverted"

    /// The layout's name (`--layout NAME`).
    public var name: String { rawValue }

    /// Rotary, cylinder and wheel and their inverted forms: cards on a circle of `count` slots.
    public var isCircular: Bool {
        switch self {
        case .rotary, .rotaryInverted, .cylinder, .cylinderInverted, .wheel, .wheelInverted: true
        default: false
        }
    }

    /// The types whose radius and angle are negated (iCarousel's `Inverted…` types; the inverted
    /// time machine negates tilt and offset instead).
    public var isInverted: Bool {
        switch self {
        case .rotaryInverted, .cylinderInverted, .wheelInverted, .timeMachineInverted: true
        default: false
        }
    }

    /// `wrap`'s default: on for the circular types (`layOutItemViews`).
    public var wrapsByDefault: Bool { isCircular }

    /// `spacing`'s default, in slots: 0.25 for the cover flows, 1 otherwise.
    public var defaultSpacing: Double { self == .coverflow || self == .coverflow2 ? 0.25 : 1 }

    /// `tilt`'s default: 0.9 for the cover flows, 0.3 for the time machines; `nil` where the type
    /// has no tilt.
    public var defaultTilt: Double? {
        switch self {
        case .coverflow, .coverflow2: 0.9
        case .timeMachine, .timeMachineInverted: 0.3
        default: nil
        }
    }

    /// `offsetMultiplier`'s default: 2 for the cover flows, 1 otherwise.
    public var defaultOffsetMultiplier: Double { self == .coverflow || self == .coverflow2 ? 2 : 1 }

    /// `fadeMin`'s default, in slots: 0 for the inverted time machine, −∞ otherwise.
    public var defaultFadeMin: Double { self == .timeMachineInverted ? 0 : -.infinity }

    /// `fadeMax`'s default, in slots: 0 for the time machine, +∞ otherwise.
    public var defaultFadeMax: Double { self == .timeMachine ? 0 : .infinity }

    /// `showBackfaces`' default: off only for the inverted cylinder.
    public var defaultShowsBackfaces: Bool { self != .cylinderInverted }
}
