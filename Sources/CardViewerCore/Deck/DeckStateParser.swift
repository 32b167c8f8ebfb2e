import CardCulling
import CardFiles
import CardInteraction
import CardJSON
import CardLayout
import CardMath
import CardPictureFolders

/// Reads a deck state (version 1 JSON, as `JSONEncoder` or `DeckStateWriter` wrote it) from
/// bytes, straight into the cards: no document tree, so loading a 1,000,000-card state needs
/// about the file and the deck in memory (`JSONDecoder` peaked near 800 MB for that file).
///
/// Accepts what the synthesized `Codable` conformances accept: the fields in any order, unknown
/// fields ignored, `undoableDeletion` missing or null, a card source as an object with exactly
/// one of `bundled`, `file`, `synthetic`. Anything else is a `DeckStateSyntaxError` naming the
/// field (`missing field 'cards'`, `wrong value at 'cards.3.id'`) or the byte offset.
enum DeckStateParser {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> DeckState {
        try parseWithLayout(bytes).state
    }

    /// The state and the layout it remembers (`nil` when the file names none).
    static func parseWithLayout(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (state: DeckState, layout: SavedLayout?) {
        var scanner = JSONScanner(bytes)
        var version: Int?, cards: [DeckCard]?, deleted: [DeckCard]?, nextID: UInt32?
        var deletion: Deck.Deletion?
        var layout: SavedLayout?
        try expectObject(&scanner, at: "")
        try scanner.object { scanner, key in
            switch key {
            case "version": version = try integer(&scanner, at: "version")
            case "cards": cards = try cardList(&scanner, at: "cards")
            case "deleted": deleted = try cardList(&scanner, at: "deleted")
            case "nextID": nextID = UInt32(try integer(&scanner, in: 0...Int(UInt32.max), at: "nextID"))
            case "layout": layout = try scanner.null() ? nil : try savedLayout(&scanner)
            case "undoableDeletion":
                deletion = try scanner.null() ? nil : try self.deletion(&scanner, at: "undoableDeletion")
            default: try scanner.skipValue()
            }
        }
        try scanner.end()
        guard let version else { throw missing("version") }
        guard let cards else { throw missing("cards") }
        guard let deleted else { throw missing("deleted") }
        guard let nextID else { throw missing("nextID") }
        return (DeckState(version: version, cards: cards, deleted: deleted, nextID: nextID, undoableDeletion: deletion), layout)
    }

    /// `{"cameraDistance": 500, "name": "wheel", "options": {"radius": 700, "fadeMax": "inf"}}`
    /// (`cameraDistance` optional; its range is checked at start); whether the layout
    /// exists and the options fit it is decided at start (`SavedLayout.resolved`), not here.
    private static func savedLayout(_ scanner: inout JSONScanner) throws -> SavedLayout {
        try expectObject(&scanner, at: "layout")
        var name: String?, options: [String: Double] = [:], cameraDistance: Double?
        var file: String?, fileBytes: String?, builtIn: String?
        var offset: Vec2?, currentCard: UInt32?
        var filter: CullFilter?, marks: [String: CullMark]?, pickLabel: ColorLabels?
        var sort: PictureSort?
        try scanner.object { scanner, key in
            switch key {
            case "sort":
                guard let value = PictureSort(name: try string(&scanner, at: "layout.sort")) else { throw wrong("layout.sort") }
                sort = value == .name ? nil : value
            case "pickLabel":
                guard let value = ColorLabels(name: try string(&scanner, at: "layout.pickLabel")), value.rawValue.nonzeroBitCount <= 1
                else { throw wrong("layout.pickLabel") }
                pickLabel = value
            case "filter":
                guard let value = CullFilter(rawValue: try string(&scanner, at: "layout.filter")) else { throw wrong("layout.filter") }
                filter = value
            case "marks": marks = try cullMarks(&scanner)
            case "currentCard":
                currentCard = try scanner.null() ? nil : UInt32(try integer(&scanner, in: 0...Int(UInt32.max), at: "layout.currentCard"))
            case "offset":
                try expectObject(&scanner, at: "layout.offset")
                var x = 0.0, y = 0.0
                try scanner.object { scanner, axis in
                    switch axis {
                    case "x": x = try scanner.number()
                    case "y": y = try scanner.number()
                    default: try scanner.skipValue()
                    }
                }
                guard x.isFinite, y.isFinite else { throw wrong("layout.offset") }
                offset = Vec2(x, y)
            case "name": name = try string(&scanner, at: "layout.name")
            case "cameraDistance": cameraDistance = try scanner.number()
            case "layoutFile": file = try string(&scanner, at: "layout.layoutFile")
            case "layoutFileBytes":
                guard let decoded = PathBytes.percentDecoded(try string(&scanner, at: "layout.layoutFileBytes")) else {
                    throw wrong("layout.layoutFileBytes")
                }
                fileBytes = decoded
            case "builtIn": builtIn = try string(&scanner, at: "layout.builtIn")
            case "options":
                try expectObject(&scanner, at: "layout.options")
                try scanner.object { scanner, option in
                    guard options.count < 256 else { throw wrong("layout.options") }
                    if try scanner.peek() == UInt8(ascii: "\"") {
                        switch try scanner.string() {
                        case "inf": options[option] = .infinity
                        case "-inf": options[option] = -.infinity
                        default: throw wrong("layout.options.\(option)")
                        }
                    } else {
                        options[option] = try scanner.number()
                    }
                }
            default: try scanner.skipValue()
            }
        }
        guard let name else { throw missing("layout.name") }
        var saved = SavedLayout(name: name, options: options, file: fileBytes ?? file, builtIn: builtIn)
        saved.cameraDistance = cameraDistance
        saved.offset = offset
        saved.currentCard = currentCard
        saved.sort = sort
        if filter != nil || marks != nil || pickLabel != nil {
            saved.culling = SavedCulling(filter: filter ?? .all, marks: marks ?? [:], pickLabel: pickLabel ?? SavedCulling.defaultPickLabel)
        }
        return saved
    }

    /// The most marks a state keeps (one per picture of the largest deck the viewer shows).
    static let maximumStateMarks = 5_000_000

    /// `{"KEY": {"flag": "rejected", "stars": 3}, …}`: flag `none`, `picked` or `rejected`,
    /// stars 0…5, and where there are any, `labels` and `pickLabels` (the colour labels and
    /// those a pick added, `ColorLabels` bits 0…31); a key must percent-decode (`PathBytes`), or
    /// be `#ID`.
    private static func cullMarks(_ scanner: inout JSONScanner) throws -> [String: CullMark] {
        try expectObject(&scanner, at: "layout.marks")
        var marks: [String: CullMark] = [:]
        try scanner.object { scanner, name in
            let path = "layout.marks.\(name)"
            guard marks.count < maximumStateMarks, PathBytes.percentDecoded(name) != nil else { throw wrong(path) }
            var flag = CullMark.Flag.none, stars = 0, labels = 0, pickLabels = 0
            try fields(&scanner, at: path) { scanner, key in
                switch key {
                case "flag":
                    guard let value = CullMark.Flag(rawValue: try string(&scanner, at: path + ".flag")) else { throw wrong(path + ".flag") }
                    flag = value
                case "stars": stars = try integer(&scanner, in: 0...CullMark.maximumStars, at: path + ".stars")
                case "labels": labels = try integer(&scanner, in: 0...31, at: path + ".labels")
                case "pickLabels": pickLabels = try integer(&scanner, in: 0...31, at: path + ".pickLabels")
                default: return false
                }
                return true
            }
            marks[name] = CullMark(stars: stars, flag: flag, labels: ColorLabels(rawValue: UInt8(labels)),
                                   labelsAddedByPick: ColorLabels(rawValue: UInt8(pickLabels)))
        }
        return marks
    }

    private static func cardList(_ scanner: inout JSONScanner, at path: String) throws -> [DeckCard] {
        guard try scanner.peek() == UInt8(ascii: "[") else { throw wrong(path) }
        var cards: [DeckCard] = []
        try scanner.array { scanner, index in
            cards.append(try card(&scanner, at: { "\(path).\(index)" }))
        }
        return cards
    }

    /// A card; `path` is made only when there is an error to report.
    private static func card(_ scanner: inout JSONScanner, at path: () -> String) throws -> DeckCard {
        guard try scanner.peek() == UInt8(ascii: "{") else { throw wrong(path()) }
        var id: UInt32?, source: CardSource?, title: String?
        try scanner.object { scanner, key in
            switch key {
            case "id": id = UInt32(try integer(&scanner, in: 0...Int(UInt32.max), at: path() + ".id"))
            case "source": source = try self.source(&scanner, at: { path() + ".source" })
            case "title": title = try string(&scanner, at: path() + ".title")
            default: try scanner.skipValue()
            }
        }
        guard let id else { throw missing("id") }
        guard let source else { throw missing("source") }
        guard let title else { throw missing("title") }
        return DeckCard(id: CardID(id), source: source, title: title)
    }

    /// `{"bundled": {"index": n}}`, `{"file": {"name": s}}` or `{"synthetic": {"number": n}}`.
    private static func source(_ scanner: inout JSONScanner, at path: () -> String) throws -> CardSource {
        try expectObject(&scanner, at: path())
        var found: CardSource?, cases = 0
        try scanner.object { scanner, key in
            cases += 1
            switch key {
            case "bundled":
                var index: Int?
                try fields(&scanner, at: path() + ".bundled") { scanner, key in
                    guard key == "index" else { return false }
                    index = try integer(&scanner, at: path() + ".bundled.index")
                    return true
                }
                guard let index else { throw missing("index") }
                found = .bundled(index: index)
            case "file":
                var name: String?, nameBytes: String?
                try fields(&scanner, at: path() + ".file") { scanner, key in
                    switch key {
                    case "name": name = try string(&scanner, at: path() + ".file.name")
                    case "nameBytes":
                        // A name that is not UTF-8, percent-encoded: its bytes win over "name".
                        let encoded = try string(&scanner, at: path() + ".file.nameBytes")
                        guard let decoded = PathBytes.percentDecoded(encoded) else { throw wrong(path() + ".file.nameBytes") }
                        nameBytes = decoded
                    default: return false
                    }
                    return true
                }
                guard let name = nameBytes ?? name else { throw missing("name") }
                found = .file(name: name)
            case "synthetic":
                var number: Int?
                try fields(&scanner, at: path() + ".synthetic") { scanner, key in
                    guard key == "number" else { return false }
                    number = try integer(&scanner, at: path() + ".synthetic.number")
                    return true
                }
                guard let number else { throw missing("number") }
                found = .synthetic(number: number)
            default: throw wrong(path())
            }
        }
        guard cases == 1, let found else { throw wrong(path()) }
        return found
    }

    /// An object whose fields `read` reads when it knows them (returning true); others are skipped.
    private static func fields(_ scanner: inout JSONScanner, at path: @autoclosure () -> String,
                               _ read: (inout JSONScanner, String) throws -> Bool) throws {
        try expectObject(&scanner, at: path())
        try scanner.object { scanner, key in
            if try !read(&scanner, key) { try scanner.skipValue() }
        }
    }

    private static func deletion(_ scanner: inout JSONScanner, at path: String) throws -> Deck.Deletion {
        try expectObject(&scanner, at: path)
        var card: DeckCard?, index: Int?
        try scanner.object { scanner, key in
            switch key {
            case "card": card = try self.card(&scanner, at: { path + ".card" })
            case "index": index = try integer(&scanner, at: path + ".index")
            default: try scanner.skipValue()
            }
        }
        guard let card else { throw missing("card") }
        guard let index else { throw missing("index") }
        return Deck.Deletion(card: card, index: index)
    }

    // MARK: Typed values with their paths

    private static func integer(_ scanner: inout JSONScanner, at path: @autoclosure () -> String) throws -> Int {
        try integer(&scanner, in: Int.min...Int.max, at: path())
    }

    private static func integer(_ scanner: inout JSONScanner, in range: ClosedRange<Int>,
                                at path: @autoclosure () -> String) throws -> Int {
        guard let next = try scanner.peek(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else {
            throw wrong(path())
        }
        do {
            return try scanner.integer(in: range)
        } catch let error as JSONSyntaxError where error.isNumberOutOfRange {
            throw error  // 1e999, 2⁶⁴: named by its line and column
        } catch {
            throw wrong(path())
        }
    }

    private static func string(_ scanner: inout JSONScanner, at path: @autoclosure () -> String) throws -> String {
        guard try scanner.peek() == UInt8(ascii: "\"") else { throw wrong(path()) }
        return try scanner.string()
    }

    private static func expectObject(_ scanner: inout JSONScanner, at path: @autoclosure () -> String) throws {
        let next = try scanner.peek()
        guard next == UInt8(ascii: "{") else {
            let path = path()
            if next == nil || path.isEmpty && next != UInt8(ascii: "[") && next != UInt8(ascii: "\"") { throw scanner.unexpected() }
            throw wrong(path.isEmpty ? "the top level" : path)
        }
    }

    private static func missing(_ field: String) -> DeckStateSyntaxError {
        DeckStateSyntaxError(description: "missing field '\(field)'")
    }

    private static func wrong(_ path: String) -> DeckStateSyntaxError {
        DeckStateSyntaxError(description: "wrong value at '\(path)'")
    }
}
