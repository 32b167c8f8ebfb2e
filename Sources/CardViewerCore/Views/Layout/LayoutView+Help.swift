import CardEvents
import CardLayout

/// The layout view's key table (what the help shows over the layouts): the layouts with the
/// keys that pick them while the help shows (the picker), the keys, and the mouse — each
/// layout adding its own keys and gestures (`LayoutBehavior.helpLines`).
extension LayoutView {
    var keyTable: KeyTable { Self.keyTable(current: kind) }

    /// The table with `current` marked in its list of layouts.
    static func keyTable(current: LayoutKind?) -> KeyTable {
        let layouts = LayoutRegistry.shared.all
        var mouse: [KeyTable.Entry] = [
            .row(keys: "drag, flick", action: "scroll with inertia"),
            .line("  wheel, two-finger scroll"),
        ]
        mouse += wrappedList("  click            open a card / close it (", tapLayouts(layouts), indent: 19, closing: ")").map { .line($0) }
        mouse += [
            .row(keys: "double-click", action: "open the card under the pointer"),
            .row(keys: "click in a fling", action: "stop it (nothing opens)"),
        ]
        // Each layout's own lines, once each (the carousels share theirs).
        var seen = Set<String>()
        for line in layouts.flatMap(\.behavior.helpLines) where seen.insert(line).inserted { mouse.append(.line(line)) }
        return KeyTable([
            KeyTable.Section("Layouts (press a key to switch; * shown)", keyWidth: 0,
                             pickerLines(layouts.map(\.name), current: current?.name).map { .line($0) }),
            KeyTable.Section("Keys", keyWidth: 10, [
                .row(keys: "L, Shift+L", action: "next / previous layout"),
                .row(keys: "O", action: "options of the layout (arrows change them)"),
                .row(keys: "Z", action: "ordering: zindex / depth"),
                .row(keys: "A", action: "append a card (again: queue more)"),
                .row(keys: "Delete, U", action: "delete the card under the pointer / undo it"),
                .row(keys: "P, X, Ctrl+0..5", action: "pick / reject, stars; pictures: 0-5, 6-9 labels, Shift: next"),
                .row(keys: "V", action: "filter: all / picks / no rejects; Shift+V: more, sorts"),
                .row(keys: "C, E", action: "compare with the next (or 2-4 Ctrl+clicked); E export shown"),
                .row(keys: "Esc", action: "dismiss / cancel"),
                .row(keys: "S", action: "save a screenshot"),
                .row(keys: "F, F11", action: "fullscreen on/off"),
                .row(keys: "+, -", action: "larger / smaller cards (grid, carousels)"),
                .row(keys: "H", action: "HUD (fps, frame and layout time)"),
                .row(keys: "?", action: "this help"),
                .row(keys: "Q", action: "quit"),
                .row(keys: "arrows", action: "move the current card"),
                .row(keys: "Enter, Space", action: "open the current card whole"),
                .row(keys: "Page Up/Down, Home/End", action: "scroll"),
            ]),
            KeyTable.Section("Mouse and trackpad", keyWidth: 16, mouse),
        ])
    }

    /// The layouts in which a click opens a card and whose own help lines do not say what a
    /// click does (the carousels' do), for the help: "pages, tasks".
    private static func tapLayouts(_ layouts: [LayoutDescriptor]) -> [String] {
        layouts.filter { layout in
            layout.behavior.tap != .nothing && !layout.behavior.helpLines.contains { $0.contains("click") }
        }.map(\.name)
    }

    /// `prefix` and the names separated by commas, wrapped before 57 characters onto lines
    /// indented by `indent` spaces, then `closing`.
    static func wrappedList(_ prefix: String, _ names: [String], indent: Int, closing: String = "") -> [String] {
        var lines: [String] = []
        var current = prefix
        for (i, name) in names.enumerated() {
            let piece = (i == 0 ? "" : ", ") + name
            if current.count + piece.count > 56, i > 0 {
                lines.append(current + ",")
                current = String(repeating: " ", count: indent) + name
            } else {
                current += piece
            }
        }
        lines.append(current + closing)
        return lines
    }

    // MARK: The picker

    /// The letters that pick the 11th, 12th… layout while the help shows, in order: every letter
    /// but those the viewer uses (a, f, h, l, o, p, q, s, u, v, x, z; SPEC §10's table).
    static let pickerLetters: [Character] = Array("bcdegijkmnrtwy")

    /// The key that picks the layout at `position` of the registry while the help shows: its
    /// number key, else a letter of `pickerLetters`; `nil` past those.
    static func pickerKey(forPosition position: Int) -> Character? {
        if let number = LayoutRegistry.key(forPosition: position) { return number }
        let letter = position - 10
        return letter >= 0 && letter < pickerLetters.count ? pickerLetters[letter] : nil
    }

    /// The layout `key` picks while the help shows, if any.
    static func pickedLayout(forKey key: Character) -> LayoutKind? {
        let layouts = LayoutRegistry.shared.all
        for position in layouts.indices where pickerKey(forPosition: position) == key {
            return layouts[position].kind
        }
        return nil
    }

    /// While the help shows the layout view's table, a layout's key (its number or picker
    /// letter) switches to it and closes the help; false for every other key.
    func handleKeyUnderHelp(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, case .character(let c) = event.key, let kind = Self.pickedLayout(forKey: c) else {
            return false
        }
        session.help.close()
        switchLayout(to: kind)
        return true
    }

    /// The help's list of layouts with the key that picks each, in columns as wide as the
    /// longest name, at most `width` characters (66: the help's width, which fits a 900-point
    /// window at 2 points per font pixel): "  1 pages     2 tasks*    3 slidebox", `*` marking
    /// `current`. A layout past the picker's keys is listed with `L`.
    static func pickerLines(_ names: [String], current: String? = nil, width: Int = 66) -> [String] {
        guard !names.isEmpty else { return [] }
        let column = (names.map(\.count).max() ?? 0) + 5
        let perLine = max(1, width / column)
        var lines: [String] = []
        var line = ""
        for (position, name) in names.enumerated() {
            let key = pickerKey(forPosition: position).map(String.init) ?? "L"
            var entry = key + " " + name + (name == current ? "*" : "")
            if position % perLine != perLine - 1, position != names.count - 1 {
                entry += String(repeating: " ", count: max(1, column - entry.count))
            }
            line += entry
            if position % perLine == perLine - 1 || position == names.count - 1 {
                lines.append("  " + line)
                line = ""
            }
        }
        return lines
    }
}
