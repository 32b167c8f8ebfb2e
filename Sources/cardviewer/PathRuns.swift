import CardFiles

/// Long runs of PATHs kept away from the argument parser (SPEC §11, "Scale of the command line").
///
/// swift-argument-parser takes quadratic time over the values of a repeating positional
/// argument (each value appended copies the set of input positions gathered so far, and each
/// one consumed is removed from the middle of its input array): 10,000 PATHs took 4 s, 20,000
/// took 16 s. So before parsing, each run of more than `shortestCollapsed` consecutive values
/// (arguments not starting with "-") keeps its first value — an option's value, a subcommand's
/// name or a PATH, as the parser decides — and the rest become one placeholder naming their
/// positions; the parser sees a handful of arguments, and `expanded(_:in:)` puts the PATHs back.
/// Every option of `cardviewer` takes at most one value, so the second value of a run onwards
/// is always positional. Linear in the arguments.
enum PathRuns {
    /// Runs of at most this many values are given to the parser as they are (ordinary command
    /// lines, whose error messages stay the parser's own).
    static let shortestCollapsed = 16

    /// The placeholder's first character: NUL never occurs in an argument from `argv`.
    private static let marker = "\u{0}paths "

    /// The arguments (`main`'s, from `argv` as bytes, with `--option -5` joined), once.
    static let arguments: [String] = CommandLineInput.joiningNegativeValues(PathBytes.commandLineArguments())

    /// `arguments` with each run of more than `shortestCollapsed` values after its first value
    /// replaced by one placeholder (`"\0paths START END\0"`, positions in `arguments`). After `--`
    /// every argument is a value.
    static func collapsed(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0, terminated = false
        while index < arguments.count {
            guard terminated || isValue(arguments[index]) else {
                terminated = arguments[index] == "--"
                out.append(arguments[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < arguments.count, terminated || isValue(arguments[end]) { end += 1 }
            out.append(arguments[index])
            if end - index > shortestCollapsed {
                out.append("\(marker)\(index + 1) \(end)\u{0}")
            } else {
                out += arguments[(index + 1)..<end]
            }
            index = end
        }
        return out
    }

    /// `values` (a parsed PATH list) with each placeholder replaced by the arguments it stands for.
    static func expanded(_ values: [String], in arguments: [String] = arguments) -> [String] {
        guard values.contains(where: { $0.hasPrefix(marker) }) else { return values }
        var out: [String] = []
        out.reserveCapacity(values.count)
        for value in values {
            if let range = range(of: value, in: arguments) { out += arguments[range] } else { out.append(value) }
        }
        return out
    }

    /// `message` (the parser's error) with each placeholder written as the arguments it stands
    /// for, separated by spaces: what the parser would have quoted.
    static func restored(_ message: String, in arguments: [String] = arguments) -> String {
        guard message.contains(marker) else { return message }
        var text = message
        for token in collapsed(arguments) where token.hasPrefix(marker) {
            guard let range = range(of: token, in: arguments) else { continue }
            text = text.replacing(token, with: arguments[range].joined(separator: " "))
        }
        return text
    }

    /// The positions a placeholder stands for, or nil when `value` is not one (or not of these arguments).
    private static func range(of value: String, in arguments: [String]) -> Range<Int>? {
        guard value.hasPrefix(marker) else { return nil }
        guard value.hasSuffix("\u{0}") else { return nil }
        let bounds = value.dropFirst(marker.count).dropLast().split(separator: " ").compactMap { Int($0) }
        guard bounds.count == 2, 0 <= bounds[0], bounds[0] <= bounds[1], bounds[1] <= arguments.count else { return nil }
        return bounds[0]..<bounds[1]
    }

    /// Whether the parser reads `argument` as a value (not an option, not the terminator).
    private static func isValue(_ argument: String) -> Bool {
        !argument.hasPrefix("-") || argument == "-"
    }
}
