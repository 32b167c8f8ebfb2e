import CardCulling
import CardFiles
import CardInteraction
import CardLayout
import CardPictureFolders

/// Writes a deck's state as JSON (version 1) straight into a `FileSink`, card by card, so a
/// save needs no more memory than the sink's buffer whatever the deck's size (`JSONEncoder` built
/// the whole document and an object tree first: ~72 MB of JSON and far more for 1,000,000 cards).
///
/// The output is what `JSONEncoder` with `.sortedKeys` writes for `DeckState` (the same keys,
/// nesting and values, `undoableDeletion` left out when there is none), so every reader of the
/// format — `JSONDecoder` included — reads it; `readable` indents it two spaces a level, one
/// field a line, like `.prettyPrinted`.
struct DeckStateWriter {
    /// Thrown when the state passes `maximumSize` while it is written: the store would refuse to
    /// read it back (`DeckStore.maximumSize`), so it is not finished.
    struct TooLarge: Error {
        /// The bytes written when the limit was passed, and the limit.
        var written: Int, limit: Int
    }

    private let readable: Bool
    /// The most bytes the state may take, checked after each card.
    private let maximumSize: Int
    private var depth = 0

    init(readable: Bool, maximumSize: Int = .max) {
        self.readable = readable
        self.maximumSize = maximumSize
    }

    /// Writes `deck`'s state and, if given, the layout it is shown in; a newline at the end.
    mutating func write(_ deck: Deck, layout: SavedLayout? = nil, to sink: inout FileSink) throws {
        try open("{", &sink)
        try key("cards", &sink)
        try cards(deck.cards, &sink)
        try comma(&sink)
        try key("deleted", &sink)
        try cards(deck.deleted, &sink)
        if let layout {
            try comma(&sink)
            try key("layout", &sink)
            try self.layout(layout, &sink)
        }
        try comma(&sink)
        try key("nextID", &sink)
        try integer(Int(deck.nextID), &sink)
        if let deletion = deck.undoableDeletion {
            try comma(&sink)
            try key("undoableDeletion", &sink)
            try open("{", &sink)
            try key("card", &sink)
            try card(deletion.card, &sink)
            try comma(&sink)
            try key("index", &sink)
            try integer(deletion.index, &sink)
            try close("}", &sink)
        }
        try comma(&sink)
        try key("version", &sink)
        try integer(1, &sink)
        try close("}", &sink)
        try sink.write(0x0A)
        if sink.count > maximumSize { throw TooLarge(written: sink.count, limit: maximumSize) }
    }

    private mutating func cards(_ cards: [DeckCard], _ sink: inout FileSink) throws {
        guard !cards.isEmpty else {
            try sink.write("[]")
            return
        }
        try open("[", &sink)
        for index in cards.indices {
            if index > 0 { try comma(&sink) }
            try card(cards[index], &sink)
            if sink.count > maximumSize { throw TooLarge(written: sink.count, limit: maximumSize) }
        }
        try close("]", &sink)
    }

    private mutating func card(_ card: DeckCard, _ sink: inout FileSink) throws {
        try open("{", &sink)
        try key("id", &sink)
        try integer(Int(card.id.rawValue), &sink)
        try comma(&sink)
        try key("source", &sink)
        try open("{", &sink)
        switch card.source {
        case .bundled(let index):
            try key("bundled", &sink)
            try single("index", index, &sink)
        case .file(let name):
            try key("file", &sink)
            try open("{", &sink)
            try key("name", &sink)
            try string(PathBytes.displayed(name), &sink)
            if PathBytes.hasEscapes(name) {
                // Not UTF-8: "name" shows it with U+FFFD, "nameBytes" keeps its bytes.
                try comma(&sink)
                try key("nameBytes", &sink)
                try string(PathBytes.percentEncoded(name), &sink)
            }
            try close("}", &sink)
        case .synthetic(let number):
            try key("synthetic", &sink)
            try single("number", number, &sink)
        }
        try close("}", &sink)
        try comma(&sink)
        try key("title", &sink)
        try string(card.title, &sink)
        try close("}", &sink)
    }

    /// `{"name": "wheel", "options": {"radius": 700}}`, the options in name order; ±∞ as
    /// the strings "inf" and "-inf" (JSON has no infinity).
    private mutating func layout(_ layout: SavedLayout, _ sink: inout FileSink) throws {
        try open("{", &sink)
        if let distance = layout.cameraDistance, distance.isFinite {
            try key("cameraDistance", &sink)
            try sink.write("\(distance)")
            try comma(&sink)
        }
        if let current = layout.currentCard {
            try key("currentCard", &sink)
            try integer(Int(current), &sink)
            try comma(&sink)
        }
        if let culling = layout.culling, !culling.isEmpty {
            try self.culling(culling, &sink)
        }
        try key("name", &sink)
        try string(layout.name, &sink)
        try comma(&sink)
        try key("options", &sink)
        if layout.options.isEmpty {
            try sink.write("{}")
        } else {
            try open("{", &sink)
            for (position, (name, value)) in layout.options.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { try comma(&sink) }
                try key(name, &sink)
                if value.isInfinite {
                    try string(value > 0 ? "inf" : "-inf", &sink)
                } else {
                    try sink.write(value.isNaN ? "0" : "\(value)")
                }
            }
            try close("}", &sink)
        }
        try layoutFile(layout, &sink)
        if let offset = layout.offset, offset.x.isFinite, offset.y.isFinite {
            try comma(&sink)
            try key("offset", &sink)
            try open("{", &sink)
            try key("x", &sink)
            try sink.write("\(offset.x)")
            try comma(&sink)
            try key("y", &sink)
            try sink.write("\(offset.y)")
            try close("}", &sink)
        }
        if let sort = layout.sort, sort != .name {
            try comma(&sink)
            try key("sort", &sink)
            try string(sort.rawValue, &sink)
        }
        try close("}", &sink)
    }

    /// `"layoutFile": PATH` (and `"layoutFileBytes"` when PATH is not UTF-8, as picture names'
    /// `"nameBytes"`) and `"builtIn": NAME`, for a layout file's layout; nothing otherwise.
    private mutating func layoutFile(_ layout: SavedLayout, _ sink: inout FileSink) throws {
        guard let file = layout.file else { return }
        try comma(&sink)
        try key("layoutFile", &sink)
        try string(PathBytes.displayed(file), &sink)
        if PathBytes.hasEscapes(file) {
            try comma(&sink)
            try key("layoutFileBytes", &sink)
            try string(PathBytes.percentEncoded(file), &sink)
        }
        if let builtIn = layout.builtIn {
            try comma(&sink)
            try key("builtIn", &sink)
            try string(builtIn, &sink)
        }
    }

    /// `"filter": "picksOnly", "pickLabel": "red", "marks": {"KEY": {"flag": "picked", "stars": 3}}, `
    /// (`pickLabel` only when it is not the default, green) — the keys
    /// in order, each mark's fields sorted (SPEC §10: marks kept in the state); `labels` and
    /// `pickLabels` (`ColorLabels` bits) only where there are any.
    private mutating func culling(_ culling: SavedCulling, _ sink: inout FileSink) throws {
        try key("filter", &sink)
        try string(culling.filter.rawValue, &sink)
        try comma(&sink)
        if culling.pickLabel != SavedCulling.defaultPickLabel {
            try key("pickLabel", &sink)
            try string(culling.pickLabel.names.first?.lowercased() ?? "none", &sink)
            try comma(&sink)
        }
        try key("marks", &sink)
        if culling.marks.isEmpty {
            try sink.write("{}")
        } else {
            try open("{", &sink)
            for (position, (name, mark)) in culling.marks.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { try comma(&sink) }
                try key(name, &sink)
                try open("{", &sink)
                try key("flag", &sink)
                try string(mark.flag.rawValue, &sink)
                try comma(&sink)
                if !mark.labels.isEmpty {
                    try key("labels", &sink)
                    try integer(Int(mark.labels.rawValue), &sink)
                    try comma(&sink)
                }
                if !mark.labelsAddedByPick.isEmpty {
                    try key("pickLabels", &sink)
                    try integer(Int(mark.labelsAddedByPick.rawValue), &sink)
                    try comma(&sink)
                }
                try key("stars", &sink)
                try integer(mark.stars, &sink)
                try close("}", &sink)
                if sink.count > maximumSize { throw TooLarge(written: sink.count, limit: maximumSize) }
            }
            try close("}", &sink)
        }
        try comma(&sink)
    }

    /// `{"name": value}`.
    private mutating func single(_ name: String, _ value: Int, _ sink: inout FileSink) throws {
        try open("{", &sink)
        try key(name, &sink)
        try integer(value, &sink)
        try close("}", &sink)
    }

    // MARK: Tokens

    private mutating func open(_ bracket: String, _ sink: inout FileSink) throws {
        try sink.write(bracket)
        depth += 1
        try newline(&sink)
    }

    private mutating func close(_ bracket: String, _ sink: inout FileSink) throws {
        depth -= 1
        try newline(&sink)
        try sink.write(bracket)
    }

    private func comma(_ sink: inout FileSink) throws {
        try sink.write(UInt8(ascii: ","))
        try newline(&sink)
    }

    private func newline(_ sink: inout FileSink) throws {
        guard readable else { return }
        try sink.write(0x0A)
        for _ in 0..<(2 * depth) { try sink.write(0x20) }
    }

    private func key(_ name: String, _ sink: inout FileSink) throws {
        try string(name, &sink)
        try sink.write(readable ? " : " : ":")
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    private func string(_ text: String, _ sink: inout FileSink) throws {
        try sink.write(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): try sink.write("\\\"")
            case UInt8(ascii: "\\"): try sink.write("\\\\")
            case 0x0A: try sink.write("\\n")
            case 0x0D: try sink.write("\\r")
            case 0x09: try sink.write("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                try sink.write("\\u00")
                try sink.write(hex[Int(byte >> 4)])
                try sink.write(hex[Int(byte & 0xF)])
            default: try sink.write(byte)
            }
        }
        try sink.write(UInt8(ascii: "\""))
    }

    /// A decimal integer, written digit by digit (no string made per number).
    private func integer(_ value: Int, _ sink: inout FileSink) throws {
        if value < 0 { try sink.write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        try withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { try sink.write(buffer[index]) }
        }
    }
}
