import CardMath

/// A mouse button (or the one finger of a touch).
public enum PointerButton: Hashable, Sendable {
    case primary, secondary, middle
    /// Any other button, by the platform's number.
    case other(Int)
}

/// A pointer event as the window system delivers it, stripped of the window system's types.
public struct PointerEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case down
        /// The pointer moved (with or without a button held).
        case move
        /// The button went up.
        case up
        /// The system took the pointer away (focus lost, window closed): no tap, no fling.
        case cancel
    }

    public var kind: Kind
    /// Viewport points, origin top-left, +y down.
    public var position: Vec2
    /// Seconds on any monotonic clock (only differences matter).
    public var time: Double
    /// The button of a down or up; ignored for moves and cancels.
    public var button: PointerButton
    /// The modifier keys held when the button went down or up (Ctrl+click marks a card for
    /// compare); empty for moves and cancels.
    public var modifiers: KeyModifiers

    public init(_ kind: Kind, position: Vec2, time: Double, button: PointerButton = .primary, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.time = time
        self.button = button
        self.modifiers = modifiers
    }
}

/// A scroll from a mouse wheel or a trackpad.
public struct ScrollEvent: Hashable, Sendable {
    /// GLFW's scroll offsets: one wheel notch is 1; positive y is the wheel turned up (away
    /// from the user), positive x scrolls left. Both move the content toward its top-left, so
    /// the scroll offset decreases.
    public var delta: Vec2
    /// Seconds on the same clock as pointer events.
    public var time: Double
    /// A trackpad's (or high-resolution wheel's) continuous deltas, rather than notches.
    public var isPrecise: Bool

    public init(delta: Vec2, time: Double, isPrecise: Bool) {
        self.delta = delta
        self.time = time
        self.isPrecise = isPrecise
    }
}

/// A keyboard key, as far as the viewer cares.
public enum Key: Hashable, Sendable {
    case escape, enter, space, tab, backspace, delete
    case left, right, up, down, pageUp, pageDown, home, end
    /// A printable key, by its unshifted character.
    case character(Character)
    /// A function key, by its number: F1 is `function(1)`, F11 `function(11)`.
    case function(Int)
    /// Anything else, by the platform's key code.
    case other(Int)
}

/// The modifier keys held with a key (SPEC §10: key events carry their modifiers).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    /// Caps Lock is on (a lock, not a held key: culling's marks then move on, SPEC §10).
    public static let capsLock = KeyModifiers(rawValue: 8)
}

/// A key going down or up.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var isDown: Bool
    /// Seconds on the same clock as pointer events.
    public var time: Double
    /// The modifiers held when the key went down or up.
    public var modifiers: KeyModifiers

    public init(key: Key, isDown: Bool, time: Double, modifiers: KeyModifiers = []) {
        self.key = key
        self.isDown = isDown
        self.time = time
        self.modifiers = modifiers
    }
}
