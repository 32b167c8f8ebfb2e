import CardLayoutFiles
import Foundation

/// Parses and evaluates expressions over the file layouts' variables, for the tests.
enum Evaluate {
    static let scope = ExpressionScope(LayoutFileScope.variables + ["tilt", "spacing"])

    /// The registers: o = 0.5, i = 3, n = 10, s = 2.5, w = 400, h = 250, W = 1280, H = 800,
    /// v = 0, tilt = 0.9, spacing = 0.25.
    static let registers: [Double] = [0.5, 3, 10, 2.5, 400, 250, 1280, 800, 0, 0.9, 0.25]

    /// The compiled program's value of `text`.
    static func value(_ text: String, registers: [Double] = registers) throws -> Double {
        ExpressionProgram.evaluate(try ExpressionParser.parse(text, scope: scope), registers: registers)
    }

    /// The error `text` gives (nil when it parses).
    static func error(_ text: String) -> ExpressionError? {
        do {
            _ = try ExpressionParser.parse(text, scope: scope)
            return nil
        } catch {
            return error
        }
    }
}

/// A layout file's bytes from a string.
func layoutFile(_ text: String, file: String = "test.json") throws(LayoutFileError) -> LayoutFile {
    try LayoutFile(bytes: Array(text.utf8), file: file, warn: { _ in })
}

/// The error a layout file's text gives, as printed.
func layoutFileError(_ text: String, file: String = "test.json") -> String? {
    do {
        _ = try layoutFile(text, file: file)
        return nil
    } catch {
        return error.description
    }
}
