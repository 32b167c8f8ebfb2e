import CardJSON

/// `base` and `options`: the layout a file starts from, and the options it declares or
/// overrides.
extension LayoutFileParser {
    /// Names an option may not take: the variables, the functions, `pi`, and `itemWidth`
    /// (the option every layout has, set by the top-level key).
    static var reservedNames: Set<String> {
        Set(LayoutFileScope.variables).union(ExpressionFunction.allCases.map(\.rawValue)).union(["pi", "inf", "itemWidth"])
    }

    mutating func readBase(at offset: Int, into definition: inout LayoutFileDefinition) throws {
        let name = try string(at: offset, what: "base")
        guard isBaseKnown(name) != nil else {
            throw fail("unknown base layout '\(name)'; cardviewer layouts lists them", at: offset)
        }
        definition.base = name
    }

    /// Each option: `NAME: default` (a number, an expression, or true/false for a flag) or
    /// `NAME: {"default": …, "min": …, "max": …, "help": "…"}`. Options of the base are given
    /// numbers (they are the base's own, made once); the others become registers in order.
    mutating func readOptions(at offset: Int, into definition: inout LayoutFileDefinition) throws {
        let baseOptions = definition.base.flatMap(isBaseKnown) ?? []
        let entries = try fields(at: offset, what: "options")
        guard entries.count <= LayoutFileLimits.maximumOptions else {
            throw fail("more than \(LayoutFileLimits.maximumOptions) options", at: offset)
        }
        for (key, value) in entries {
            let name = key.name
            if let baseOption = baseOptions.first(where: { $0.name == name }) {
                let at = try plainDefault(at: value)
                let what = "\(name) (an option of \(definition.base ?? ""))"
                let given = try number(at: at, what: what, in: baseOption.range)
                guard !baseOption.isWhole || given.rounded() == given else {
                    throw fail("\(what) must be a whole number, got \(given)", at: at)
                }
                definition.baseOptionValues[name] = given
                continue
            }
            guard Self.isIdentifier(name), !Self.reservedNames.contains(name), name.count <= LayoutFileLimits.maximumNameLength else {
                throw fail("'\(name)' cannot name an option: use letters, digits and _ (not a digit first), not \(Self.reservedNames.sorted().joined(separator: ", "))", at: key.offset)
            }
            var range = -Double.infinity...Double.infinity
            var help = "an option of \(file)"
            var defaultAt = value
            scanner.seek(to: value)
            if try scanner.peek() == UInt8(ascii: "{") {
                var minimum = -Double.infinity, maximum = Double.infinity
                var found: Int?
                for (field, at) in try fields(at: value, what: "option \(name)") {
                    switch field.name {
                    case "default": found = at
                    case "min": minimum = try number(at: at, what: "min", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
                    case "max": maximum = try number(at: at, what: "max", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
                    case "help": help = try string(at: at, what: "help")
                    default: throw fail("unknown key '\(field.name)' in option \(name); known keys: default, min, max, help", at: field.offset)
                    }
                }
                guard let found else { throw fail("option \(name) needs a \"default\"", at: value) }
                guard minimum <= maximum else { throw fail("option \(name): min is larger than max", at: value) }
                defaultAt = found
                range = minimum...maximum
            }
            scanner.seek(to: defaultAt)
            let byte = try scanner.peek()
            let isFlag = byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f")
            if isFlag { range = 0...1 }
            let allowed = Set(["n", "w", "h", "W", "H"]).union(optionNames)
            let defaultValue = try expression(at: defaultAt, allowing: allowed, booleans: isFlag)
            // A number written as the default must lie in the option's own range (it would be
            // clamped silently, one value shown and another used); a computed one is clamped.
            let tree = defaultValue.expression
            if !isFlag, tree.slotsRead.isEmpty, case let constant = tree.evaluate([]), !range.contains(constant) {
                throw fail("option \(name): the default \(constant) lies outside its range \(range.lowerBound)…\(range.upperBound)", at: defaultAt)
            }
            definition.options.append(FileOptionDeclaration(name: name, defaultValue: defaultValue, range: range, isFlag: isFlag, help: help))
            scope.add(name)
        }
    }

    /// Where a base option's number is: the value itself, or its object's `default`.
    private mutating func plainDefault(at value: Int) throws -> Int {
        scanner.seek(to: value)
        guard try scanner.peek() == UInt8(ascii: "{") else { return value }
        for (field, at) in try fields(at: value, what: "option") where field.name == "default" { return at }
        throw fail("a base option needs a \"default\"", at: value)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
