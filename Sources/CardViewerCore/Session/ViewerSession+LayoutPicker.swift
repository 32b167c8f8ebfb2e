import CardEvents
import CardLayout

/// The layout picker in the help (?): the help lists every registered layout with a key, and
/// while it shows, that key switches to the layout (animated) and closes the help. The first
/// ten are the number keys they always are; the rest take letters that mean nothing else while
/// the help shows. Past those, L and Shift+L still reach every layout.
extension ViewerSession {
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

    /// While the help shows, a layout's key (its number or picker letter) switches to it and
    /// closes the help; false for every other key.
    func handleLayoutPickerKey(_ event: KeyEvent) -> Bool {
        guard showsHelp, event.modifiers.isEmpty, case .character(let c) = event.key,
              let kind = Self.pickedLayout(forKey: c) else { return false }
        showsHelp = false
        refreshOverlay()
        switchLayout(to: kind)
        return true
    }

    /// The help's list of layouts with the key that picks each, in columns as wide as the
    /// longest name, at most `width` characters (66: the help's width, which fits a 900-point
    /// window at 2 points per font pixel): "  1 pages     2 tasks*    3 slidebox", `*` marking `current`. A layout
    /// past the picker's keys is listed with `L`.
    static func layoutPickerLines(_ names: [String], current: String? = nil, width: Int = 66) -> [String] {
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
