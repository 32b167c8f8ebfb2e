/// A view's keys and gestures as data (SPEC §10: one key table per view): what the help (`?`)
/// draws while the view is the top one. Each view keeps its own; the help draws whichever
/// belongs to the view under it.
public struct KeyTable: Hashable, Sendable {
    /// One line of a section: a row of keys and what they do, or a line as it is (the layout
    /// picker's columns, a layout's own help line).
    public enum Entry: Hashable, Sendable {
        case row(keys: String, action: String)
        case line(String)
    }

    /// A titled group of entries whose keys share a column.
    public struct Section: Hashable, Sendable {
        public var title: String
        /// Characters of the keys column: keys are padded to it, and what they do starts one
        /// space after it (two spaces after keys that are longer).
        public var keyWidth: Int
        public var entries: [Entry]

        public init(_ title: String, keyWidth: Int, _ entries: [Entry]) {
            self.title = title
            self.keyWidth = keyWidth
            self.entries = entries
        }

        /// The section as the help shows it: the title, then one line per entry, indented.
        public var lines: [String] {
            var lines = [title]
            for entry in entries {
                switch entry {
                case .row(let keys, let action):
                    let gap = keys.count <= keyWidth ? String(repeating: " ", count: keyWidth - keys.count + 1) : "  "
                    lines.append("  " + keys + gap + action)
                case .line(let line):
                    lines.append(line)
                }
            }
            return lines
        }
    }

    public var sections: [Section]

    public init(_ sections: [Section]) {
        self.sections = sections
    }

    /// The table as the help shows it, top to bottom.
    public var lines: [String] { sections.flatMap(\.lines) }

    /// The rows of the sections titled `titles` (all when nil) on one line, `keys action` joined
    /// by "; ": the table as `cardviewer run --help` says it (the same rows the help draws).
    public func rowSummary(of titles: Set<String>? = nil) -> String {
        sections.filter { titles?.contains($0.title) ?? true }.flatMap(\.entries).compactMap { entry in
            if case .row(let keys, let action) = entry { "\(keys) \(action)" } else { nil }
        }.joined(separator: "; ")
    }

    /// Every key of the table's rows (the first cells), for checking it against docs.
    public var keys: [String] {
        sections.flatMap(\.entries).compactMap { entry in
            if case .row(let keys, _) = entry { keys } else { nil }
        }
    }
}
