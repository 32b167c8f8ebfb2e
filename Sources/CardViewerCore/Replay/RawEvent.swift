import CardEvents
import CardInteraction
import CardMath

/// One event of a replay script as written (see `ReplayScript` for the format; read by
/// `RawScriptReader`).
struct RawEvent {
    var time: Double
    var type: String
    var x: Double?
    var y: Double?
    var toX: Double?
    var toY: Double?
    var dx: Double?
    var dy: Double?
    var precise: Bool?
    var key: String?
    /// The modifiers held with a key: any of "shift", "ctrl", "alt", and "capslock" (the lock on).
    var mods: [String]?
    var button: String?
    var duration: Double?
    var hold: Double?
    var width: Double?
    var height: Double?
    /// The files and folders of a `drop` (as the window gives them; relative ones are taken
    /// from the working folder).
    var paths: [String]?

    /// The most paths one `drop` may carry.
    static let maximumDropPaths = 10_000

    /// The viewer events this stands for, in order.
    func expanded() throws -> [ViewerEvent] {
        guard time.isFinite, time >= 0, time <= ReplayScript.maximumTime else {
            throw ReplayError(description: "'time' must be a number of seconds between 0 and \(Int(ReplayScript.maximumTime))")
        }
        switch type {
        case "move": return [.pointer(PointerEvent(.move, position: try point(), time: time))]
        case "down":
            return [.pointer(PointerEvent(.down, position: try point(), time: time, button: try pointerButton(), modifiers: try modifiers()))]
        case "up":
            return [.pointer(PointerEvent(.up, position: try point(), time: time, button: try pointerButton(), modifiers: try modifiers()))]
        case "cancel": return [.pointer(PointerEvent(.cancel, position: try point(), time: time))]
        case "click":
            let p = try point(), b = try pointerButton(), m = try modifiers()
            return [.pointer(PointerEvent(.move, position: p, time: time)),
                    .pointer(PointerEvent(.down, position: p, time: time, button: b, modifiers: m)),
                    .pointer(PointerEvent(.up, position: p, time: time, button: b, modifiers: m))]
        case "drag": return try drag()
        case "scroll":
            let delta = Vec2(dx ?? 0, dy ?? 0)
            guard delta.x.isFinite, delta.y.isFinite, abs(delta.x) <= 1e6, abs(delta.y) <= 1e6 else {
                throw ReplayError(description: "'dx' and 'dy' must be numbers of wheel notches")
            }
            return [.scroll(ScrollEvent(delta: delta, time: time, isPrecise: precise ?? false))]
        case "key":
            let k = try parsedKey(), m = try modifiers()
            return [.key(KeyEvent(key: k, isDown: true, time: time, modifiers: m)),
                    .key(KeyEvent(key: k, isDown: false, time: time, modifiers: m))]
        case "keydown": return [.key(KeyEvent(key: try parsedKey(), isDown: true, time: time, modifiers: try modifiers()))]
        case "keyup": return [.key(KeyEvent(key: try parsedKey(), isDown: false, time: time, modifiers: try modifiers()))]
        case "waitForPictures":
            return []  // not input: `ReplayScript` keeps it as a pause of the clock
        case "resize":
            let side = Double(ViewportLimits.maximumSide)
            guard let width, let height, width.isFinite, height.isFinite, width >= 0, height >= 0,
                  width <= side, height <= side else {
                throw ReplayError(description: "'resize' needs 'width' and 'height' between 0 and \(ViewportLimits.maximumSide) points")
            }
            guard width * height <= Double(ViewportLimits.maximumArea) else {
                throw ReplayError(description: "'resize' to \(width)x\(height) is over the limit of 32 MP (\(ViewportLimits.maximumArea) points)")
            }
            return [.resize(Size(width: width, height: height), time: time)]
        case "drop":
            guard let paths, !paths.isEmpty, paths.count <= Self.maximumDropPaths, paths.allSatisfy({ !$0.isEmpty }) else {
                throw ReplayError(description: "'drop' needs 'paths': 1 to \(Self.maximumDropPaths) file or folder names, none empty")
            }
            return [.drop(paths: paths, time: time)]
        default:
            throw ReplayError(description: "unknown type '\(type)' (move, down, up, cancel, click, drag, scroll, key, keydown, keyup, resize, drop, waitForPictures)")
        }
    }

    /// A drag: down, an optional hold, moves at 60 Hz, up at the end point.
    private func drag() throws -> [ViewerEvent] {
        let from = try point()
        guard let toX, let toY, toX.isFinite, toY.isFinite, abs(toX) <= 1e6, abs(toY) <= 1e6 else {
            throw ReplayError(description: "'drag' needs 'toX' and 'toY'")
        }
        let length = duration ?? 0.25, wait = hold ?? 0
        guard length.isFinite, length >= 0, length <= 3600, wait.isFinite, wait >= 0, wait <= 3600 else {
            throw ReplayError(description: "'duration' and 'hold' must be seconds between 0 and 3600")
        }
        let to = Vec2(toX, toY), button = try pointerButton()
        var events: [ViewerEvent] = [.pointer(PointerEvent(.move, position: from, time: time)),
                                     .pointer(PointerEvent(.down, position: from, time: time, button: button))]
        let steps = max(1, Int((length / ReplayScript.frameStep).rounded(.up)))
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            events.append(.pointer(PointerEvent(.move, position: from + (to - from) * u, time: time + wait + length * u)))
        }
        events.append(.pointer(PointerEvent(.up, position: to, time: time + wait + length, button: button)))
        return events
    }

    private func point() throws -> Vec2 {
        guard let x, let y, x.isFinite, y.isFinite, abs(x) <= 1e6, abs(y) <= 1e6 else {
            throw ReplayError(description: "'\(type)' needs 'x' and 'y' in points")
        }
        return Vec2(x, y)
    }

    private func pointerButton() throws -> PointerButton {
        switch button ?? "left" {
        case "left": return .primary
        case "right": return .secondary
        case "middle": return .middle
        case let other: throw ReplayError(description: "unknown button '\(other)' (left, right, middle)")
        }
    }

    private func modifiers() throws -> KeyModifiers {
        var set: KeyModifiers = []
        for name in mods ?? [] {
            switch name.lowercased() {
            case "shift": set.insert(.shift)
            case "ctrl", "control": set.insert(.control)
            case "alt": set.insert(.alt)
            case "capslock": set.insert(.capsLock)
            default: throw ReplayError(description: "unknown modifier '\(name)' (shift, ctrl, alt, capslock)")
            }
        }
        return set
    }

    private func parsedKey() throws -> Key {
        guard let key, let parsed = Self.key(named: key) else {
            throw ReplayError(description: "unknown key '\(key ?? "")' (a character, or escape, enter, space, tab, backspace, delete, left, right, up, down, pageup, pagedown, home, end, f1…f25)")
        }
        return parsed
    }

    /// A key by its name or character (letters in either case).
    static func key(named name: String) -> Key? {
        switch name.lowercased() {
        case "escape", "esc": return .escape
        case "enter", "return": return .enter
        case "space": return .space
        case "tab": return .tab
        case "backspace": return .backspace
        case "delete": return .delete
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "pageup": return .pageUp
        case "pagedown": return .pageDown
        case "home": return .home
        case "end": return .end
        case let f where f.count >= 2 && f.count <= 3 && f.first == "f" && (1...25).contains(Int(f.dropFirst()) ?? 0):
            return .function(Int(f.dropFirst()) ?? 0)  // "f1"…"f25"
        default:
            guard name.count == 1, let c = name.lowercased().first, c.isASCII, !c.isWhitespace else { return nil }
            return .character(c)
        }
    }
}
