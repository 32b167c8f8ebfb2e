import Foundation

/// The layouts the program knows, in order: the built-in list below, then any registered at
/// run time (`register(_:)`, how a test or a layout file adds one without editing a file).
///
/// The order gives the window's keys: the first nine layouts are keys 1–9, the tenth 0; `L`
/// goes to the next layout, so every layout is reachable however many there are.
public final class LayoutRegistry: @unchecked Sendable {
    /// The built-in layouts, one line each. Adding a layout: a folder in `Layouts/` that
    /// defines `LayoutDescriptor.<name>`, and a line here.
    public static let builtIn: [LayoutDescriptor] = [
        .pages,
        .tasks,
        .slidebox,
        .grid,
        .wheel,
        .linear,
        .rotary,
        .rotaryInverted,
        .cylinder,
        .cylinderInverted,
        .carouselWheel,
        .carouselWheelInverted,
        .coverflow,
        .coverflow2,
        .timeMachine,
        .timeMachineInverted,
    ]

    /// The registry every part of the program reads.
    public static let shared = LayoutRegistry(builtIn)

    private let lock = NSLock()
    private var entries: [LayoutDescriptor]
    /// Each entry's position in `entries`, by name: look-ups copy no descriptor but the one found
    /// (the frame thread asks for the current layout's behaviour; a scan copying each
    /// descriptor allocated in debug builds).
    private var positions: [String: Int] = [:]

    public init(_ descriptors: [LayoutDescriptor]) {
        entries = []
        for descriptor in descriptors where positions[descriptor.name] == nil {
            positions[descriptor.name] = entries.count
            entries.append(descriptor)
        }
    }

    /// Every layout, built-in first, then in the order registered.
    public var all: [LayoutDescriptor] { lock.withLock { entries } }

    /// The names of every layout, in order.
    public var names: [String] { all.map(\.name) }

    /// The layout called `name`, if any.
    public func descriptor(named name: String) -> LayoutDescriptor? {
        lock.withLock { positions[name].map { entries[$0] } }
    }

    /// Adds a layout at the end; a name that is taken (or empty, or not a plain word of
    /// letters, digits and `-`) is refused.
    public func register(_ descriptor: LayoutDescriptor) throws(LayoutRegistrationError) {
        let name = descriptor.name
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw .badName(name)
        }
        let added = lock.withLock { () -> Bool in
            guard positions[name] == nil else { return false }
            positions[name] = entries.count
            entries.append(descriptor)
            return true
        }
        guard added else { throw .taken(name) }
    }

    /// Puts `descriptor` in place of the layout registered at run time under its name (a layout
    /// file reloaded), or registers it when there is none; a built-in layout's name is refused.
    public func replace(_ descriptor: LayoutDescriptor) throws(LayoutRegistrationError) {
        let name = descriptor.name
        guard !LayoutRegistry.builtIn.contains(where: { $0.name == name }) else { throw .taken(name) }
        let replaced = lock.withLock { () -> Bool in
            guard let position = positions[name] else { return false }
            entries[position] = descriptor
            return true
        }
        if !replaced { try register(descriptor) }
    }

    /// The key that switches to the layout at `position` in `all`: "1"…"9", then "0"; `nil`
    /// past the tenth (reached with `L`).
    public static func key(forPosition position: Int) -> Character? {
        switch position {
        case 0..<9: Character(String(position + 1))
        case 9: "0"
        default: nil
        }
    }

    /// The layout a number key switches to, if there is one.
    public func kind(forKey key: Character) -> LayoutKind? {
        guard let digit = key.wholeNumberValue, key.isASCII else { return nil }
        let position = digit == 0 ? 9 : digit - 1
        return lock.withLock { position < entries.count ? entries[position].kind : nil }
    }

    /// The layout after `kind` in the registry's order, wrapping around.
    public func kind(after kind: LayoutKind) -> LayoutKind {
        lock.withLock {
            guard let index = positions[kind.name] else { return entries.first?.kind ?? kind }
            return entries[(index + 1) % entries.count].kind
        }
    }

    /// The layout before `kind` in the registry's order, wrapping around (`Shift+L`).
    public func kind(before kind: LayoutKind) -> LayoutKind {
        lock.withLock {
            guard let index = positions[kind.name] else { return entries.last?.kind ?? kind }
            return entries[(index + entries.count - 1) % entries.count].kind
        }
    }
}

/// Why a layout could not be registered.
public enum LayoutRegistrationError: Error, Equatable, CustomStringConvertible {
    case taken(String)
    case badName(String)

    public var description: String {
        switch self {
        case .taken(let name): "a layout named \(name) exists already"
        case .badName(let name): "'\(name)' is not a layout name (letters, digits and -)"
        }
    }
}
