import CardJSON

/// The values of a layout file: names, numbers, flags and expressions, each read where its
/// value starts and refused with its place.
extension LayoutFileParser {
    /// Layout names are what the registry takes: letters, digits and `-`.
    mutating func layoutName(at offset: Int) throws -> String {
        let name = try string(at: offset, what: "name")
        guard !name.isEmpty, name.count <= LayoutFileLimits.maximumNameLength,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw fail("'\(name)' is not a layout name: 1 to \(LayoutFileLimits.maximumNameLength) letters, digits and -", at: offset)
        }
        return name
    }

    mutating func string(at offset: Int, what: String) throws -> String {
        scanner.seek(to: offset)
        guard try scanner.peek() == UInt8(ascii: "\"") else { throw fail("\(what) must be a string", at: offset) }
        return try scanner.string()
    }

    mutating func boolean(at offset: Int, what: String) throws -> Bool {
        scanner.seek(to: offset)
        guard let byte = try scanner.peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else {
            throw fail("\(what) must be true or false", at: offset)
        }
        return try scanner.boolean()
    }

    mutating func number(at offset: Int, what: String, in range: ClosedRange<Double>) throws -> Double {
        scanner.seek(to: offset)
        guard let byte = try scanner.peek(), byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
            throw fail("\(what) must be a number", at: offset)
        }
        let value = try scanner.number()
        guard range.contains(value) else {
            throw fail("\(what) must lie in \(range.lowerBound)…\(range.upperBound), got \(value)", at: offset)
        }
        return value
    }

    /// A JSON number, or a string holding an expression over the names in `allowed` (and `pi`);
    /// with `booleans`, also `true` / `false` (1 / 0: a flag option's default, `hidden`). A
    /// boolean where a number is meant is an error at its place, not a silent 1.
    mutating func expression(at offset: Int, allowing allowed: Set<String>, booleans: Bool = false) throws -> SourceExpression {
        scanner.seek(to: offset)
        let position = scanner.position(of: offset)
        switch try scanner.peek() {
        case UInt8(ascii: "\""):
            let text = try scanner.string()
            let raw = scanner.rawBytes(from: offset)
            // Without escapes, byte k of the text is byte offset + 1 + k of the file.
            let escaped = raw.contains(UInt8(ascii: "\\"))
            do {
                let tree = try ExpressionParser.parse(text, scope: scope.restricted(to: allowed))
                return SourceExpression(tree, text: text, position: position)
            } catch {
                throw fail(error.message, at: escaped ? offset : offset + 1 + error.offset)
            }
        case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
            let value = try scanner.number()
            let text = String(decoding: scanner.rawBytes(from: offset), as: UTF8.self)
            return SourceExpression(.number(value), text: text, position: position)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            guard booleans else { throw fail("expected a number or an expression in a string, not true or false", at: offset) }
            let value = try scanner.boolean()
            return SourceExpression(.number(value ? 1 : 0), text: value ? "true" : "false", position: position)
        default:
            throw fail("expected a number or an expression in a string", at: offset)
        }
    }

    /// An array of exactly `count` expressions.
    mutating func expressionList(at offset: Int, count: Int, what: String, allowing allowed: Set<String>) throws -> [SourceExpression] {
        scanner.seek(to: offset)
        guard try scanner.peek() == UInt8(ascii: "[") else { throw fail("\(what) must be an array of \(count) values", at: offset) }
        var starts: [Int] = []
        var local = scanner
        try local.array { scanner, index in
            starts.append(try scanner.valueStart())
            guard index < count else { throw self.fail("\(what) takes \(count) values", at: starts[index]) }
            try scanner.skipValue()
        }
        guard starts.count == count else { throw fail("\(what) takes \(count) values, got \(starts.count)", at: offset) }
        return try starts.map { start throws -> SourceExpression in try expression(at: start, allowing: allowed) }
    }

    /// `{"height": EXPRESSION}`: the slot's size across the scroll axis.
    mutating func readSlot(at offset: Int) throws -> SourceExpression? {
        var height: SourceExpression?
        for (key, start) in try fields(at: offset, what: "slot") {
            guard key.name == "height" else { throw fail("unknown key '\(key.name)' in slot; known keys: height", at: key.offset) }
            height = try expression(at: start, allowing: LayoutFileScope.slotHeightVariables)
        }
        return height
    }

    /// The keys of the object at `offset` with where each key and value starts, in order.
    mutating func fields(at offset: Int, what: String) throws -> [(key: (name: String, offset: Int), value: Int)] {
        scanner.seek(to: offset)
        guard try scanner.peek() == UInt8(ascii: "{") else { throw fail("\(what) must be an object", at: offset) }
        var out: [(key: (name: String, offset: Int), value: Int)] = []
        var local = scanner
        var keyOffset = offset + 1
        try local.object { scanner, key in
            let value = try scanner.valueStart()
            if out.contains(where: { $0.key.name == key }) { throw self.fail("'\(key)' is given twice", at: value) }
            out.append(((key, keyOffset), value))
            try scanner.skipValue()
            keyOffset = scanner.offset
        }
        // The key's own place: the first non-space byte after the previous value (or brace).
        return out.map { entry in
            var at = entry.key.offset
            let raw = local.rawBytes(from: 0)
            while at < raw.count, raw[at] != UInt8(ascii: "\"") { at += 1 }
            return ((entry.key.name, at), entry.value)
        }
    }
}
