import CardJSON

/// Reads a layout file's bytes (SPEC §9) into a `LayoutFileDefinition`: every key checked, every
/// expression parsed against the names it may use, every error `FILE:LINE:COLUMN: message`.
///
/// The keys may come in any order; the parser notes where each value starts, then reads them in
/// the order their scopes need (the options before the expressions that use them).
public struct LayoutFileParser {
    /// Every key a layout file may have.
    public static let keys = ["$schema", "name", "summary", "base", "options", "itemWidth", "slot", "transform",
                              "hidden", "alpha", "visible", "backfaces", "wrap", "snap", "vertical",
                              "offsetMultiplier", "zIndex", "depthBias"]
    /// The values `offsetMultiplier` takes: the built-in carousels' range (`CarouselOptions`).
    public static let offsetMultiplierRange = 0.01...10.0
    /// The transform steps.
    public static let stepKeys = ["translate", "rotateX", "rotateY", "rotateZ", "rotate", "scale"]

    let file: String
    var scanner: JSONScanner
    let isBaseKnown: (String) -> [LayoutOptionSummary]?
    /// Every register: the variables, then the options as they are declared.
    var scope = ExpressionScope(LayoutFileScope.variables)

    /// A base layout's option as the parser needs it: name and range.
    public struct LayoutOptionSummary: Sendable {
        public var name: String
        public var range: ClosedRange<Double>
        /// True for a whole-number option (a count: `count`, `visibleItems`).
        public var isWhole: Bool
        public init(name: String, range: ClosedRange<Double>, isWhole: Bool = false) {
            self.name = name
            self.range = range
            self.isWhole = isWhole
        }
    }

    /// Parses `bytes` (the file named `file` in messages); `baseOptions` gives a registered
    /// layout's options by name, `nil` for a name that is not a layout.
    public static func parse(_ bytes: [UInt8], file: String,
                             baseOptions: @escaping (String) -> [LayoutOptionSummary]?) throws(LayoutFileError) -> LayoutFileDefinition {
        guard bytes.count <= LayoutFileLimits.maximumFileSize else {
            throw LayoutFileError(file: file, position: TextPosition(line: 1, column: 1),
                                  message: "layout file larger than \(LayoutFileLimits.maximumFileSize) bytes")
        }
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                var parser = LayoutFileParser(file: file, scanner: JSONScanner(buffer), isBaseKnown: baseOptions)
                return try parser.definition()
            }
        } catch let error as LayoutFileError {
            throw error
        } catch let error as JSONSyntaxError {
            throw LayoutFileError(file: file, position: error.position ?? TextPosition(line: 1, column: 1),
                                  message: "not valid JSON: \(error.reason)")
        } catch {
            throw LayoutFileError(file: file, position: TextPosition(line: 1, column: 1), message: "\(error)")
        }
    }

    func fail(_ message: String, at offset: Int) -> LayoutFileError {
        LayoutFileError(file: file, position: scanner.position(of: offset), message: message)
    }

    /// The top level: where each key's value starts, then each read in dependency order.
    mutating func definition() throws -> LayoutFileDefinition {
        let start = try scanner.valueStart()
        guard try scanner.peek() == UInt8(ascii: "{") else { throw fail("a layout file is one JSON object", at: start) }
        var places: [String: (key: Int, value: Int)] = [:]
        for (key, value) in try fields(at: start, what: "a layout file") {
            guard Self.keys.contains(key.name) else {
                throw fail("unknown key '\(key.name)'; known keys: \(Self.keys.joined(separator: ", "))", at: key.offset)
            }
            places[key.name] = (key.offset, value)
        }
        scanner.seek(to: start)
        try scanner.skipValue()
        try scanner.end()
        guard let namePlace = places["name"] else { throw fail("missing key 'name' (the layout's name: letters, digits and -)", at: start) }
        var definition = LayoutFileDefinition(file: file, name: try layoutName(at: namePlace.value), summary: "")
        definition.namePosition = scanner.position(of: namePlace.value)
        definition.summary = try places["summary"].map { try string(at: $0.value, what: "summary") } ?? "layout file \(file)"
        if let place = places["base"] { try readBase(at: place.value, into: &definition) }
        if let place = places["options"] { try readOptions(at: place.value, into: &definition) }
        let frame = LayoutFileScope.frameVariables
        if let place = places["itemWidth"] {
            definition.itemWidth = try expression(at: place.value, allowing: LayoutFileScope.itemWidthVariables)
        }
        if let place = places["slot"] { definition.slotHeight = try readSlot(at: place.value) }
        if let place = places["visible"] {
            let pair = try expressionList(at: place.value, count: 2, what: "visible", allowing: frame.union(optionNames))
            definition.visible = (pair[0], pair[1])
        }
        let card = Set(LayoutFileScope.variables).union(optionNames)
        if let place = places["transform"] { definition.steps = try readSteps(at: place.value, allowing: card) }
        if let place = places["hidden"] { definition.hidden = try expression(at: place.value, allowing: card, booleans: true) }
        if let place = places["alpha"] { definition.alpha = try expression(at: place.value, allowing: card) }
        if let place = places["zIndex"] { definition.zIndex = try expression(at: place.value, allowing: card) }
        if let place = places["depthBias"] { definition.depthBias = try expression(at: place.value, allowing: card) }
        if let place = places["backfaces"] { definition.backfaces = try boolean(at: place.value, what: "backfaces") }
        if let place = places["wrap"] { definition.wraps = try boolean(at: place.value, what: "wrap") }
        if let place = places["vertical"] { definition.vertical = try boolean(at: place.value, what: "vertical") }
        if let place = places["snap"] {
            definition.snap = try number(at: place.value, what: "snap (cards: 1 snaps to whole cards, 0 not at all)", in: 0...1_000_000)
        }
        if let place = places["offsetMultiplier"] {
            // The carousels' range (`CarouselOptions`): drags move `s` by Δ·offsetMultiplier/w,
            // and a drag replayed (`FlingScript`) is the offset divided by it, so 0 would be a
            // layout no drag scrolls and a division by zero; a negative one drags backwards.
            definition.offsetMultiplier = try number(
                at: place.value, what: "offsetMultiplier (slots a drag of one slot length moves; 0 would stop drags scrolling)",
                in: Self.offsetMultiplierRange)
        }
        return definition
    }

    /// The names of the options declared so far.
    var optionNames: Set<String> { Set(scope.names.dropFirst(LayoutFileScope.variables.count)) }
}
