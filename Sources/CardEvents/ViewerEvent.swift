import CardMath

/// One input to the viewer, as the window's callbacks (or a replay script) deliver it: plain
/// values with a timestamp, no window-system types.
///
/// Positions are viewport points (the window's coordinates: origin top-left, +y down), times
/// seconds on the session's clock. The GLFW window (`CardWindow`) and `ReplayScript` both produce
/// these, and both feed them to `ViewerSession.handle(_:)`: one path for real and scripted input.
public enum ViewerEvent: Hashable, Sendable {
    /// A button went down or up, the pointer moved, or the system took the pointer away.
    case pointer(PointerEvent)
    /// A mouse wheel or trackpad scroll.
    case scroll(ScrollEvent)
    /// A key went down (or repeated) or up.
    case key(KeyEvent)
    /// The window's size in points changed (0 × 0 while minimised).
    case resize(Size, time: Double)
    /// The window was asked to close.
    case close(time: Double)
    /// The window's contents were lost (exposed, restored) and must be drawn again; nothing changed.
    case redraw(time: Double)
    /// Files or folders were dropped on the window (absolute paths, as the window system gives
    /// them; any bytes, `PathBytes`): the viewer adds their pictures to the deck.
    case drop(paths: [String], time: Double)

    /// When it happened, seconds.
    public var time: Double {
        switch self {
        case .pointer(let event): event.time
        case .scroll(let event): event.time
        case .key(let event): event.time
        case .resize(_, let time), .close(let time), .redraw(let time), .drop(_, let time): time
        }
    }
}

extension ViewerEvent {
    /// The same event `seconds` later.
    public func delayed(by seconds: Double) -> ViewerEvent {
        guard seconds != 0 else { return self }
        switch self {
        case .pointer(var event):
            event.time += seconds
            return .pointer(event)
        case .scroll(var event):
            event.time += seconds
            return .scroll(event)
        case .key(var event):
            event.time += seconds
            return .key(event)
        case .resize(let size, let time): return .resize(size, time: time + seconds)
        case .close(let time): return .close(time: time + seconds)
        case .redraw(let time): return .redraw(time: time + seconds)
        case .drop(let paths, let time): return .drop(paths: paths, time: time + seconds)
        }
    }
}
