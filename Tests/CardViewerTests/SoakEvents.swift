import CardEvents
import CardMath
import CardTestSupport

/// One thing a user does to the viewer, as the soak (`TitleSoakTests`) plays it: a key with its
/// modifiers, a click or a wheel step at a point given as fractions of the window (0…1 across and
/// down, so it means the same at every size), or the window resized (points, one pixel each).
/// Fullscreen is the key `F`/`F11`: the soak's window does what a real one does with it.
enum SoakEvent: Hashable, CustomStringConvertible {
    case key(Key, KeyModifiers)
    case click(x: Double, y: Double, KeyModifiers)
    case doubleClick(x: Double, y: Double)
    case wheel(x: Double, y: Double, dy: Double, precise: Bool)
    case resize(width: Int, height: Int)

    var description: String {
        switch self {
        case .key(let key, let mods): "key \(key)\(mods.isEmpty ? "" : " mods \(mods.rawValue)")"
        case .click(let x, let y, let mods): "click (\(x), \(y))\(mods.isEmpty ? "" : " mods \(mods.rawValue)")"
        case .doubleClick(let x, let y): "double-click (\(x), \(y))"
        case .wheel(let x, let y, let dy, let precise): "wheel \(dy) at (\(x), \(y))\(precise ? " precise" : "")"
        case .resize(let width, let height): "resize \(width)x\(height)"
        }
    }

    /// The keys the soak presses, from the views' key tables (SPEC §10: layout view, photo view,
    /// filter menu, compare, options panel, help), each with its weight. Left out: `Q` (quits),
    /// `S` (a screenshot file), `E` (export moves or trashes files), `A` (a picture deck only
    /// says to drop files), `[` `]` (the wheel's radius, a layout option like the others).
    static let keys: [(weight: Int, key: Key, mods: KeyModifiers)] = {
        var keys: [(Int, Key, KeyModifiers)] = []
        // Layouts: Alt+1…Alt+0, L and Shift+L.
        for digit in "1234567890" { keys.append((1, .character(digit), .alt)) }
        keys += [(3, .character("l"), []), (2, .character("l"), .shift)]
        // Culling: stars 0–5, labels 6–9, Ctrl+stars, pick and reject, with Shift the next card.
        for digit in "0123456789" { keys.append((1, .character(digit), [])) }
        for digit in "012345" { keys.append((1, .character(digit), .control)) }
        keys += [(6, .character("p"), []), (3, .character("x"), []), (2, .character("p"), .shift), (2, .character("x"), .shift)]
        // The filter and its menu (digits, arrows, Enter and Esc are pressed anyway).
        keys += [(5, .character("v"), []), (2, .character("v"), .shift)]
        // Delete and undo; the photo view; compare; fullscreen.
        keys += [(2, .delete, []), (1, .backspace, []), (4, .character("u"), [])]
        keys += [(4, .enter, []), (6, .escape, []), (2, .space, [])]
        keys += [(3, .character("c"), [])]
        keys += [(5, .character("f"), []), (2, .function(11), [])]
        // Moving and scrolling.
        keys += [(3, .pageUp, []), (3, .pageDown, []), (1, .home, []), (1, .end, [])]
        keys += [(4, .left, []), (4, .right, []), (3, .up, []), (3, .down, [])]
        // Card size and zoom, ordering, panels.
        keys += [(2, .character("+"), []), (2, .character("-"), []), (1, .character("z"), [])]
        keys += [(1, .character("i"), []), (1, .character("g"), []), (1, .character("o"), []), (1, .character("?"), []),
                 (1, .character("h"), [])]
        return keys
    }()

    private static let keyWeights = keys.reduce(0) { $0 + $1.weight }

    /// A random event: mostly keys, then clicks, wheel steps and resizes between 640 × 400 and
    /// 1920 × 1080.
    static func random(using random: inout SplitMix64) -> SoakEvent {
        func fraction() -> Double { Double(random.next() % 1000) / 1000 }
        let roll = random.next() % 100
        switch roll {
        case 0..<70:
            var pick = Int(random.next() % UInt64(keyWeights))
            for entry in keys {
                if pick < entry.weight { return .key(entry.key, entry.mods) }
                pick -= entry.weight
            }
            return .key(.escape, [])
        case 70..<80:
            return .click(x: fraction(), y: fraction(), random.next() % 6 == 0 ? .control : [])
        case 80..<83:
            return .doubleClick(x: fraction(), y: fraction())
        case 83..<93:
            let notches = Double(Int(random.next() % 7) - 3)
            return .wheel(x: fraction(), y: fraction(), dy: notches == 0 ? 1 : notches, precise: random.next() % 2 == 0)
        default:
            return .resize(width: 640 + Int(random.next() % 1281), height: 400 + Int(random.next() % 681))
        }
    }
}
