/// Small repairs and explanations around the argument parser, so bad input gets one helpful line.
enum CommandLineInput {
    /// The arguments with `--option -5` (a negative number as an option's value) written as
    /// `--option=-5`: the parser would otherwise read `-5` as an unknown short flag and report
    /// the value as missing. Offsets are legitimately negative (`--offset -120`).
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument.hasPrefix("--"), !argument.contains("="), argument.count > 2, !ExportCommand.valuelessFlags.contains(argument),
               i + 1 < arguments.count, looksLikeNegativeNumber(arguments[i + 1]) {
                out.append("\(argument)=\(arguments[i + 1])")
                i += 2
            } else {
                out.append(argument)
                i += 1
            }
        }
        return out
    }

    /// What a valid value looks like, by option name: appended to "the value is invalid" errors.
    static let expectedValues: [String: String] = [
        "--cards": "expected a whole number of cards ≥ 0, e.g. 30",
        "--offset": "expected Y or X,Y in finite points, e.g. 120 or 1500,0",
        "--sweep": "expected card counts separated by commas, e.g. 1000,10000,100000",
        "--max-file-size": "expected a size of at least 1 byte: a whole number, or with a unit, e.g. 64MB or 1GiB",
        "--max-picture-memory": "expected a size of at least 1 byte: a whole number, or with a unit, e.g. 192MB or 1GiB",
        "--max-pixels": "expected a pixel count of at least 1: a whole number, with a unit, or WxH, e.g. 268MP or 16384x16384",
    ]

    /// `line` with the expected form of the option it complains about, when it is an
    /// "invalid value" error for an option listed in `expectedValues`, or for `--size` why
    /// its value is refused (`ViewportSize.parse`: the form, or the limit it passes).
    static func explained(_ line: String) -> String {
        guard line.contains("is invalid for '--"), !line.contains("Please provide one of"),
              let start = line.range(of: "for '--") else { return line }
        let name = "--" + line[start.upperBound...].prefix { $0.isLetter || $0 == "-" }
        if name == "--size", let value = quotedValue(line), case .failure(let refusal) = ViewportSize.parse(value) {
            return line + ": " + refusal.description
        }
        guard let expected = expectedValues[name] else { return line }
        return line + ": " + expected
    }

    /// The value in ArgumentParser's "The value 'V' is invalid for '--name <name>'".
    private static func quotedValue(_ line: String) -> String? {
        guard let open = line.range(of: "value '"), let close = line.range(of: "' is invalid for '--") else { return nil }
        guard open.upperBound <= close.lowerBound else { return nil }
        return String(line[open.upperBound..<close.lowerBound])
    }

    private static func looksLikeNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), let second = text.dropFirst().first else { return false }
        return second.isNumber || second == "."
    }
}
